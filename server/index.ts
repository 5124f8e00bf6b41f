// The HTTP server, for production and development alike: static assets (hashed, precompressed,
// immutable), then the React Router app behind security headers, CSRF checks, a page cache and
// compression (server/app.ts). `node server/index.ts` serves the build in BUILD_DIR;
// `node server/index.ts --dev` (npm run dev) serves the sources through Vite (hot reload) behind
// the same pipeline, so CSP and CSRF mistakes show while developing. Plain TypeScript run
// directly by Node 24; the app it serves is server/app-entry.ts, bundled or loaded by Vite.
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AppModule } from "./app.ts";

// libuv's thread pool does file reads, compression and sharp's image work alike; Node starts it
// with 4 threads on first use, so it is sized here, before anything uses it. Image work takes at
// most 2 of its threads at a time (app/lib/media/image.server.ts) and SVG renders run in a child
// process of their own (app/lib/media/svg.server.ts): the other threads stay free for static files,
// media and compression whatever images are being made. An operator's own value wins.
process.env.UV_THREADPOOL_SIZE ||= "16";

const development = process.argv.includes("--dev");
// Before env.server.ts loads: it validates the environment as soon as it is imported.
if (development) process.env.NODE_ENV ||= "development";
const { loadEnv, refuseToStart } = await import("../app/lib/env.server.ts");
// Validated before anything else loads: a bad variable ends the process with one line naming it.
// Serving a build always needs a SESSION_SECRET of its own, whatever the mode; only the
// development server (from the sources, never deployed) may sign with the public one.
const env = loadEnv(process.env, { serving: !development });
// React and React Router pick their production or development code from NODE_ENV when they are
// first imported: give them the mode the app uses (production when NODE_ENV is unset).
process.env.NODE_ENV = env.NODE_ENV;

const { createServerHandler } = await import("./app.ts");
const { errorFields, log } = await import("../app/lib/logger.server.ts");
const { precompressDirectory } = await import("./precompress.ts");
const { policyPath } = await import("../app/lib/request-path.ts");
const { mediaOriginsFromEnv } = await import("./security-headers.ts");

const server = createServer(serve);
let app: AppModule | (() => Promise<AppModule>);
let buildDir: string | null = null;
/** Development only: Vite's own answers (modules, public/ files, hot reload) come first. */
let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null = null;
let closeVite: (() => Promise<void>) | null = null;

if (development) {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({
    // Hot reload talks over this server's own port (a WebSocket upgrade), which CSP's 'self' allows.
    server: { middlewareMode: true, hmr: { server } },
    appType: "custom",
  });
  viteMiddlewares = vite.middlewares;
  closeVite = () => vite.close();
  // React Router's plugin runs a second Vite server (its child compiler) whose SIGTERM handler
  // ends the process at once with code 143; the graceful stop below takes its place.
  process.removeAllListeners("SIGTERM");
  app = async () => {
    try {
      return (await vite.ssrLoadModule("./server/app-entry.ts")) as AppModule;
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      throw error;
    }
  };
} else {
  buildDir = resolve(env.BUILD_DIR);
  const serverEntry = join(buildDir, "server/index.js");
  if (!existsSync(serverEntry)) {
    refuseToStart(`Invalid environment: BUILD_DIR has no build at ${serverEntry} (run npm run build)`);
  }
  // The bundle of server/app-entry.ts (vite.config.ts makes it the server build's entry).
  app = (await import(pathToFileURL(serverEntry).href)) as AppModule;

  // A build made by `react-router build` alone lacks the .br/.gz twins; write them before serving.
  try {
    const written = precompressDirectory(join(buildDir, "client"));
    if (written > 0) log("info", "precompressed static files", { files: written });
  } catch (error) {
    // A read-only build folder: serve the files uncompressed rather than not at all.
    log("warn", "could not precompress static files", errorFields(error));
  }
}
const loadApp = typeof app === "function" ? app : async () => app as AppModule;
(await loadApp()).startHousekeeping();

const { handle } = createServerHandler({
  app,
  buildDir,
  mode: env.NODE_ENV,
  siteUrl: env.SITE_URL,
  mediaOrigins: mediaOriginsFromEnv({ S3_PUBLIC_URL: env.S3_PUBLIC_URL, S3_ENDPOINT: env.S3_ENDPOINT }),
  trustedProxies: env.TRUST_PROXY,
  versionCheckMs: env.PAGE_CACHE_CHECK_MS,
  edgePurgeUrls: env.EDGE_PURGE_URL,
});

/**
 * How long a keep-alive connection may stay idle once shutdown began. A client (a load balancer's
 * connection pool) may be sending a request on an idle connection at the very moment the server
 * closes it, and that request would be lost; a client whose own idle timeout is shorter than this
 * (nginx `keepalive_timeout` in deploy/nginx.conf) always closes first.
 */
const DRAIN_IDLE_MS = 3_000;
let draining = false;
/** Open connections, and the responses in progress on each, to tell idle connections from busy ones. */
const connections = new Map<Socket, Set<ServerResponse>>();

function serve(req: IncomingMessage, res: ServerResponse) {
  const inProgress = connections.get(req.socket);
  inProgress?.add(res);
  res.once("close", () => inProgress?.delete(res));
  if (draining) {
    // Answered, then the connection closes: the client opens its next one elsewhere.
    res.setHeader("Connection", "close");
    if (policyPath(req.url ?? "/") === "/healthz") {
      // Readiness: a load balancer that polls takes this instance out while it finishes.
      res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ status: "draining" }));
      return;
    }
  }
  if (viteMiddlewares) viteMiddlewares(req, res, () => handle(req, res));
  else handle(req, res);
}

// Express-style servers announce themselves; this one does not (no X-Powered-By is ever set).
server.keepAliveTimeout = 65_000;
server.on("connection", (socket: Socket) => {
  connections.set(socket, new Set());
  socket.once("close", () => connections.delete(socket));
});

server.listen(env.PORT, () => {
  log("info", `Servidor no ar em http://localhost:${env.PORT}`, { port: env.PORT });
});

// Graceful stop: refuse new connections at once; finish the requests in flight (an answer not
// begun yet closes its connection); close each keep-alive connection once it has been idle for
// DRAIN_IDLE_MS; store the insights counted in memory; close the database; exit 0.
function shutdown(signal: string) {
  if (draining) return;
  draining = true;
  log("info", "shutting down", { signal });
  // net's close, not http's: http's also drops idle keep-alive connections at once, racing any
  // request a client is sending on one of them.
  // Development: Vite's watcher and hot-reload sockets would keep the process alive.
  void closeVite?.();
  NetServer.prototype.close.call(server, () => {
    loadApp()
      // The insights counted in memory since the last flush are stored before the database closes.
      .then(async (app) => {
        await app.flushAnalytics();
        await app.disconnectDatabase();
      })
      .catch((error: unknown) => log("error", "closing the database failed", errorFields(error)))
      .finally(() => process.exit(0));
  });
  // Node closes a keep-alive connection after this much idleness following its last answer...
  server.keepAliveTimeout = DRAIN_IDLE_MS;
  for (const [socket, responses] of connections) {
    for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
    // ...and a connection idle right now gets the same countdown from now on.
    if (responses.size === 0) socket.setTimeout(DRAIN_IDLE_MS);
  }
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
// Anything that escapes every handler is logged as JSON with its stack before the process ends.
process.on("uncaughtException", (error) => {
  log("error", "uncaught exception", errorFields(error));
  process.exit(1);
});
process.on("SIGINT", () => shutdown("SIGINT"));
