// Starts the built production server (server/index.ts) as a child process for HTTP-level tests
// (or, with `dev`, the development server on the sources), on this test file's database
// (tests/helpers/vitest-setup.ts). Builds build-platform/ first when it is missing or older than
// the app's sources (once, whatever the number of test files asking at the same time);
// PLATFORM_BUILD_DIR names a ready build instead (npm test passes the one it built).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { freePort } from "../../scripts/lib/free-port.ts";
import { productionServerArgs } from "../../scripts/lib/server-process.ts";
import { join, resolve } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
export const BUILD_DIR = resolve(root, process.env.PLATFORM_BUILD_DIR || "build-platform");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) if (entry !== "generated") newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Blocks this thread for `ms` (ensureBuild is synchronous: it runs in beforeAll and at import). */
function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function ensureBuild(): void {
  const entry = join(BUILD_DIR, "server/index.js");
  if (process.env.PLATFORM_BUILD_DIR && existsSync(entry)) return;
  // The build bundles app/ and server/app-entry.ts, as vite.config.ts says.
  const sources = ["app", "server/app-entry.ts", "vite.config.ts"]
    .map((path) => join(root, path))
    .filter((path) => existsSync(path))
    .map(newestMtime);
  const fresh = () => existsSync(entry) && statSync(entry).mtimeMs > Math.max(...sources);
  if (fresh()) return;
  // Test files run in parallel: one builds, the others wait for it and use its build (two builds
  // writing one folder would leave it half of each). A lock left by a killed run goes stale.
  const lock = `${BUILD_DIR}.lock`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another test's build of ${BUILD_DIR} did not finish (lock ${lock})`);
      sleepSync(250);
    }
  }
  try {
    if (fresh()) return;
    const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface RunningServer {
  baseUrl: string;
  /** Every line the server wrote to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines so far, parsed. */
  logs(): Array<Record<string, unknown>>;
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** The development server (`npm run dev`): the sources through Vite instead of the build. */
  dev?: boolean;
}

export async function startServer(env: NodeJS.ProcessEnv = {}, options: StartOptions = {}): Promise<RunningServer> {
  if (!options.dev) ensureBuild();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = options.dev ? [join(root, "server/index.ts"), "--dev"] : productionServerArgs();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      SITE_URL: baseUrl,
      SESSION_SECRET: "platform-test-secret-0123456789",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // A bound for a server that never answers, not a guess at how long a start takes: a server that
  // exits fails at once (below), and on a loaded two-core machine a healthy start took over 30 s.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${baseUrl}/favicon.svg`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    output: () => output,
    logs: () =>
      output.split("\n").flatMap((line) => {
        try {
          return line.startsWith("{") ? [JSON.parse(line) as Record<string, unknown>] : [];
        } catch {
          return []; // a line still being written
        }
      }),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
