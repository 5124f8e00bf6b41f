// Whether a page was built from a degraded load: a read that failed and is shown to the visitor
// as an empty state (no posts, no logo strip) instead of an error. The code that catches the
// failure calls markDegraded(), with nothing to pass along: the mark goes on the request being
// handled (app/lib/request-scope.server.ts). The page cache reads it where it stores a page
// (server/steps/page-cache.ts) and neither stores such a page nor lets anyone share it
// (Cache-Control: no-store), so a database blip is not frozen into the cache.
import { currentRequestScope } from "./request-scope.server.ts";

/** Marks the request's page as built from a failed read; nothing to mark outside a request. */
export function markDegraded(): void {
  const scope = currentRequestScope();
  if (scope) scope.degraded = true;
}

/** Whether a read of the request being handled failed and was shown as an empty state. */
export function isDegraded(): boolean {
  return currentRequestScope()?.degraded ?? false;
}
