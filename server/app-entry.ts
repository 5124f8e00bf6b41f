// The app as the HTTP server (server/app.ts, server/index.ts) sees it: React Router's server build
// and the few app modules the server works with (the contexts it fills for each request, what its
// page cache depends on, the database it closes on shutdown). Vite bundles
// this file as the server build (build/server/index.js) and loads it from the sources in
// development, so the server reaches the very module instances the routes use.
import * as build from "virtual:react-router/server-build";
import { db } from "~/lib/db.server";

export { build };
export { cspNonceContext, requestInfoContext } from "~/lib/request-info.server";
// The admin area, as the server's policy recognises it: the routes whose middleware runs the guard
// (server/route-match.ts), so admin uploads may stream past the public body limit.
export { adminGuard } from "~/lib/admin/guard.server";
// The page cache (server/page-cache/): the version its pages belong to (moved by every content
// write and by a scheduled post falling due), and which visitors get the page everyone gets.
export { pageCacheVersion, watchContentVersion } from "~/lib/content-version.server";
export { sharedPageCookies } from "~/lib/shared-page.server";
// Expired rate-limit windows, sessions and chat conversations are swept in the background (an
// unref'd timer, never inside a request), started once by the server process.
export { startHousekeeping } from "~/lib/housekeeping.server";
// Insights: page views counted in memory after each answer, added to the database every few
// seconds and once more on shutdown.
export { countPageView, flushAnalytics } from "~/lib/analytics/counter.server";

/** Called by the HTTP server on shutdown, once in-flight requests are done. */
export async function disconnectDatabase(): Promise<void> {
  await db.$disconnect();
}
