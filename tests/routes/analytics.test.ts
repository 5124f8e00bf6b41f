// The privacy-first insights, through the built production server (its page cache included) on
// this file's database: every metric is counted as it should (page views per path, visitors,
// sources, campaigns, devices, WhatsApp clicks per link, chat, forms), what must not count does
// not (HEAD, bots, prefetches, admin sessions, error pages, assets, the admin, data re-fetched for
// the same page), the counts reach the database within 15 seconds, the export answers only admins
// in its fixed format, and ANALYTICS=off counts nothing.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { keyedHash } from "~/lib/derived-keys.server";
import { KEYS_PER_DAY, OTHER, saoPauloDay, VIEWS_PER_ADDRESS_PER_MINUTE, VISITORS_PER_ADDRESS_PER_DAY } from "~/lib/analytics/counter.server";
import { site } from "~/content/site";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { freePort } from "../../scripts/lib/free-port.ts";
import { sessionCookie } from "./admin-fixtures";

const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SALES = site.salesPhone.replace(/\D/g, "");
const CEO = site.ceoPhone.replace(/\D/g, "");

let server: RunningServer;
let webhook: Server;
let admin: string;
const today = saoPauloDay();

beforeAll(async () => {
  // The chat's automation: answers, except for messages asking it to fail.
  webhook = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const failing = body.includes("falhe");
    res.writeHead(failing ? 500 : 200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ reply: "Olá! Como posso ajudar?" }));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => webhook.listen(port, "127.0.0.1", resolve));
  // Signed with the secret the test process signs its admin sessions with.
  server = await startServer({
    TRUST_PROXY: "1",
    CHAT_WEBHOOK_URL: `http://127.0.0.1:${port}/webhook`,
    CHAT_RATE_LIMIT: "1000",
    SESSION_SECRET: process.env.SESSION_SECRET,
    // Each check waits for a flush: every 2 s by default, most of this file's time.
    ANALYTICS_FLUSH_MS: "200",
  });
  admin = await sessionCookie();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (webhook ? webhook.close(() => resolve()) : resolve()));
});

interface Visit {
  ua?: string | null;
  from?: string;
  referer?: string;
  method?: string;
  headers?: Record<string, string>;
}

function visit(path: string, { ua = DESKTOP, from = "10.0.0.1", referer, method = "GET", headers = {} }: Visit = {}, target = server) {
  return fetch(`${target.baseUrl}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(ua ? { "User-Agent": ua } : {}),
      "X-Forwarded-For": from,
      ...(referer ? { Referer: referer } : {}),
      ...headers,
    },
  }).then(async (response) => {
    await response.arrayBuffer();
    return response;
  });
}

/** A report as the links' `ping` sends it (text/ping), or a beacon. */
function report(query: Record<string, string>, { ua = DESKTOP, from = "10.0.0.1", headers = {} }: Visit = {}, target = server) {
  return fetch(`${target.baseUrl}/api/estatisticas?${new URLSearchParams(query)}`, {
    method: "POST",
    headers: { "User-Agent": ua ?? "", "X-Forwarded-For": from, "Content-Type": "text/ping", "Sec-Fetch-Site": "same-origin", ...headers },
    body: "PING",
  });
}

type Totals = Map<string, number>;

async function totals(): Promise<Totals> {
  const rows = await db.analyticsDaily.findMany({ where: { day: today } });
  return new Map(rows.map((row) => [`${row.metric}|${row.key}`, row.total]));
}

/** The sentinel's click: the chat button with the CEO's number, which nothing else here reports. */
const SENTINEL = `whatsapp|chat:${CEO}`;
let sentinels = 0;
/**
 * Waits until everything the server counted before now is in the database: a click only the
 * sentinels report is sent last, and the flush that stores it stores all that came before. Fails
 * past 15 seconds, the promise the insights page makes.
 */
async function settled(): Promise<Totals> {
  const sent = ++sentinels;
  expect((await report({ evento: "whatsapp", botao: "chat", numero: CEO }, { from: `10.99.0.${sent}` })).status).toBe(204);
  await expect.poll(async () => (await totals()).get(SENTINEL), { timeout: 15_000, interval: 200 }).toBe(sent);
  return totals();
}

function changes(before: Totals, after: Totals): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [id, total] of after) {
    const delta = total - (before.get(id) ?? 0);
    if (delta !== 0 && id !== SENTINEL && id !== `whatsapp|vendas:${CEO}`) result[id] = delta;
  }
  return result;
}

describe("insights", () => {
  it("counts page views per path (cached answers too), visits by source, campaign and device, and unique visitors", async () => {
    const before = await settled();
    // One visitor from Google with a campaign, then two more views (the page cache answers them).
    expect((await visit("/servicos?utm_source=Google&utm_medium=cpc&utm_campaign=Black%20Friday", { referer: "https://www.google.com/" })).status).toBe(200);
    await visit("/servicos", { referer: "https://www.google.com/search?q=x" });
    const cached = await visit("/servicos", { referer: "https://www.google.com/search?q=x" });
    expect(cached.headers.get("x-cache")).toBe("HIT");
    // A step inside the site: a view, not a visit.
    await visit("/sobre", { referer: `${server.baseUrl}/servicos` });
    await visit("/sobre", { referer: `${server.baseUrl}/blog` });
    // A phone typing the address, a tablet from Instagram; a revalidation (304) still counts.
    const first = await visit("/curso", { ua: PHONE, from: "10.0.0.2" });
    await visit("/curso", { ua: PHONE, from: "10.0.0.2", headers: { "If-None-Match": first.headers.get("etag")! } }).then((r) => expect(r.status).toBe(304));
    await visit("/window-films", { ua: TABLET, from: "10.0.0.3", referer: "https://l.instagram.com/" });
    // A navigation made with JavaScript: the page's data, asked for from another page.
    expect((await visit("/portfolio.data", { ua: PHONE, from: "10.0.0.2", referer: `${server.baseUrl}/curso` })).status).toBe(200);
    // The same visitor again from another browser: a second visitor for the day.
    await visit("/sobre", { ua: PHONE, from: "10.0.0.1" });

    expect(changes(before, await settled())).toEqual({
      "visualizacoes|/servicos": 3,
      "visualizacoes|/sobre": 3,
      "visualizacoes|/curso": 2,
      "visualizacoes|/window-films": 1,
      "visualizacoes|/portfolio": 1,
      "origem|google.com": 3,
      "origem|direto": 3,
      // Instagram's link shim counts as Instagram.
      "origem|instagram.com": 1,
      "campanha|google/cpc/black friday": 1,
      "dispositivo|computador": 3,
      "dispositivo|celular": 3,
      "dispositivo|tablet": 1,
      // 10.0.0.1 on a computer and on a phone, 10.0.0.2 and 10.0.0.3 (a sentinel counts no visitor).
      "visitantes|": 4,
    });

    // Seen again later the same day (after a flush), nobody counts as a new visitor.
    const again = await settled();
    await visit("/sobre", { from: "10.0.0.1" });
    await visit("/sobre", { ua: PHONE, from: "10.0.0.2" });
    expect(changes(again, await settled())).toEqual({ "visualizacoes|/sobre": 2, "origem|direto": 2, "dispositivo|computador": 1, "dispositivo|celular": 1 });

    // What is stored of a visitor: a salted hash, never the address; the salt is today's only.
    const visitors = await db.analyticsVisitor.findMany();
    expect(visitors.length).toBeGreaterThanOrEqual(4);
    for (const v of visitors) {
      expect(v.day).toBe(today);
      expect(v.hash).not.toContain("10.0.0");
      expect(v.hash).toMatch(/^[\w-]{24}$/);
    }
    // The salt of the day is derived from SESSION_SECRET (the same on every instance), never stored.
    const salt = keyedHash("insights-visitor-salt", today);
    const hash = createHash("sha256").update(`${salt}\n10.0.0.1\n${DESKTOP}`).digest("base64url").slice(0, 24);
    expect(visitors.map((v) => v.hash)).toContain(hash);
    expect(JSON.stringify(visitors)).not.toContain(salt);
  });

  it("does not count HEAD, bots, prefetches, admin sessions, error pages, redirects, assets, the admin or data re-fetched for the same page", async () => {
    const before = await settled();
    await visit("/blog", { method: "HEAD" });
    await visit("/blog", { ua: BOT });
    await visit("/blog", { ua: "curl/8.5.0" });
    await visit("/blog", { ua: null });
    await visit("/blog", { headers: { "Sec-Purpose": "prefetch" } });
    await visit("/blog", { headers: { "Sec-Purpose": "prefetch;prerender" } });
    await visit("/blog", { headers: { Purpose: "prefetch" } });
    await visit("/blog", { headers: { Cookie: admin } });
    expect((await visit("/pagina-que-nao-existe")).status).toBe(404);
    expect((await visit("/blog/post-que-nao-existe")).status).toBe(404);
    await visit("/favicon.svg");
    await visit("/robots.txt");
    await visit("/sitemap.xml");
    await visit("/healthz");
    await visit("/admin/login");
    await visit("/admin/estatisticas", { headers: { Cookie: admin } });
    expect((await visit("/admin/dashboard")).status).toBe(302);
    // Data fetched again for the page the visitor is on (after a form or chat post).
    await visit("/blog.data", { referer: `${server.baseUrl}/blog` });
    const page = await (await fetch(`${server.baseUrl}/`, { headers: { "User-Agent": BOT } })).text();
    const asset = page.match(/\/assets\/[^"]+\.js/)![0];
    expect((await visit(asset)).status).toBe(200);

    expect(changes(before, await settled())).toEqual({});
  });

  it("counts WhatsApp clicks per button and number, credited to their page and to the visit's source and campaign", async () => {
    // A visitor arrives from Instagram with a campaign, then clicks on the course page.
    await visit("/curso?utm_source=instagram&utm_medium=social&utm_campaign=curso-ia", { ua: PHONE, from: "10.0.1.1", referer: "https://instagram.com/" });
    const before = await settled();
    const ping = { "Ping-From": `${server.baseUrl}/curso`, "Ping-To": `https://wa.me/${SALES}` };
    expect((await report({ evento: "whatsapp", botao: "curso", numero: SALES, pagina: "/curso" }, { ua: PHONE, from: "10.0.1.1", headers: ping })).status).toBe(
      204,
    );
    // The Window Films button (another number) from a visitor who came straight in.
    await visit("/window-films", { from: "10.0.1.2" });
    await report({ evento: "whatsapp", botao: "window-films", numero: site.videoPhone, pagina: "/window-films" }, { from: "10.0.1.2" });
    // A link in the static footer says no page: the Referer tells it.
    await report({ evento: "whatsapp", botao: "vendas", numero: SALES }, { from: "10.0.1.2", headers: { Referer: `${server.baseUrl}/sobre` } });
    // Not counted: made-up buttons, numbers that are not the site's, bots, admins, other events.
    await report({ evento: "whatsapp", botao: "inventado", numero: SALES, pagina: "/curso" }, { from: "10.0.1.3" });
    await report({ evento: "whatsapp", botao: "vendas", numero: "5511999999999", pagina: "/curso" }, { from: "10.0.1.3" });
    await report({ evento: "whatsapp", botao: "vendas", numero: SALES, pagina: "/curso" }, { ua: BOT, from: "10.0.1.3" });
    await report({ evento: "whatsapp", botao: "vendas", numero: SALES, pagina: "/curso" }, { from: "10.0.1.3", headers: { Cookie: admin } });
    await report({ evento: "outro" }, { from: "10.0.1.3" });
    expect((await visit("/api/estatisticas?evento=whatsapp&botao=vendas")).status).toBe(405);

    expect(changes(before, await settled())).toEqual({
      [`whatsapp|curso:${SALES}`]: 1,
      "whatsapp_pagina|/curso": 1,
      "whatsapp_origem|instagram.com": 1,
      "whatsapp_campanha|instagram/social/curso-ia": 1,
      [`whatsapp|window-films:${site.videoPhone.replace(/\D/g, "")}`]: 1,
      "whatsapp_pagina|/window-films": 1,
      "whatsapp_origem|direto": 2,
      [`whatsapp|vendas:${SALES}`]: 1,
      "whatsapp_pagina|/sobre": 1,
      "visualizacoes|/window-films": 1,
      "origem|direto": 1,
      "dispositivo|computador": 1,
      "visitantes|": 1,
    });
  });

  it("limits the reports one address may send", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await report({ evento: "whatsapp", botao: "vendas", numero: CEO }, { from: "10.0.2.1" })).status);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("counts chat conversations started, messages sent and webhook failures", async () => {
    const before = await settled();
    const chat = (message: string, cookie = "") =>
      fetch(`${server.baseUrl}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": DESKTOP, "X-Forwarded-For": "10.0.3.1", Origin: server.baseUrl, Cookie: cookie },
        body: JSON.stringify({ message }),
      });
    const first = await chat("Quanto custa um site?");
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await chat("E o prazo?", cookie)).status).toBe(200);
    expect((await chat("falhe agora, por favor", cookie)).status).toBe(502);
    expect((await chat("", cookie)).status).toBe(400);
    // Without JavaScript: the chat's form starts a conversation of its own.
    const form = await fetch(`${server.baseUrl}/api/chat`, {
      method: "POST",
      redirect: "manual",
      headers: { "User-Agent": DESKTOP, "X-Forwarded-For": "10.0.3.2", Origin: server.baseUrl },
      body: new URLSearchParams({ message: "Olá", redirectTo: "/" }),
    });
    expect(form.status).toBe(303);
    expect(changes(before, await settled())).toEqual({ "chat|conversas": 2, "chat|mensagens": 4, "chat|falhas": 1 });
  });

  it("counts the diagnostic and contact forms sent, through the server and by beacon, with the WhatsApp chat they open", async () => {
    const before = await settled();
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "User-Agent": DESKTOP, "X-Forwarded-For": "10.0.4.1", Origin: server.baseUrl },
        body: new URLSearchParams(fields),
      });
    const contact = await post("/contato", {
      name: "Ana Lima",
      email: "ana@example.com",
      phone: "(62) 98888-7777",
      company: "",
      message: "Quero um site novo",
    });
    expect(contact.status).toBe(302);
    expect(contact.headers.get("Location")).toMatch(/^https:\/\/wa\.me\//);
    expect((await post("/?index", { name: "Carlos", phone: "62 97777-6666", revenue: "acima-300k" })).status).toBe(302);
    // Invalid or a bot's: not sent, not counted.
    expect((await post("/contato", { name: "" })).status).toBe(400);
    await post("/contato", { name: "Bot", email: "b@b.com", phone: "62999990000", message: "spam spam", website_url: "http://spam" });
    // With JavaScript the browser opens WhatsApp itself and reports the form.
    expect((await report({ evento: "formulario", formulario: "diagnostico", pagina: "/" }, { from: "10.0.4.2" })).status).toBe(204);
    await report({ evento: "formulario", formulario: "inventado", pagina: "/" }, { from: "10.0.4.2" });

    expect(changes(before, await settled())).toEqual({
      "formulario|contato": 1,
      "formulario|diagnostico": 2,
      [`whatsapp|formulario:${SALES}`]: 3,
      "whatsapp_pagina|/contato": 1,
      "whatsapp_pagina|/": 2,
    });
  });

  it("exports the counts as CSV to admins only, in São Paulo days and the export's metric names, for a Brazilian spreadsheet", async () => {
    // Campaigns a spreadsheet must show as text: one holding the separator, one like a formula.
    await visit("/sobre?utm_source=news&utm_medium=email&utm_campaign=x;=1%2B1", { from: "10.0.6.1" });
    await visit("/sobre?utm_source=%3DHYPERLINK(1)&utm_medium=a&utm_campaign=b", { from: "10.0.6.2" });
    await settled();
    const anonymous = await visit(`/admin/estatisticas.csv?de=${today}&ate=${today}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/admin/login");

    const csv = await fetch(`${server.baseUrl}/admin/estatisticas.csv?de=${today}&ate=${today}`, { headers: { Cookie: admin } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A UTF-8 byte order mark, so the accents read right; `;` between fields, as pt-BR spreadsheets split.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Dia;Métrica;Chave;Total");
    expect(lines).toContain(`${today};campanha;"news/email/x;=1+1";1`);
    expect(lines).toContain(`${today};campanha;'=hyperlink(1)/a/b;1`);
    const rows = lines.slice(1).map((line) => line.replace(/"[^"]*"/g, "").split(";"));
    const metrics = new Set(rows.map((r) => r[1]));
    expect([...metrics].sort()).toEqual(["campanha", "chat", "dispositivo", "formulario", "origem", "visitantes", "visualizacoes", "whatsapp"]);
    expect(rows.every((r) => r[0] === today)).toBe(true);
    expect(rows.every((r) => r.length === 4)).toBe(true);
    expect(lines).toContain(`${today};visualizacoes;/servicos;3`);
    expect(lines).toContain(`${today};chat;conversas;2`);
    expect(lines).toContain(`${today};formulario;diagnostico;2`);
    expect(lines.some((l) => l.startsWith(`${today};visitantes;;`))).toBe(true);

    for (const query of ["de=2026-13-01&ate=2026-12-01", `de=${today}`, "de=2026-02-01&ate=2026-01-01", "de=2020-01-01&ate=2026-01-01"]) {
      const bad = await fetch(`${server.baseUrl}/admin/estatisticas.csv?${query}`, { headers: { Cookie: admin } });
      expect(bad.status, query).toBe(400);
      expect(await bad.text()).toMatch(/data|período/);
    }
  });

  it("shows the totals on /admin/estatisticas without JavaScript, and refuses bad dates with a message", async () => {
    const page = await fetch(`${server.baseUrl}/admin/estatisticas?periodo=7`, { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Estatísticas");
    expect(html).toContain("Visitas e conversões por dia");
    expect(html).toMatch(/<caption>Visitas, visualizações e conversões por dia<\/caption>/);
    expect(html).toContain("/servicos");
    expect(html).toContain("google.com");
    expect(html).toContain("google/cpc/black friday");
    const bad = await fetch(`${server.baseUrl}/admin/estatisticas?de=ontem&ate=hoje`, { headers: { Cookie: admin } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Informe as duas datas do período");
    expect((await visit("/admin/estatisticas")).status).toBe(302);
  });

  it("counts a page under one spelling of its path, and a click's page only when it is one of the site's", async () => {
    const before = await settled();
    for (const path of ["/contato", "/CONTATO", "/%63ontato", "/contato/"]) expect((await visit(path, { from: "10.0.7.1" })).status, path).toBe(200);
    // The page's own data fetched again after a post, asked for under another spelling: not a view.
    await visit("/CONTATO.data", { from: "10.0.7.1", referer: `${server.baseUrl}/contato` });
    const click = (query: Record<string, string>) => report({ evento: "whatsapp", numero: SALES, ...query }, { from: "10.0.7.2" });
    await click({ botao: "vendas", pagina: "/SOBRE" });
    // Made-up pages and look-ups on an object's inherited names count nothing of their own.
    await click({ botao: "vendas", pagina: "/pagina-inventada" });
    await click({ botao: "vendas", pagina: "/blog/post-que-nao-existe" });
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      await click({ botao: name, pagina: "/sobre" });
      await report({ evento: "formulario", formulario: name, pagina: "/" }, { from: "10.0.7.3" });
    }
    expect(changes(before, await settled())).toEqual({
      "visualizacoes|/contato": 4,
      "origem|direto": 4,
      "dispositivo|computador": 4,
      "visitantes|": 1,
      // Three clicks on a real button and number, one of them from a page of the site.
      [`whatsapp|vendas:${SALES}`]: 3,
      "whatsapp_pagina|/sobre": 1,
    });
  });

  it("counts sources by site: link shims, subdomains and apps under the site's one name", async () => {
    const before = await settled();
    const referers = [
      "https://l.instagram.com/?u=x",
      "https://www.instagram.com/",
      "https://lm.facebook.com/l.php?u=x",
      "https://m.facebook.com/",
      "https://mail.google.com/",
      "https://www.google.com.br/",
      "https://t.co/abc",
      "android-app://com.instagram.android/",
      "https://blog.example.org/post",
    ];
    for (const [i, referer] of referers.entries()) await visit("/sobre", { from: `10.0.8.${i + 1}`, referer });
    const counted = changes(before, await settled());
    expect(Object.fromEntries(Object.entries(counted).filter(([id]) => id.startsWith("origem|")))).toEqual({
      "origem|instagram.com": 3,
      "origem|facebook.com": 2,
      "origem|google.com": 2,
      "origem|x.com": 1,
      "origem|blog.example.org": 1,
    });
  });

  it("credits a click made right after a second page view to the visit's source", async () => {
    await visit("/servicos?utm_source=google&utm_medium=cpc&utm_campaign=segunda", { from: "10.0.9.1", referer: "https://www.google.com/" });
    const before = await settled();
    // A step inside the site, then at once (before the next flush) a click on that page.
    await visit("/contato", { from: "10.0.9.1", referer: `${server.baseUrl}/servicos` });
    await report({ evento: "whatsapp", botao: "vendas", numero: SALES, pagina: "/contato" }, { from: "10.0.9.1" });
    expect(changes(before, await settled())).toEqual({
      "visualizacoes|/contato": 1,
      [`whatsapp|vendas:${SALES}`]: 1,
      "whatsapp_pagina|/contato": 1,
      "whatsapp_origem|google.com": 1,
      "whatsapp_campanha|google/cpc/segunda": 1,
    });
  });

  it("does not count the staff's own sign-out, which lands on the home page", async () => {
    const before = await settled();
    const staff = await sessionCookie();
    const dashboard = `${server.baseUrl}/admin/dashboard`;
    const out = await fetch(`${server.baseUrl}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: staff, Origin: server.baseUrl, Referer: dashboard, "User-Agent": DESKTOP, "X-Forwarded-For": "10.0.10.1" },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    // The browser follows without the admin session (cleared), from the page it signed out on;
    // with JavaScript, the home page's data from there; from the admin under another spelling too.
    const toast = out.headers
      .getSetCookie()
      .find((c) => c.startsWith("__toast="))!
      .split(";")[0]!;
    expect((await visit("/", { from: "10.0.10.1", referer: dashboard, headers: { Cookie: toast } })).status).toBe(200);
    await visit("/_root.data", { from: "10.0.10.1", referer: dashboard });
    await visit("/sobre", { from: "10.0.10.1", referer: `${server.baseUrl}/ADMIN/blog` });
    expect(changes(before, await settled())).toEqual({});
  });

  it("keeps the query string on an old blog address's redirect, which browsers never keep", async () => {
    const post = await db.blogPost.create({
      data: { title: "Renomeado", slug: "endereco-atual", coverImage: "/media/blog-media/blog-covers/1.png", excerpt: "Resumo", content: "<p>Texto</p>" },
    });
    await db.blogSlugRedirect.create({ data: { fromSlug: "endereco-velho", postId: post.id } });
    const before = await settled();
    const query = "?utm_source=newsletter&utm_medium=email&utm_campaign=renomeado";
    for (const path of [`/blog/endereco-velho${query}`, `/blog/endereco-velho/${query}`]) {
      const moved = await visit(path, { from: "10.0.11.1" });
      expect(moved.status, path).toBe(301);
      expect(moved.headers.get("Location"), path).toBe(`/blog/endereco-atual${query}`);
      expect(moved.headers.get("Cache-Control"), path).toBe("no-store");
    }
    // With JavaScript the data request's redirect carries it too.
    const data = await fetch(`${server.baseUrl}/blog/endereco-velho.data${query}`, { headers: { "User-Agent": DESKTOP, "X-Forwarded-For": "10.0.11.1" } });
    expect(await data.text()).toContain(`/blog/endereco-atual${query}`);
    expect((await visit(`/blog/endereco-atual${query}`, { from: "10.0.11.1", referer: "https://mail.google.com/" })).status).toBe(200);
    expect(changes(before, await settled())).toEqual({
      "visualizacoes|/blog/endereco-atual": 1,
      "origem|google.com": 1,
      "campanha|newsletter/email/renomeado": 1,
      "dispositivo|computador": 1,
      "visitantes|": 1,
    });
  });

  it("bounds what anyone can add: keys per day and metric, key lengths, views and visitors per address", async () => {
    const before = await settled();
    const distinct = async (metric: string) => db.analyticsDaily.count({ where: { day: today, metric } });
    // Made-up referrers and campaigns, each from an address of its own: past the day's limit they add to "Outros".
    const sent = KEYS_PER_DAY + 30;
    for (let i = 0; i < sent; i++) {
      const from = `10.20.${Math.floor(i / 200)}.${i % 200}`;
      await visit(`/sobre?utm_source=spam&utm_campaign=c${i}-${"x".repeat(300)}`, { from, referer: `https://site-${i}.spam.example/` });
    }
    const after = await settled();
    const counted = changes(before, after);
    expect(await distinct("origem")).toBe(KEYS_PER_DAY + 1);
    expect(await distinct("campanha")).toBe(KEYS_PER_DAY + 1);
    expect(after.get(`origem|${OTHER}`)).toBeGreaterThanOrEqual(30);
    // Nothing is lost: every visit is counted, under its own key or "Outros".
    const visits = Object.entries(counted).filter(([id]) => id.startsWith("origem|"));
    expect(visits.reduce((sum, [, n]) => sum + n, 0)).toBe(sent);
    const campaigns = (await db.analyticsDaily.findMany({ where: { day: today, metric: "campanha" } })).map((row) => row.key);
    expect(Math.max(...campaigns.map((key) => key.length))).toBeLessThanOrEqual(3 * 40 + 2);

    // One address changing its user agent on every request: bounded views a minute and visitors a day.
    // Started early in a minute, so the burst stays within one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const flood = await settled();
    for (let i = 0; i < VIEWS_PER_ADDRESS_PER_MINUTE + 10; i++) await visit("/servicos", { ua: `${DESKTOP} Variante/${i}`, from: "10.0.12.1" });
    const flooded = changes(flood, await settled());
    expect(flooded["visualizacoes|/servicos"]).toBe(VIEWS_PER_ADDRESS_PER_MINUTE);
    expect(flooded["visitantes|"]).toBe(VISITORS_PER_ADDRESS_PER_DAY);
  }, 120_000);

  it("counts nothing with ANALYTICS=off", async () => {
    const before = await settled();
    const off = await startServer({ TRUST_PROXY: "1", ANALYTICS: "off", SESSION_SECRET: process.env.SESSION_SECRET });
    try {
      await visit("/servicos?utm_source=desligado", { from: "10.0.5.1", referer: "https://desligado.example/" }, off);
      await visit("/servicos", { from: "10.0.5.1" }, off);
      expect((await report({ evento: "whatsapp", botao: "curso", numero: SALES, pagina: "/desligado" }, { from: "10.0.5.1" }, off)).status).toBe(204);
      const chat = await fetch(`${off.baseUrl}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": DESKTOP, Origin: off.baseUrl },
        body: JSON.stringify({ message: "Oi" }),
      });
      expect(chat.status).toBe(200);
      const html = await (await fetch(`${off.baseUrl}/admin/estatisticas`, { headers: { Cookie: admin } })).text();
      expect(html).toContain("A contagem está desligada neste servidor (ANALYTICS=off)");
    } finally {
      // A graceful stop stores whatever the instance counted: nothing.
      expect(await off.stop()).toBe(0);
    }
    expect(changes(before, await settled())).toEqual({});
  });
});
