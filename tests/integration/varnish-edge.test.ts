// The supported edge deployment, for real: Debian's Varnish with the deployment's own VCL
// (deploy/varnish/default.vcl) in front of two production instances on one PostgreSQL. Anonymous
// page views come from Varnish; every content change purges it (EDGE_PURGE_URL), so a save
// through either instance, and a scheduled post falling due, show through the edge at once;
// personal pages and the admin pass through untouched; a purge endpoint that is down makes the
// edge lifetime short, is logged, and is delivered once it is back.
// The purge goes through a switch this file controls (a small proxy to Varnish's purge), so the
// endpoint can be taken down and brought back without restarting anything.
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleInputValue } from "~/lib/blog/schedule";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster.ts";
import { startVarnish, type RunningVarnish } from "../../scripts/lib/varnish.ts";
import { startServer, type RunningServer } from "../helpers/platform-server.ts";
import { chatCookiesAfter } from "../helpers/request.ts";

const root = new URL("../..", import.meta.url).pathname;
const ADMIN = { email: "borda@winddigital.com.br", password: "senha-borda-123" };

let cluster: PgCluster;
let a: RunningServer;
let b: RunningServer;
let varnish: RunningVarnish;
let session: string;

/** The purge endpoint the instances are given: forwards to Varnish while up, refuses connections while down. */
const purgeSwitch = {
  server: null as Server | null,
  port: 0,
  received: 0,
  async up() {
    const server = createServer((req, res) => {
      purgeSwitch.received++;
      // The instances purge as they start, before Varnish does: nothing to purge yet.
      if (!varnish) return void res.writeHead(200).end();
      fetch(`${varnish.baseUrl}${req.url}`, { method: req.method, headers: { "xkey-purge": String(req.headers["xkey-purge"] ?? "") } }).then(
        async (answer) => res.writeHead(answer.status).end(await answer.text()),
        () => res.writeHead(502).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(purgeSwitch.port, "127.0.0.1", resolve));
    purgeSwitch.port = (server.address() as AddressInfo).port;
    purgeSwitch.server = server;
  },
  async down() {
    const server = purgeSwitch.server!;
    purgeSwitch.server = null;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
};

beforeAll(async () => {
  cluster = await startPgCluster();
  const databaseUrl = await cluster.createDatabase("varnish_edge");
  await purgeSwitch.up();
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "varnish-edge-secret-0123456789abcdef",
    SITE_URL: "http://wind.test",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    EDGE_PURGE_URL: `http://127.0.0.1:${purgeSwitch.port}/`,
  };
  for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
    const run = spawnSync(process.execPath, [`${root}${script}`], { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${script}: ${run.stderr}`);
  }
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  varnish = await startVarnish([a.baseUrl, b.baseUrl]);
  const login = await fetch(`${a.baseUrl}/admin/login`, { method: "POST", body: new URLSearchParams(ADMIN), redirect: "manual" });
  session = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("__admin_session="))!;
  expect(session).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await varnish?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  if (purgeSwitch.server) await purgeSwitch.down();
  cluster?.stop();
});

const edge = (path: string, headers: Record<string, string> = {}) => fetch(`${varnish.baseUrl}${path}`, { headers, redirect: "manual" });

/** Asks the edge for `path` until it answers from its own store. */
async function edgeHit(path: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const response = await edge(path);
    const html = await response.text();
    if (response.headers.get("x-edge") === "HIT") return html;
  }
  throw new Error(`${path} never came from the edge`);
}

/** Milliseconds from now until the edge's `path` contains `text` (polled every 20 ms, up to `limitMs`). */
async function msUntilEdgeShows(path: string, text: string, limitMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await (await edge(path)).text()).includes(text)) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`"${text}" not on ${path} through the edge after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function savePortfolio(via: RunningServer, title: string): Promise<void> {
  const form = new FormData();
  form.set("title", title);
  form.set("category", "IA");
  form.set("description", "Projeto criado no teste da borda.");
  form.set("result", "+40% de leads");
  const response = await fetch(`${via.baseUrl}/admin/portfolio`, { method: "POST", body: form, headers: { Cookie: session }, redirect: "manual" });
  expect(response.status, await response.text()).toBe(302);
}

describe("Varnish in front of two instances", () => {
  it("keeps anonymous pages with the edge lifetime and the purge tag, which browsers never see", async () => {
    await edgeHit("/");
    const response = await edge("/");
    expect(response.headers.get("x-edge")).toBe("HIT");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(response.headers.has("surrogate-key")).toBe(false);
    expect(response.headers.has("cache-tag")).toBe(false);
    // The instance itself names the tag (what a CDN would read).
    const direct = await fetch(`${a.baseUrl}/`);
    expect(direct.headers.get("surrogate-key")).toBe("site-pages");
    expect(direct.headers.get("cache-tag")).toBe("site-pages");
  });

  it("a save through either instance shows through Varnish within 1 s", async () => {
    for (const [via, title] of [
      [a, "Case Borda pela A"],
      [b, "Case Borda pela B"],
    ] as const) {
      expect(await edgeHit("/portfolio")).not.toContain(title);
      await savePortfolio(via, title);
      expect(await msUntilEdgeShows("/portfolio", title, 3000)).toBeLessThan(1000);
      expect(await edgeHit("/portfolio")).toContain(title);
    }
  });

  it("a scheduled post falling due shows through Varnish within two seconds, with no write then", async () => {
    expect(await edgeHit("/blog")).not.toContain("Chegou a hora da borda");
    const due = new Date(Math.ceil((Date.now() + 4000) / 1000) * 1000);
    const seconds = String(due.getUTCSeconds()).padStart(2, "0");
    const cover = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#2563eb" } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Chegou a hora da borda",
      slug: "chegou-a-hora-da-borda",
      excerpt: "Resumo do post.",
      content: "<p>Texto</p>",
      is_published: "on",
      published_at: `${scheduleInputValue(due)}:${seconds}`,
    }))
      form.append(name, value);
    form.append("cover_image", new File([new Uint8Array(cover)], "capa.png", { type: "image/png" }));
    const saved = await fetch(`${a.baseUrl}/admin/blog`, { method: "POST", body: form, headers: { Cookie: session }, redirect: "manual" });
    expect(saved.status, await saved.text()).toBe(302);
    expect(await edgeHit("/blog")).not.toContain("Chegou a hora da borda");
    expect(Date.now(), "the checks before the due time took too long").toBeLessThan(due.getTime());

    const waited = await msUntilEdgeShows("/blog", "Chegou a hora da borda", 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
    expect(Date.now() - due.getTime(), `seen ${waited} ms after the save`).toBeLessThan(2000);
  }, 30_000);

  it("a visitor's no-JavaScript conversation is theirs alone: never stored, never shown to anyone else", async () => {
    await edgeHit("/servicos");
    const chat = await fetch(`${varnish.baseUrl}/api/chat`, {
      method: "POST",
      headers: { Origin: varnish.baseUrl },
      body: new URLSearchParams({ message: "Pergunta particular da Ana", redirectTo: "/servicos" }),
      redirect: "manual",
    });
    expect(chat.status).toBe(303);
    const cookie = chatCookiesAfter(chat);
    expect(cookie).toMatch(/__chat_conversa=/);
    for (let i = 0; i < 2; i++) {
      const own = await edge("/servicos", { Cookie: cookie });
      expect(own.headers.get("x-edge")).toBe("MISS");
      expect(own.headers.get("cache-control")).toMatch(/private/);
      expect(await own.text()).toContain("Pergunta particular da Ana");
    }
    // Another visitor, with and without the consent cookie, gets the page everyone gets.
    for (const headers of [{}, { Cookie: "cookieConsent=accepted" }, { Cookie: "cookieConsent=accepted; __chat=" }] as Array<Record<string, string>>) {
      const other = await edge("/servicos", headers);
      expect(await other.text()).not.toContain("Pergunta particular da Ana");
    }
  });

  it("a visitor who chats with JavaScript is served from the edge like everyone else", async () => {
    const html = await edgeHit("/curso");
    const chat = await fetch(`${varnish.baseUrl}/api/chat`, {
      method: "POST",
      headers: { Origin: varnish.baseUrl, "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Pergunta com JavaScript" }),
    });
    expect(chat.status).toBe(200);
    const cookie = chatCookiesAfter(chat);
    expect(cookie).toMatch(/^__chat=[^;]+$/);
    const page = await edge("/curso", { Cookie: cookie });
    expect(page.headers.get("x-edge")).toBe("HIT");
    expect(await page.text()).toBe(html);
  });

  it("a toast is shown once, to its visitor only, and no one else's page carries it", async () => {
    await edgeHit("/sobre");
    // A save answers with a toast (a signed flash cookie: base64 JSON, then the signature).
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: "Case do toast", category: "IA", description: "Projeto.", result: "+1" })) form.set(name, value);
    const saved = await fetch(`${varnish.baseUrl}/admin/portfolio`, {
      method: "POST",
      body: form,
      headers: { Cookie: session, Origin: varnish.baseUrl },
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const toast = saved.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__toast="))!;
    expect(toast).toBeTruthy();
    const flashed = JSON.parse(Buffer.from(decodeURIComponent(toast.slice("__toast=".length)).split(".")[0]!, "base64").toString("utf8")) as Record<
      string,
      { title: string }
    >;
    const title = Object.values(flashed)[0]!.title;
    expect(title).toBeTruthy();

    const own = await edge("/sobre", { Cookie: toast });
    expect(own.headers.get("x-edge")).toBe("MISS");
    expect(own.headers.getSetCookie().join(";")).toMatch(/__toast=;/);
    expect(await own.text()).toContain(title);
    // Everyone else gets the stored page, without the toast and without a cookie.
    await edgeHit("/sobre");
    const other = await edge("/sobre");
    expect(other.headers.get("x-edge")).toBe("HIT");
    expect(other.headers.getSetCookie()).toEqual([]);
    expect(await other.text()).not.toContain(title);
  });

  it("the admin and single-fetch data pass through untouched", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await edge("/admin/dashboard", { Cookie: session });
      expect(page.status).toBe(200);
      expect(page.headers.get("x-edge")).toBe("MISS");
      expect(page.headers.get("cache-control")).toMatch(/no-store/);
      const anonymous = await edge("/admin/dashboard");
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("x-edge")).toBe("MISS");
      const data = await edge("/portfolio.data");
      expect(data.headers.get("x-edge")).toBe("MISS");
    }
  });

  it("a purge endpoint that is down: logged, short edge lifetimes, and the purge delivered once it is back", async () => {
    expect(await edgeHit("/portfolio")).not.toContain("Case Borda sem purga");
    await purgeSwitch.down();
    await savePortfolio(a, "Case Borda sem purga");
    // Both instances hear of the save and try: each gives up after its retries and says so.
    const failed = (server: RunningServer) => server.logs().some((line) => line.level === "error" && String(line.msg).startsWith("edge purge failed"));
    for (let waited = 0; !(failed(a) && failed(b)); waited += 100) {
      expect(waited, "no 'edge purge failed' line").toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Stored pages now live 5 s at the edge; the page kept before the save is still there (stale
    // for at most its lifetime, 60 s, or until the purge is delivered).
    for (const server of [a, b]) {
      expect((await fetch(`${server.baseUrl}/portfolio`)).headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, must-revalidate");
    }
    expect(await (await edge("/portfolio")).text()).not.toContain("Case Borda sem purga");

    await purgeSwitch.up();
    await msUntilEdgeShows("/portfolio", "Case Borda sem purga", 8000);
    for (let waited = 0; (await fetch(`${a.baseUrl}/portfolio`)).headers.get("cache-control")?.includes("s-maxage=5"); waited += 100) {
      expect(waited, "the edge lifetime never came back").toBeLessThan(8000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(a.logs().some((line) => line.msg === "edge purge delivered again")).toBe(true);
  }, 40_000);
});
