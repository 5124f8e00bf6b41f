// `npm run dev` runs the same HTTP pipeline as production (server/index.ts --dev: the sources
// through Vite): the same CSP with a fresh nonce, the same security headers, the same CSRF refusal
// and body limit, so a developer meets them before production does. Both servers run here as
// child processes on this file's database, and their answers are compared.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/platform-server";

const root = new URL("../..", import.meta.url).pathname;
let dev: RunningServer;
let production: RunningServer;
beforeAll(async () => {
  const env = { DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "development" };
  // The development server signs with the public development secret, as `npm run dev` does.
  // One after the other, so a server that fails to start leaves none running behind it.
  dev = await startServer({ ...env, SESSION_SECRET: "" }, { dev: true });
  production = await startServer(env);
}, 120_000);
afterAll(async () => {
  expect(await dev?.stop()).toBe(0);
  expect(await production?.stop()).toBe(0);
});

/** A cookie the page cache knows nothing of (it never shares such a page): the production page is rendered for this request too. */
const PERSONAL = { cookie: "uncached=1" };
const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
  "strict-transport-security",
];

function nonceOf(csp: string): string {
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp);
  expect(match, `CSP with a nonce: ${csp}`).toBeTruthy();
  return match![1]!;
}

describe("npm run dev", () => {
  it("is the development server on the sources (server/index.ts --dev)", async () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.dev).toMatch(/exec node server\/index\.ts --dev$/);
    const client = await fetch(`${dev.baseUrl}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
  });

  it("answers a page with the production CSP (a fresh nonce on every script) and security headers", { timeout: 60_000 }, async () => {
    const page = await fetch(`${dev.baseUrl}/`, { headers: PERSONAL });
    const again = await fetch(`${dev.baseUrl}/`, { headers: PERSONAL });
    const reference = await fetch(`${production.baseUrl}/`, { headers: PERSONAL });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const csp = page.headers.get("content-security-policy")!;
    const nonce = nonceOf(csp);
    expect(nonceOf(again.headers.get("content-security-policy")!)).not.toBe(nonce);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (!/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes)) expect(attributes).toContain(`nonce="${nonce}"`);
    }
    // The same policy word for word, but for the nonces and for style sheets: Vite's hot reload
    // injects them as <style> elements carrying the page's nonce.
    const normalize = (policy: string) => policy.replace(/'nonce-[^']+'/g, "'nonce-N'");
    const referenceCsp = normalize(reference.headers.get("content-security-policy")!);
    expect(normalize(csp)).toBe(referenceCsp.replace("style-src 'self'", "style-src 'self' 'nonce-N'"));
    for (const name of SECURITY_HEADERS.slice(1)) expect(page.headers.get(name), name).toBe(reference.headers.get(name));
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("runs the same page cache as production: a page everyone gets is rendered once", { timeout: 60_000 }, async () => {
    await (await fetch(`${dev.baseUrl}/sobre`)).arrayBuffer();
    const again = await fetch(`${dev.baseUrl}/sobre`);
    await again.arrayBuffer();
    expect(again.headers.get("x-cache")).toBe("HIT");
    // Its policy allows the page's own inline scripts by hash, and the styles Vite injects with the page's nonce.
    expect(again.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(again.headers.get("content-security-policy")).toMatch(/style-src 'self' 'nonce-/);
  });

  it("refuses a cross-site POST with 403, as production does, and lets a same-origin one through", async () => {
    for (const server of [dev, production]) {
      const refused = await fetch(`${server.baseUrl}/contato`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: "name=x",
        redirect: "manual",
      });
      expect(refused.status, server.baseUrl).toBe(403);
      expect(await refused.text()).toBe("Requisição recusada: origem não permitida.");
      for (const name of SECURITY_HEADERS.slice(0, -1)) expect(refused.headers.get(name), name).toBeTruthy();
      const accepted = await fetch(`${server.baseUrl}/contato`, {
        method: "POST",
        headers: { origin: server.baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: "name=x",
        redirect: "manual",
      });
      expect(accepted.status, server.baseUrl).not.toBe(403);
    }
    expect(dev.logs().some((line) => line.msg === "cross-site request refused")).toBe(true);
  });

  it("refuses a body past the limit with 413, and keeps admin answers out of every cache", async () => {
    for (const server of [dev, production]) {
      const large = await fetch(`${server.baseUrl}/contato`, {
        method: "POST",
        headers: { origin: server.baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: `message=${"a".repeat(2 * 1024 * 1024)}`,
      });
      expect(large.status, server.baseUrl).toBe(413);
      const admin = await fetch(`${server.baseUrl}/admin/login`);
      expect(admin.status).toBe(200);
      expect(admin.headers.get("cache-control"), server.baseUrl).toBe("no-store");
    }
  });
});
