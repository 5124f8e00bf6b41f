// The build's client files: hashed assets (precompressed, immutable for a year) and the files
// copied from public/ (favicon, demo media; an hour). In development Vite serves them (no build).
// Whether a request is for a file is read from the normalized path, as every decision is.
import { join } from "node:path";
import sirv from "sirv";
import type { Step } from "../exchange.ts";

export function staticFiles(buildDir: string | null): Step {
  if (buildDir === null) return (_x, next) => next();
  const assets = sirv(join(buildDir, "client/assets"), { immutable: true, maxAge: 31536000, gzip: true, brotli: true, etag: true });
  const publicFiles = sirv(join(buildDir, "client"), { maxAge: 3600, etag: true, gzip: true, brotli: true });
  return (x, next) => {
    if (x.method !== "GET" && x.method !== "HEAD") return next();
    const { req, res, url } = x;
    if (x.path.startsWith("/assets/")) {
      // The file's own name as sent (hashed names have capitals), after the first segment, however
      // that segment was spelled.
      req.url = url.replace(/^\/+[^/?]*/, "");
      return new Promise<void>((resolve) => {
        res.once("close", resolve);
        assets(req, res, () => {
          req.url = url;
          res.statusCode = 404;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Não encontrado");
        });
      });
    }
    // Files from public/: any path whose last segment has an extension.
    if (!/\.[a-z0-9]+$/.test(x.path)) return next();
    return new Promise<void>((resolve, reject) => {
      res.once("close", resolve);
      publicFiles(req, res, () => {
        // No such file: the app answers, and this step's listener goes (each one left on the
        // answer counts toward Node's limit of ten before it warns of a leak).
        res.off("close", resolve);
        next().then(resolve, reject);
      });
    });
  };
}
