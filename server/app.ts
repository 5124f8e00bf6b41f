// The HTTP server's request handling, in production and in `npm run dev` alike. The policy every
// request goes through is one list of named steps, in order (BACKBONE below), each its own module
// under server/steps/. Each reads the path once normalized (app/lib/request-path.ts) or the route
// the request will reach (server/route-match.ts), never the raw URL's text:
//   1. requestLog: a request id, one access line per request, a 500 page for what nothing else
//      caught, and the unread rest of a request body drained after the answer;
//   2. withSecurityHeaders: the security headers on every response;
//   3. staticFiles: hashed assets (precompressed, immutable) and public/ (Vite serves them in development);
//   4. refuseCrossSite: CSRF, a cross-site write is refused with 403 before the app runs;
//   5. bodyLimit: request bodies read here up to a size limit (413 past it), except uploads to the
//      admin area's routes, which stream to the app with their own limits;
//   6. pageCacheAndApp: public pages that look the same for everyone answered from memory, and
//      the React Router app for everything else, compressed as it streams.
// The admin area's own policy (no-store, the guard) is the admin routes' middleware
// (app/lib/admin/guard.server.ts), run for the route the router matched, so it holds for any
// spelling of their path.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "react-router";
import { errorFields, log } from "../app/lib/logger.server.ts";
import { runSteps, type AppModule, type Exchange, type Step } from "./exchange.ts";
import { EdgePurger } from "./edge-purge.ts";
import { PageCache } from "./page-cache/index.ts";
import { policyPath } from "../app/lib/request-path.ts";
import { sendServerError } from "./responses.ts";
import { securityHeaders, type SecurityOptions } from "./security-headers.ts";
import { bodyLimit } from "./steps/body-limit.ts";
import { refuseCrossSite } from "./steps/cross-site.ts";
import { pageCacheAndApp } from "./steps/page-cache.ts";
import { requestLog } from "./steps/request-log.ts";
import { withSecurityHeaders } from "./steps/security-headers.ts";
import { staticFiles } from "./steps/static-files.ts";

export type { AppModule };

export interface ServerOptions {
  /**
   * The app: the built bundle, or (development) a function that loads it from the sources for each
   * request, so an edit shows on the next request; the page cache is emptied whenever that
   * function returns another module (the sources changed).
   */
  app: AppModule | (() => Promise<AppModule>);
  /** The build whose client files are served (hashed assets, public/); null when Vite serves them. */
  buildDir: string | null;
  mode: string;
  siteUrl: string | undefined;
  mediaOrigins: string[];
  /** How many reverse proxies sit in front of the server (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustedProxies?: number;
  /** How long a read of the content version may be reused (PAGE_CACHE_CHECK_MS) when no change was announced; 0 reads per request. */
  versionCheckMs?: number;
  /** The shared cache's purge endpoints (EDGE_PURGE_URL): every content change is purged there. */
  edgePurgeUrls?: string[];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function createServerHandler(options: ServerOptions): { handle: Handler; cache: PageCache; edge: EdgePurger | null } {
  const fixedApp = typeof options.app === "function" ? null : options.app;
  const loadApp = typeof options.app === "function" ? options.app : async () => fixedApp!;
  // A fixed build is handed over as itself: given a function, React Router derives its route
  // table again (createStaticHandler, every path compiled and ranked) for every request.
  const handleRequest = createRequestHandler(fixedApp ? fixedApp.build : async () => (await loadApp()).build, options.mode);
  const security: SecurityOptions = {
    mediaOrigins: options.mediaOrigins,
    production: options.mode === "production",
    viteStyles: options.buildDir === null,
  };
  const staticHeaders = securityHeaders(null, security);
  const cache = new PageCache({ readVersion: async () => (await loadApp()).pageCacheVersion(), checkEveryMs: options.versionCheckMs });
  // With a shared cache in front, every change is purged there too (server/edge-purge.ts).
  const edge = options.edgePurgeUrls?.length ? new EdgePurger({ urls: options.edgePurgeUrls, followUpMs: (options.versionCheckMs ?? 0) + 250 }) : null;
  // A write here or on another instance (PostgreSQL NOTIFY), or a scheduled post falling due,
  // makes the next request re-read the version.
  void loadApp().then((app) =>
    app.watchContentVersion(() => {
      cache.expireVersion();
      edge?.contentChanged();
    }),
  );

  /** The server's policy, in the order every request meets it (see the top of this file). */
  const BACKBONE: Step[] = [
    requestLog({ errorHeaders: staticHeaders }),
    withSecurityHeaders(staticHeaders),
    staticFiles(options.buildDir),
    refuseCrossSite(options.siteUrl),
    bodyLimit(),
    pageCacheAndApp({ cache, handleRequest, security, trustedProxies: options.trustedProxies ?? 0, fixedApp, edge }),
  ];

  const handle: Handler = (req, res) => {
    const url = req.url ?? "/";
    loadApp().then(
      (app) => {
        const requestId = randomUUID();
        const method = req.method ?? "GET";
        const exchange: Exchange = { req, res, requestId, logScope: { requestId }, method, url, path: policyPath(url), app, nonce: "", body: null };
        return runSteps(BACKBONE, exchange);
      },
      (error: unknown) => {
        // Development only: the app's sources do not load (a syntax error); the terminal says why.
        log("error", "app did not load", { method: req.method, path: url.split("?", 1)[0], ...errorFields(error) });
        sendServerError(res, staticHeaders);
      },
    );
  };

  return { handle, cache, edge };
}
