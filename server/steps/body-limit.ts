// Request bodies are read here up to a size limit (413 past it) before the app runs, except
// uploads to the admin area's routes (found by the route the router will match), which stream to
// the app with their own limits.
import { log } from "../../app/lib/logger.server.ts";
import { pathForLog, type Step } from "../exchange.ts";
import { BODY_TOO_LARGE, BodyTooLarge, bodyTooLargePage, PUBLIC_BODY_LIMIT, readBody, streamsToApp, wantsJson } from "../request-body.ts";
import { matchedRoutes } from "../route-match.ts";

export function bodyLimit(): Step {
  return async (x, next) => {
    const reads = x.method !== "GET" && x.method !== "HEAD";
    if (reads && !streamsToApp(x.method, matchedRoutes(x.app.build, x.url).runs(x.app.adminGuard), x.req.headers)) {
      try {
        x.body = await readBody(x.req, PUBLIC_BODY_LIMIT);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        log("warn", "request body too large", { method: x.method, path: pathForLog(x) });
        const json = wantsJson(x.req);
        x.res.writeHead(413, { "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8", "Cache-Control": "no-store" });
        x.res.end(json ? JSON.stringify({ error: BODY_TOO_LARGE }) : bodyTooLargePage());
        return;
      }
    }
    return next();
  };
}
