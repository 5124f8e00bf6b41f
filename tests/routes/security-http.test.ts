// The production server over real HTTP (server/index.ts as a child process, on this file's
// database): security headers and CSP nonces, CSRF refusals, request logs, the page cache.
import { createHash, randomUUID } from "node:crypto";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { bumpContentVersion } from "~/lib/content-version.server";
import { startServer, type RunningServer } from "../helpers/platform-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
/** A cookie the page cache knows nothing of (it never shares such a page): rendered for this request alone. */
const PERSONAL = { cookie: "uncached=1" };

function nonceOf(csp: string | null): string {
  const match = csp?.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/);
  expect(match, `CSP with a nonce: ${csp}`).toBeTruthy();
  return match![1]!;
}

describe("security headers", () => {
  it("puts an enforced CSP with a fresh nonce on every page, and that nonce on every script", async () => {
    const first = await get("/", PERSONAL);
    const second = await get("/", PERSONAL);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    const csp = first.headers.get("content-security-policy")!;
    const nonce = nonceOf(csp);
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
      "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
      "form-action 'self' https://wa.me",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);

    const html = await first.text();
    // Every script the browser would run; JSON-LD data blocks are not scripts to CSP.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("sends nosniff, referrer, framing and permissions policies, HSTS in production, and no X-Powered-By", async () => {
    for (const path of ["/", "/favicon.svg", "/healthz", "/pagina-que-nao-existe"]) {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("permissions-policy"), path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(response.headers.get("strict-transport-security"), path).toMatch(/^max-age=\d{7,}/);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-powered-by"), path).toBeNull();
    }
  });

  it("serves hashed assets immutable and precompressed", async () => {
    const html = await (await get("/", PERSONAL)).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
    const sizes: number[] = [];
    for (const script of scripts) {
      const response = await get(script, { "accept-encoding": "br" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // Files under 1 KB are not worth compressing; every larger one comes precompressed.
      if (response.headers.get("content-encoding") === "br") sizes.push((await response.arrayBuffer()).byteLength);
    }
    expect(sizes.length).toBeGreaterThan(0);
  });
});

describe("CSRF", () => {
  async function rowCounts() {
    const [rateLimits, sessions, chats] = await Promise.all([db.rateLimit.count(), db.session.count(), db.chatConversation.count()]);
    return { rateLimits, sessions, chats };
  }
  const post = (path: string, headers: Record<string, string>, body: BodyInit) =>
    fetch(`${server.baseUrl}${path}`, { method: "POST", headers, body, redirect: "manual" });
  const form = () => new URLSearchParams({ email: "admin@winddigital.com.br", password: "errada-123", message: "Olá", consent: "accepted" });

  it("refuses a write from another origin with 403, before the app runs", async () => {
    const before = await rowCounts();
    const forged: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: `${server.baseUrl}.evil.example` },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site", origin: server.baseUrl },
    ];
    for (const headers of forged) {
      for (const path of ["/admin/login", "/api/chat", "/consent", "/"]) {
        const response = await post(path, headers, form());
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers.get("set-cookie")).toBeNull();
        expect(await response.text()).toBe("Requisição recusada: origem não permitida.");
      }
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${server.baseUrl}/api/chat`, { method, headers: { origin: "https://evil.example" } });
      expect(response.status, method).toBe(403);
    }
    expect(await rowCounts()).toEqual(before);
    const refused = server.logs().filter((l) => l.msg === "cross-site request refused");
    expect(refused.length).toBeGreaterThanOrEqual(forged.length * 4);
  });

  it("lets same-origin forms and non-browser clients through", async () => {
    const sameOrigin = await post("/admin/login", { origin: server.baseUrl, "sec-fetch-site": "same-origin" }, form());
    expect(sameOrigin.status).not.toBe(403);
    const userTyped = await post("/admin/login", { "sec-fetch-site": "none" }, form());
    expect(userTyped.status).not.toBe(403);
    const curl = await post("/admin/login", {}, form());
    expect(curl.status).not.toBe(403);
  });

  it("never lets a GET change state: cross-site GETs are served normally", async () => {
    const response = await get("/", { "sec-fetch-site": "cross-site", origin: "https://evil.example" });
    expect(response.status).toBe(200);
  });
});

describe("request logs", () => {
  it("writes one JSON line per request with its request id, method, path, status and time", async () => {
    const response = await get("/servicos?utm_source=teste&email=x%40y.z", PERSONAL);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await response.arrayBuffer();
    // Access lines are written together, within a fraction of a second.
    await expect.poll(() => server.logs().some((l) => l.requestId === requestId && l.msg === "request")).toBe(true);
    const line = server.logs().find((l) => l.requestId === requestId && l.msg === "request");
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/servicos", status: response.status });
    expect(typeof line!.ms).toBe("number");
    expect(typeof line!.time).toBe("string");
    // Query strings can carry personal data: never logged.
    expect(server.output()).not.toContain("x%40y.z");
  });
});

describe("page cache", () => {
  /** A change the home page shows (a client logo): its cached copy must be rendered again. */
  async function changeHome(): Promise<string> {
    const name = `Logo ${randomUUID().slice(0, 8)}`;
    await db.clientLogo.create({ data: { clientName: name, logoUrl: "/demo/logos/araguaia-imoveis.webp" } });
    await bumpContentVersion();
    return name;
  }

  it("answers anonymous GETs from memory, with ETag and 304, public caching headers and compression", async () => {
    await changeHome();
    await new Promise((r) => setTimeout(r, 1100));
    const miss = await get("/");
    expect(miss.headers.get("x-cache")).toBe("MISS");
    const html = await miss.text();
    const hit = await get("/");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(await hit.text()).toBe(html);
    const etag = hit.headers.get("etag")!;
    expect(etag).toBe(miss.headers.get("etag"));
    // Shared caches must revalidate every time: nothing purges them on a save.
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=0, must-revalidate");
    expect(hit.headers.get("vary")).toMatch(/Accept-Encoding.*Cookie/);
    // Every visitor gets the cached bytes, so the nonce inside them is public: the cached page's
    // policy names no nonce, only the hashes of its own inline scripts.
    const csp = hit.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/(ld\+)?json"/.test(attributes!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text] of inline) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
    }

    const notModified = await get("/", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");

    // node:http, not fetch: fetch would decode the body before we see it.
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${server.baseUrl}/`, { headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    const br = await raw("br, gzip");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = await raw("gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(html);
  });

  it("never serves or stores a page for a visitor with a session or an unknown cookie, nor for writes", async () => {
    await get("/");
    // Chat and toast cookies: tests/routes/personal-pages.test.ts; every kind of cookie: tests/routes/page-cache-cookies.test.ts.
    for (const cookie of ["__admin_session=abc", "uncached=1", "cookieConsent=accepted; __admin_session=abc"]) {
      const response = await get("/", { cookie });
      expect(response.headers.get("x-cache"), cookie).toBeNull();
      expect(response.headers.get("cache-control"), cookie).toMatch(/private/);
    }
    const admin = await get("/admin/login");
    expect(admin.headers.get("x-cache")).toBeNull();
  });

  it("keys pages by the cookie-consent choice, which changes the HTML", async () => {
    await get("/");
    const accepted = await get("/", { cookie: "cookieConsent=accepted" });
    expect(["MISS", "HIT"]).toContain(accepted.headers.get("x-cache"));
    const again = await get("/", { cookie: "cookieConsent=accepted" });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe(await accepted.text());
  });

  it("renders a page again within a second when what it shows changes (an admin write on any instance)", async () => {
    await get("/");
    expect((await get("/")).headers.get("x-cache")).toBe("HIT");
    const logo = await changeHome();
    await new Promise((r) => setTimeout(r, 1100));
    const after = await get("/");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain(logo);
    expect((await get("/")).headers.get("x-cache")).toBe("HIT");
  });
});

describe("unexpected errors", () => {
  let broken: RunningServer;
  beforeAll(async () => {
    // A database that refuses connections: every page that reads content fails unexpectedly.
    broken = await startServer({ DATABASE_URL: "postgres://bench:x@127.0.0.1:1/nothing" });
  });
  afterAll(async () => {
    await broken.stop();
  });

  it("shows only the error screen, and logs the error with its stack and the request id", async () => {
    const response = await fetch(`${broken.baseUrl}/portfolio`);
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    for (const internal of ["ECONNREFUSED", "127.0.0.1:1", "prisma", "Prisma", "node_modules", "    at ", ".ts:", "stack"]) {
      expect(html, internal).not.toContain(internal);
    }
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    await new Promise((r) => setTimeout(r, 50));
    const errors = broken.logs().filter((l) => l.level === "error" && l.requestId === requestId);
    expect(errors.length).toBeGreaterThan(0);
    expect(String((errors[0]!.err as { stack?: string }).stack)).toMatch(/\n\s+at /);
    await expect.poll(() => broken.logs().find((l) => l.msg === "request" && l.requestId === requestId)).toMatchObject({ status: 500 });
  });
});

describe("outside production", () => {
  it("sends no HSTS header", async () => {
    const dev = await startServer({ DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "test" });
    try {
      const response = await fetch(`${dev.baseUrl}/favicon.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    } finally {
      await dev.stop();
    }
  });
});
