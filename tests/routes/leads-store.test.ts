// Every contact is kept as a lead before anything else happens: the contact and diagnostic forms
// (their action without JavaScript, /api/contatos with it) with the page and the visit's
// attribution, and chat conversations with their whole transcript (JSON and plain form), the
// webhook's errors marked as such. Storing never stands in the visitor's way: storing off, a
// failure, or past the per-address hourly cap, the visitor's WhatsApp redirect and chat answers
// are exactly as without leads.
import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { db as Db } from "~/lib/db.server";
import { expectErrorOutput } from "../helpers/error-trap";
import { cookiesFrom, formRequest, ORIGIN } from "../helpers/request";
import { startWebhookServer, type WebhookProcess } from "../helpers/webhook-server";

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let webhook: WebhookProcess;
let contato: typeof import("~/routes/_site.contato");
let home: typeof import("~/routes/_site._index");
let beacon: typeof import("~/routes/api.contatos");
let chat: typeof import("~/routes/api.chat");
// The app's modules load after CHAT_WEBHOOK_URL is set (the environment is read once, at load).
let db: typeof Db;
let countPageView: typeof import("~/lib/analytics/counter.server").countPageView;
let requestInfoContext: typeof import("~/lib/request-info.server").requestInfoContext;
let LEADS_PER_ADDRESS_PER_HOUR: number;

beforeAll(async () => {
  webhook = await startWebhookServer({ WEBHOOK_SLOW_MS: "60000" });
  process.env.CHAT_WEBHOOK_URL = webhook.url;
  process.env.CHAT_TIMEOUT_MS = "1500";
  [contato, home, beacon, chat] = await Promise.all([
    import("~/routes/_site.contato"),
    import("~/routes/_site._index"),
    import("~/routes/api.contatos"),
    import("~/routes/api.chat"),
  ]);
  ({ db } = await import("~/lib/db.server"));
  ({ countPageView } = await import("~/lib/analytics/counter.server"));
  ({ requestInfoContext } = await import("~/lib/request-info.server"));
  ({ LEADS_PER_ADDRESS_PER_HOUR } = await import("~/lib/leads/store.server"));
});
afterAll(() => webhook?.stop());
beforeEach(async () => {
  await db.lead.deleteMany();
  await db.rateLimit.deleteMany();
  await db.siteSettings.updateMany({ data: { storeLeads: true } });
});

let addresses = 0;
/** A visitor's address of its own, so limits of one test never touch another's. */
const newAddress = () => `198.51.100.${++addresses}`;

function args(request: Request, ip: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, requestId: "t" });
  return { request, params: {}, context, unstable_pattern: "" } as never;
}

/** A visit counted by the insights, as the HTTP server counts it once the page is sent. */
function visit(ip: string, url: string, referer?: string) {
  const req = { method: "GET", url, headers: { "user-agent": UA, host: "localhost:3000", ...(referer ? { referer } : {}) }, socket: { remoteAddress: ip } };
  const res = { writableFinished: true, statusCode: 200, getHeader: () => "text/html; charset=utf-8" };
  countPageView(req as unknown as IncomingMessage, res as unknown as ServerResponse);
}

/** "Guardar contatos no painel" in Configurações (the settings row holds it). */
async function storeLeads(on: boolean) {
  const { saveSiteSettings, getSiteSettings } = await import("~/lib/site-settings.server");
  if ((await db.siteSettings.count()) === 0) await saveSiteSettings(await getSiteSettings());
  await db.siteSettings.update({ where: { id: 1 }, data: { storeLeads: on } });
}

const CONTACT = {
  name: "Maria Souza",
  email: "maria@exemplo.com.br",
  phone: "(11) 98765-4321",
  company: "Padaria Sol",
  message: "Quero um site novo para a padaria.",
};
const DIAGNOSTIC = { name: "João Lima", phone: "(21) 99876-5432", revenue: "50-100k" };

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
    throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function postContact(fields: Record<string, string>, ip = newAddress()) {
  return thrown(contato.action(args(formRequest("/contato", fields, { headers: { "User-Agent": UA } }), ip)));
}

describe("form leads", () => {
  it("the contact form (no JavaScript) keeps every field, the page and the visit's attribution, then redirects to WhatsApp as before", async () => {
    const ip = newAddress();
    visit(ip, "/?utm_source=Google&utm_medium=cpc&utm_campaign=verao", "https://www.google.com/search?q=agencia");
    const response = await postContact(CONTACT, ip);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    const lead = await db.lead.findFirstOrThrow();
    expect(lead).toMatchObject({
      kind: "contato",
      ...CONTACT,
      page: "/contato",
      source: "google.com",
      medium: "cpc",
      campaign: "google/cpc/verao",
      status: "novo",
      ownerId: null,
    });
    expect(lead.searchText).toContain("maria souza");
    expect(lead.searchText).toContain("11987654321");
  });

  it("the diagnostic form keeps its fields and the home page it was sent from", async () => {
    const ip = newAddress();
    visit(ip, "/");
    const response = await thrown(home.action(args(formRequest("/?index", DIAGNOSTIC, { headers: { "User-Agent": UA } }), ip)));
    expect(response.status).toBe(302);
    expect(await db.lead.findFirstOrThrow()).toMatchObject({
      kind: "diagnostico",
      name: "João Lima",
      phone: "(21) 99876-5432",
      revenue: "50-100k",
      page: "/",
      source: "direto",
    });
  });

  it("with JavaScript the form's beacon to /api/contatos keeps the same lead, with the page it names", async () => {
    const ip = newAddress();
    const response = await beacon.action(
      args(formRequest("/api/contatos", { ...CONTACT, formulario: "contato", pagina: "/servicos" }, { headers: { "User-Agent": UA } }), ip),
    );
    expect(response.status).toBe(204);
    expect(await db.lead.findFirstOrThrow()).toMatchObject({ kind: "contato", ...CONTACT, page: "/servicos" });
    // A made-up form, or a form the schema refuses, is refused and stores nothing.
    const unknown = await beacon.action(args(formRequest("/api/contatos", { ...CONTACT, formulario: "constructor" }), ip));
    expect(unknown.status).toBe(400);
    const invalid = await beacon.action(args(formRequest("/api/contatos", { ...CONTACT, email: "x", formulario: "contato" }), ip));
    expect(invalid.status).toBe(400);
    expect(await db.lead.count()).toBe(1);
  });

  it("every field has a length limit with a Portuguese message, and nothing is stored", async () => {
    const result = (await contato.action(
      args(formRequest("/contato", { ...CONTACT, name: "a".repeat(101), message: "b".repeat(2001) }), newAddress()),
    )) as unknown as {
      data: { errors: Record<string, string[]> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.errors.name).toEqual(["O nome pode ter no máximo 100 caracteres"]);
    expect(result.data.errors.message).toEqual(["A mensagem pode ter no máximo 2000 caracteres"]);
    expect(await db.lead.count()).toBe(0);
  });

  it("a failure to store is logged as an error (without the person's data) and the visitor still gets WhatsApp", async () => {
    const errors = expectErrorOutput();
    const spy = vi.spyOn(db.lead, "create").mockRejectedValueOnce(new Error("database is locked"));
    try {
      const response = await postContact(CONTACT);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^https:\/\/wa\.me\//);
    } finally {
      spy.mockRestore();
    }
    const logged = errors();
    expect(logged.at(-1)).toMatchObject({ msg: "leads: a form's contact could not be stored" });
    expect(JSON.stringify(logged)).not.toContain("maria@exemplo.com.br");
  });

  it("with storing off (Configurações) the form only opens WhatsApp", async () => {
    await storeLeads(false);
    const response = await postContact(CONTACT);
    expect(response.status).toBe(302);
    expect(await db.lead.count()).toBe(0);
  });

  it("one address stores at most its hourly number of leads: the rest still go to WhatsApp, and the excess is logged once", async () => {
    const ip = newAddress();
    const lines: unknown[] = [];
    const { logger } = await import("~/lib/logger.server");
    const warn = vi.spyOn(logger, "warn").mockImplementation(((...a: unknown[]) => void lines.push(a)) as never);
    try {
      for (let i = 0; i < LEADS_PER_ADDRESS_PER_HOUR + 3; i++) {
        const response = await beacon.action(args(formRequest("/api/contatos", { ...DIAGNOSTIC, name: `Pessoa ${i}`, formulario: "diagnostico" }), ip));
        expect(response.status).toBe(204);
        // The forms' own per-visitor limit (20 per 10 minutes) is not what is tested here.
        await db.rateLimit.deleteMany({ where: { key: { startsWith: "form:" } } });
      }
    } finally {
      warn.mockRestore();
    }
    expect(await db.lead.count()).toBe(LEADS_PER_ADDRESS_PER_HOUR);
    expect(lines.filter((line) => JSON.stringify(line).includes("hourly limit"))).toHaveLength(1);
    // Another address is not held back.
    await postContact(CONTACT);
    expect(await db.lead.count()).toBe(LEADS_PER_ADDRESS_PER_HOUR + 1);
  });
});

function jsonChat(message: string, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN, "User-Agent": UA, Referer: `${ORIGIN}/servicos` });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}/api/chat`, { method: "POST", headers, body: JSON.stringify({ message }) });
}

describe("chat leads", () => {
  it("with JavaScript: a lead at the first message, then the whole transcript with times, webhook errors marked", async () => {
    const ip = newAddress();
    const first: Response = await chat.action(args(jsonChat("Olá, quero um orçamento"), ip));
    expect(await first.json()).toEqual({ reply: "Resposta do webhook: Olá, quero um orçamento" });
    const cookie = cookiesFrom(first);
    expect(await db.lead.findFirstOrThrow()).toMatchObject({ kind: "chat", message: "Olá, quero um orçamento", page: "/servicos" });
    const errors = expectErrorOutput();
    const failed: Response = await chat.action(args(jsonChat("modo:500 e agora?", cookie), ip));
    expect(failed.status).toBe(502);
    expect(errors().at(-1)).toMatchObject({ msg: "chat webhook failed" });
    const lead = await db.lead.findFirstOrThrow({ include: { messages: { orderBy: { id: "asc" } } } });
    expect(await db.lead.count()).toBe(1);
    expect(lead.messages.map(({ role, content, error }) => ({ role, content, error }))).toEqual([
      { role: "user", content: "Olá, quero um orçamento", error: false },
      { role: "assistant", content: "Resposta do webhook: Olá, quero um orçamento", error: false },
      { role: "user", content: "modo:500 e agora?", error: false },
      { role: "assistant", content: "Desculpe, ocorreu um erro. Tente novamente.", error: true },
    ]);
    for (const message of lead.messages) expect(message.createdAt).toBeInstanceOf(Date);
    expect(lead.searchText).toContain("e agora?");
  });

  it("without JavaScript: the same transcript, and the conversation the page shows is kept as before", async () => {
    const ip = newAddress();
    const post = (message: string, cookie?: string) =>
      thrown(chat.action(args(formRequest("/api/chat", { message, redirectTo: "/contato" }, { cookie, headers: { "User-Agent": UA } }), ip)));
    const first = await post("Vocês fazem tráfego pago?");
    expect(first.status).toBe(303);
    const cookie = cookiesFrom(first);
    const errors = expectErrorOutput();
    await post("modo:slow demora", cookie.split(";")[0]);
    expect(errors().at(-1)).toMatchObject({ msg: "chat webhook failed" });
    const lead = await db.lead.findFirstOrThrow({ include: { messages: { orderBy: { id: "asc" } } } });
    expect(lead.messages.map(({ role, content, error }) => ({ role, content, error }))).toEqual([
      { role: "user", content: "Vocês fazem tráfego pago?", error: false },
      { role: "assistant", content: "Resposta do webhook: Vocês fazem tráfego pago?", error: false },
      { role: "user", content: "modo:slow demora", error: false },
      { role: "assistant", content: "Desculpe, ocorreu um erro. Tente novamente.", error: true },
    ]);
    expect(await db.chatConversation.count()).toBeGreaterThan(0);
  }, 20_000);

  it("a refused message (empty, or past the limit) is no lead", async () => {
    const response: Response = await chat.action(args(jsonChat("   "), newAddress()));
    expect(response.status).toBe(400);
    expect(await db.lead.count()).toBe(0);
  });

  it("with storing off the chat answers as before and keeps no lead", async () => {
    await storeLeads(false);
    const response: Response = await chat.action(args(jsonChat("Olá"), newAddress()));
    expect(response.status).toBe(200);
    expect(await db.lead.count()).toBe(0);
  });
});
