// The production HTTP server: static assets first (hashed, precompressed, immutable), then the
// React Router app. Plain TypeScript run directly by Node 24.
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import sirv from "sirv";
import { randomUUID } from "node:crypto";

const buildDir = resolve(process.env.BUILD_DIR || "build");
const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;
const handleRequest = createRequestHandler(build, process.env.NODE_ENV ?? "production");

const assets = sirv(join(buildDir, "client/assets"), {
  immutable: true,
  maxAge: 31536000,
  gzip: true,
  brotli: true,
  etag: true,
});
const publicFiles = sirv(join(buildDir, "client"), { maxAge: 3600, etag: true, gzip: true, brotli: true });

// The app module shares the context key with loaders (app/lib/request-info.server.ts).
const { requestInfoContext } = build.entry.module as unknown as {
  requestInfoContext: import("react-router").RouterContext<{ ip: string; requestId: string }>;
};

const appListener = createRequestListener(async (request: Request, client: { address: string }) => {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: client.address, requestId: randomUUID() });
  return handleRequest(request, context);
});

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  if (url.startsWith("/assets/")) {
    req.url = url.slice("/assets".length);
    return assets(req, res, () => {
      req.url = url;
      res.statusCode = 404;
      res.end("Not found");
    });
  }
  if ((req.method === "GET" || req.method === "HEAD") && /^\/[^/]+\.[a-z0-9]+$/i.test(url.split("?")[0]!)) {
    return publicFiles(req, res, () => appListener(req, res));
  }
  appListener(req, res);
});

const port = Number(process.env.PORT || 3000);
server.listen(port, () => {
  console.log(JSON.stringify({ level: "info", msg: `Servidor no ar em http://localhost:${port}`, port }));
});

// Graceful stop: refuse new connections, finish in-flight requests, then exit.
function shutdown(signal: string) {
  console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
