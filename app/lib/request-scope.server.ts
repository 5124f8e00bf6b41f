// The request being handled, for any code that runs on its behalf (a loader, a helper it calls,
// the logger) without being handed it. The HTTP server runs each request inside its scope (its
// first step, server/steps/request-log.ts), and Node's AsyncLocalStorage carries the scope through
// every await and callback started from there. It holds:
//   - log: the fields every log line written for the request carries (app/lib/logger.server.ts);
//   - degraded: whether a read failed and was shown as an empty state (app/lib/load-status.server.ts),
//     which the page cache reads where it stores a page.
// The server (run by Node) and the app (bundled by Vite into the server build, or loaded by Vite in
// development) each load their own copy of this module: the storage is process-wide (`remember`),
// so both see the same scope.
import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "@epic-web/remember";

/** What every line logged for a request carries: its id, and what the app learns on the way (the admin's user id). */
export type LogFields = { requestId: string } & Record<string, unknown>;

interface RequestScope {
  log: LogFields;
  degraded: boolean;
}

const storage = remember("request-scope", () => new AsyncLocalStorage<RequestScope>());

/** Runs `fn` (and everything it starts) as one request, with a scope of its own. */
export function withRequestScope<T>(log: LogFields, fn: () => T): T {
  return storage.run({ log, degraded: false }, fn);
}

/** The scope of the request being handled; undefined outside one (a script, a test calling a loader). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}
