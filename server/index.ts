// The production HTTP server: static assets (hashed, precompressed, immutable), then the React
// Router app behind security headers, CSRF checks, a page cache and compression (server/app.ts).
// Plain TypeScript run directly by Node 24.
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createServerHandler } from "./app.ts";
import { errorFields, log } from "./logger.ts";
import { precompressDirectory } from "./precompress.ts";
import { mediaOriginsFromEnv } from "./security-headers.ts";

const buildDir = resolve(process.env.BUILD_DIR || "build");
const mode = process.env.NODE_ENV ?? "production";
const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;

// A build made by `react-router build` alone lacks the .br/.gz twins; write them before serving.
try {
  const written = precompressDirectory(join(buildDir, "client"));
  if (written > 0) log("info", "precompressed static files", { files: written });
} catch (error) {
  // A read-only build folder: serve the files uncompressed rather than not at all.
  log("warn", "could not precompress static files", errorFields(error));
}

const { handle } = createServerHandler({
  build,
  buildDir,
  mode,
  siteUrl: process.env.SITE_URL,
  mediaOrigins: mediaOriginsFromEnv(process.env),
  trustedProxies: Number(process.env.TRUST_PROXY || 0),
  versionCheckMs: Number(process.env.PAGE_CACHE_CHECK_MS || 1000),
});

const server = createServer(handle);
// Express-style servers announce themselves; this one does not (no X-Powered-By is ever set).
server.keepAliveTimeout = 65_000;

const port = Number(process.env.PORT || 3000);
server.listen(port, () => {
  log("info", `Servidor no ar em http://localhost:${port}`, { port });
});

// Graceful stop: refuse new connections, finish in-flight requests, close the database, exit 0.
const { disconnectDatabase } = build.entry.module as unknown as { disconnectDatabase: () => Promise<void> };
function shutdown(signal: string) {
  log("info", "shutting down", { signal });
  server.close(() => {
    disconnectDatabase()
      .catch((error: unknown) => log("error", "closing the database failed", errorFields(error)))
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
// Anything that escapes every handler is logged as JSON with its stack before the process ends.
process.on("uncaughtException", (error) => {
  log("error", "uncaught exception", errorFields(error));
  process.exit(1);
});
process.on("SIGINT", () => shutdown("SIGINT"));
