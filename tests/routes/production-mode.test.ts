// One definition of production, and no public secret while serving: the built server
// (server/index.ts) started without NODE_ENV is a production server; it refuses to start without a
// SESSION_SECRET of its own (in any mode), refuses a bad variable with one line naming it, and
// `db:seed` without NODE_ENV creates no demo admin.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db, dbReady } from "~/lib/db.server";
import { PUBLIC_DEV_SECRET } from "~/lib/env.server";
import { freePort } from "../../scripts/lib/free-port.ts";
import { BUILD_DIR, ensureBuild, startServer } from "../helpers/platform-server.ts";

const root = join(import.meta.dirname, "../..");
const SECRET = "production-mode-secret-0123456789";

/** This process's environment without the variables the test controls (NODE_ENV, SESSION_SECRET...). */
function baseEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR, ...extra };
  for (const name of ["NODE_ENV", "SESSION_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD"]) if (!(name in extra)) delete env[name];
  for (const [name, value] of Object.entries(extra)) if (value === undefined) delete env[name];
  return env;
}

/** Starts server/index.ts and expects it to refuse: resolves with its exit code and output. */
async function refusal(extra: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, "server/index.ts")], {
    cwd: root,
    env: baseEnv({ PORT: String(port), ...extra }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
  clearTimeout(timer);
  return { code, output };
}

beforeAll(() => ensureBuild(), 180_000);

describe("serving the production build", () => {
  it.each([
    ["NODE_ENV unset, no SESSION_SECRET", {}, /^Invalid environment: SESSION_SECRET is required in production/m],
    ["NODE_ENV=production, no SESSION_SECRET", { NODE_ENV: "production" }, /SESSION_SECRET is required in production/],
    ["NODE_ENV=development, no SESSION_SECRET", { NODE_ENV: "development" }, /SESSION_SECRET is required to serve the app/],
    ["NODE_ENV=test, no SESSION_SECRET", { NODE_ENV: "test" }, /SESSION_SECRET is required to serve the app/],
    ["the public development secret", { NODE_ENV: "development", SESSION_SECRET: PUBLIC_DEV_SECRET }, /SESSION_SECRET is the public development secret/],
    ["PAGE_CACHE_CHECK_MS=abc", { SESSION_SECRET: SECRET, PAGE_CACHE_CHECK_MS: "abc" }, /PAGE_CACHE_CHECK_MS must be a number/],
    ["TRUST_PROXY=yes", { SESSION_SECRET: SECRET, TRUST_PROXY: "yes" }, /TRUST_PROXY must be a number/],
    ["PORT=http", { SESSION_SECRET: SECRET, PORT: "http" }, /PORT must be a number/],
    ["SITE_URL without a scheme", { SESSION_SECRET: SECRET, SITE_URL: "www.winddigital.com.br" }, /SITE_URL must be an http/],
    ["BUILD_DIR without a build", { SESSION_SECRET: SECRET, BUILD_DIR: "/no/such/build" }, /BUILD_DIR has no build at \/no\/such\/build/],
  ])(
    "refuses to start with %s, in one line naming the variable",
    async (_name, extra, message) => {
      const { code, output } = await refusal(extra);
      expect(code, output).toBe(1);
      expect(output).toMatch(message);
      expect(output.trim().split("\n"), output).toHaveLength(1);
      expect(output).not.toContain("Servidor no ar");
    },
    60_000,
  );

  it("without NODE_ENV serves as production: Secure cookies signed with its own secret", async () => {
    const server = await startServer({ NODE_ENV: undefined, SESSION_SECRET: SECRET });
    try {
      const response = await fetch(`${server.baseUrl}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.baseUrl },
        body: JSON.stringify({ message: "Quanto custa um site?" }),
      });
      expect(response.status, server.output()).toBe(200);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__chat="));
      expect(cookie, response.headers.getSetCookie().join("\n")).toMatch(/;\s*Secure/i);
      // HSTS is sent in production only.
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=/);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe("npm run demo, the README's quick start", () => {
  it("starts the demo site from a shell that has set nothing (no NODE_ENV, no SESSION_SECRET)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "demo-"));
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, "scripts/demo.ts")], {
      cwd: root,
      env: baseEnv({ PORT: String(port), DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOADS_DIR: join(dir, "uploads"), SITE_URL: undefined }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    try {
      let home: Response | undefined;
      const deadline = Date.now() + 90_000;
      while (!home && child.exitCode === null && Date.now() < deadline) {
        home = await fetch(`http://127.0.0.1:${port}/`).catch(() => new Promise<undefined>((r) => setTimeout(r, 200)));
      }
      expect(child.exitCode, output).toBeNull();
      expect(home?.status, output).toBe(200);
      // Its links (canonical, invitations, password resets) name the port it runs on.
      expect(await home!.text()).toContain(`<link rel="canonical" href="http://localhost:${port}/"/>`);
      expect(output).toContain("e-mail admin@winddigital.com.br");
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("db:seed", () => {
  it("without NODE_ENV is production: no demo admin, no default password", async () => {
    await dbReady;
    const run = spawnSync(process.execPath, [join(root, "scripts/seed.ts"), "--admin-only"], {
      cwd: root,
      env: baseEnv({ SESSION_SECRET: SECRET }),
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("no admin created");
    expect(await db.user.count()).toBe(0);
  }, 60_000);

  it("without NODE_ENV and without a SESSION_SECRET refuses, like the server", () => {
    const run = spawnSync(process.execPath, [join(root, "scripts/seed.ts"), "--admin-only"], { cwd: root, env: baseEnv({}), encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Invalid environment: SESSION_SECRET is required in production/);
  }, 60_000);
});
