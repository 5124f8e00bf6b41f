// Starts the production server on a fresh database seeded with the demo content, in a
// temporary folder, on a free port. Used by `npm run bench`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { freePort } from "../lib/free-port.ts";
import { productionServerArgs } from "../lib/server-process.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

export { freePort };

export interface DemoServer {
  baseUrl: string;
  /** The server process, to read its memory (RSS) from /proc. */
  pid: number;
  env: NodeJS.ProcessEnv;
  logFile: string;
  stop(): Promise<void>;
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** `overrides` change the environment (e.g. DATABASE_URL for PostgreSQL, CHAT_WEBHOOK_URL). */
export async function startDemoServer(buildDir: string, overrides: Record<string, string> = {}): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    BUILD_DIR: buildDir,
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    UPLOADS_DIR: join(dir, "uploads"),
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    SITE_URL: baseUrl,
    ADMIN_EMAIL: "admin@winddigital.com.br",
    ADMIN_PASSWORD: "vento-laranja-janela-42",
  };
  delete env.CHAT_WEBHOOK_URL;
  Object.assign(env, overrides);
  for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
    const result = spawnSync(process.execPath, [join(root, script)], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
  const logFile = join(dir, "server.log");
  // The server writes its log lines straight to the file: through a pipe to this process, whose
  // event loop is busy running autocannon, a full pipe would stall the server (stdout writes to
  // pipes are synchronous) and show up as the bench's own tail latency.
  const log = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, productionServerArgs(), { cwd: root, env, stdio: ["ignore", log, log] });
  closeSync(log);
  await waitFor(`${baseUrl}/healthz`);
  return {
    baseUrl,
    pid: child.pid!,
    env,
    logFile,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
