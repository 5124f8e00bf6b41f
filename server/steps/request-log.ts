// The first step: the request's id (X-Request-Id, and on every log line written while it is
// handled), its access line once answered, the page view counted for the insights, a 500 page for
// what nothing after it caught, and after every response the unread rest of the request body
// drained or the connection closed (server/request-body.ts).
import { errorFields, log, logRequest } from "../../app/lib/logger.server.ts";
import { withRequestScope } from "../../app/lib/request-scope.server.ts";
import { pathForLog, type Step } from "../exchange.ts";
import { drainAfterResponse } from "../request-body.ts";
import { sendServerError } from "../responses.ts";

export function requestLog({ errorHeaders }: { errorHeaders: Record<string, string> }): Step {
  return async (x, next) => {
    const started = performance.now();
    x.res.setHeader("X-Request-Id", x.requestId);
    drainAfterResponse(x.req, x.res);
    x.res.once("close", () => {
      logRequest(x.logScope, {
        method: x.method,
        path: pathForLog(x),
        status: x.res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(x.cacheStatus ? { cache: x.cacheStatus } : {}),
        ...(x.res.writableFinished ? {} : { aborted: true }),
      });
      // Privacy-first insights: a page view, counted in memory once the answer is sent (app/lib/analytics/);
      // a count is never worth an error (in development the app may be reloading).
      void Promise.resolve()
        .then(() => x.app.countPageView(x.req, x.res))
        .catch(() => {});
    });
    try {
      // Everything after this step runs in the request's scope (app/lib/request-scope.server.ts):
      // every line logged while it is handled (by the server or the app) carries its id, and a
      // failed read marks the page the cache then keeps from storing.
      await withRequestScope(x.logScope, next);
    } catch (error) {
      log("error", "request failed", { requestId: x.requestId, method: x.method, path: pathForLog(x), ...errorFields(error) });
      if (x.res.headersSent) {
        x.res.destroy();
        return;
      }
      sendServerError(x.res, errorHeaders);
    }
  };
}
