// CSRF: a cross-site write is refused with 403 before the app runs (server/csrf.ts says how).
import { log } from "../../app/lib/logger.server.ts";
import { crossSiteRefusal } from "../csrf.ts";
import { pathForLog, type Step } from "../exchange.ts";

export function refuseCrossSite(siteUrl: string | undefined): Step {
  return (x, next) => {
    const refusal = crossSiteRefusal(x.method, x.req.headers, siteUrl);
    if (!refusal) return next();
    log("warn", "cross-site request refused", { method: x.method, path: pathForLog(x), reason: refusal });
    x.res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    x.res.end("Requisição recusada: origem não permitida.");
  };
}
