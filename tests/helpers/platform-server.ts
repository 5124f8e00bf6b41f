// Starts the built production server (server/index.ts) as a child process for HTTP-level tests
// (or, with `dev`, the development server on the sources), on this test file's database
// (tests/helpers/vitest-setup.ts). Builds build-platform/ first when it is missing or older than
// the app's sources; PLATFORM_BUILD_DIR names a ready build instead.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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

export function ensureBuild(): void {
  const entry = join(BUILD_DIR, "server/index.js");
  if (process.env.PLATFORM_BUILD_DIR && existsSync(entry)) return;
  // The build bundles app/ and server/app-entry.ts, as vite.config.ts says.
  const sources = ["app", "server/app-entry.ts", "vite.config.ts"]
    .map((path) => join(root, path))
    .filter((path) => existsSync(path))
    .map(newestMtime);
  if (existsSync(entry) && statSync(entry).mtimeMs > Math.max(...sources)) return;
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stderr}`);
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

  const deadline = Date.now() + 30_000;
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
