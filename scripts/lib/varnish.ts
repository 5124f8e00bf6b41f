// Starts a real Varnish (Debian's varnishd, with varnish-modules for xkey) on a free loopback port
// in front of the given instances, with the deployment's own VCL (deploy/varnish/default.vcl) and
// a backends.vcl written for them, for the tests and the bench. varnishd reads the VCL as its own
// user, so the folder is made readable by others (a fresh temporary folder is 0700).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";

const root = new URL("../..", import.meta.url).pathname;

export interface RunningVarnish {
  baseUrl: string;
  /** Varnish's counters (varnishstat), e.g. MAIN.cache_hit. */
  counters(): Record<string, number>;
  stop(): Promise<void>;
}

function varnishInstalled(): boolean {
  return spawnSync("varnishd", ["-V"], { stdio: "ignore" }).status === 0;
}

/** Varnish in front of `backends` (base URLs such as http://127.0.0.1:3000). */
export async function startVarnish(backends: string[], { port: chosenPort }: { port?: number } = {}): Promise<RunningVarnish> {
  if (!varnishInstalled()) throw new Error("varnishd is not installed: apt-get install -y varnish varnish-modules (.ci/run does it)");
  const dir = mkdtempSync(join(tmpdir(), "varnish-"));
  chmodSync(dir, 0o755);
  copyFileSync(join(root, "deploy/varnish/default.vcl"), join(dir, "default.vcl"));
  const names = backends.map((_, i) => `app${i + 1}`);
  const vcl = [
    ...backends.map((url, i) => {
      const { hostname, port } = new URL(url);
      return `backend ${names[i]} { .host = "${hostname}"; .port = "${port}"; }`;
    }),
    "sub vcl_init {",
    "  new app = directors.round_robin();",
    ...names.map((name) => `  app.add_backend(${name});`),
    "}",
    'acl purgers { "127.0.0.1"; "::1"; }',
  ].join("\n");
  writeFileSync(join(dir, "backends.vcl"), `${vcl}\n`);
  for (const file of ["default.vcl", "backends.vcl"]) chmodSync(join(dir, file), 0o644);
  const port = chosenPort ?? (await freePort());
  const workDir = join(dir, "work");
  const args = ["-F", "-a", `127.0.0.1:${port}`, "-f", join(dir, "default.vcl"), "-p", `vcl_path=${dir}`, "-n", workDir, "-s", "malloc,64m"];
  const child: ChildProcess = spawn("varnishd", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${baseUrl}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`varnishd did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    counters() {
      const run = spawnSync("varnishstat", ["-n", workDir, "-1", "-j"], { encoding: "utf8" });
      const parsed = JSON.parse(run.stdout) as { counters?: Record<string, { value: number }> } & Record<string, { value: number }>;
      const all = parsed.counters ?? parsed;
      return Object.fromEntries(Object.entries(all).flatMap(([name, c]) => (typeof c === "object" && c && "value" in c ? [[name, c.value]] : [])));
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
