// "Assumir conversa" on a chat lead: the webhook is no longer called for that conversation (the
// test webhook sees none of its messages), the visitor's messages reach the transcript at once,
// the staff member's replies reach the visitor (the live widget's GET /api/chat with JavaScript,
// the page's conversation without it) under their first name, and "Devolver ao assistente"
// resumes the webhook. Only a chat lead can be taken over.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { db as Db } from "~/lib/db.server";
import { chatCookiesAfter, cookiesFrom, formRequest, ORIGIN } from "../helpers/request";
import { startWebhookServer, type WebhookProcess } from "../helpers/webhook-server";

let webhook: WebhookProcess;
let chat: typeof import("~/routes/api.chat");
let leadPage: typeof import("~/routes/admin.contatos_.$id");
let fixtures: typeof import("./admin-fixtures");
let db: typeof Db;
let loadChatState: typeof import("~/lib/chat/state.server").loadChatState;
let requestInfoContext: typeof import("~/lib/request-info.server").requestInfoContext;

beforeAll(async () => {
  webhook = await startWebhookServer();
  process.env.CHAT_WEBHOOK_URL = webhook.url;
  // The app's modules load after CHAT_WEBHOOK_URL is set (the environment is read once, at load).
  chat = await import("~/routes/api.chat");
  leadPage = await import("~/routes/admin.contatos_.$id");
  fixtures = await import("./admin-fixtures");
  ({ db } = await import("~/lib/db.server"));
  ({ loadChatState } = await import("~/lib/chat/state.server"));
  ({ requestInfoContext } = await import("~/lib/request-info.server"));
});
afterAll(() => webhook?.stop());

let addresses = 0;
function args(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: `203.0.113.${++addresses}`, requestId: "t" });
  return { request, params: {}, context, unstable_pattern: "" } as never;
}

function jsonChat(message: string, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}/api/chat`, { method: "POST", headers, body: JSON.stringify({ message }) });
}

async function webhookSaw(text: string): Promise<boolean> {
  return (await webhook.requests()).some((request) => JSON.stringify(request).includes(text));
}

async function staffSession() {
  const staff = await fixtures.signedIn();
  await db.user.update({ where: { id: staff.user.id }, data: { name: "Ana Beatriz" } });
  return staff;
}

function onLead(id: string, fields: Record<string, string>, cookie: string) {
  const handler = (a: { params: Record<string, string> }) => leadPage.action({ ...a, params: { id } } as never);
  return fixtures.call(handler as never, formRequest(`/admin/contatos/${id}`, fields, { cookie }));
}

describe("taking over a chat", () => {
  it("with JavaScript: the webhook stops, the visitor's messages reach the lead, the staff reply reaches the visitor; hand-back resumes", async () => {
    const first: Response = await chat.action(args(jsonChat("Olá, quero falar com alguém")));
    expect(await first.json()).toEqual({ reply: "Resposta do webhook: Olá, quero falar com alguém" });
    const cookie = cookiesFrom(first).split(";")[0]!;
    const lead = await db.lead.findFirstOrThrow({ where: { messages: { some: { content: "Olá, quero falar com alguém" } } } });
    const staff = await staffSession();

    expect(((await onLead(lead.id, { intent: "takeover" }, staff.cookie)) as Response).status).toBe(302);
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).heldById).toBe(staff.user.id);

    const held: Response = await chat.action(args(jsonChat("Tem alguém aí? segredo-1", cookie)));
    expect(held.status).toBe(200);
    expect(await held.json()).toEqual({ held: true });
    expect(await webhookSaw("segredo-1")).toBe(false);
    const transcript = await db.leadMessage.findMany({ where: { leadId: lead.id }, orderBy: { id: "asc" } });
    expect(transcript.at(-1)).toMatchObject({ role: "user", content: "Tem alguém aí? segredo-1" });

    expect(((await onLead(lead.id, { intent: "reply", reply: "Oi! Sou a Ana, posso ajudar." }, staff.cookie)) as Response).status).toBe(302);
    const poll: Response = await chat.loader(args(new Request(`${ORIGIN}/api/chat?desde=0`, { headers: { Cookie: cookie } })));
    expect(poll.headers.get("Cache-Control")).toBe("no-store");
    const { messages } = (await poll.json()) as { messages: Array<{ id: number; content: string; author: string }> };
    expect(messages).toEqual([{ id: expect.any(Number), content: "Oi! Sou a Ana, posso ajudar.", author: "Ana, da equipe Wind Digital" }]);
    // Asked again after the last one seen: nothing new.
    const again: Response = await chat.loader(args(new Request(`${ORIGIN}/api/chat?desde=${messages[0]!.id}`, { headers: { Cookie: cookie } })));
    expect(await again.json()).toEqual({ messages: [] });
    // Another visitor sees none of it.
    const stranger: Response = await chat.loader(args(new Request(`${ORIGIN}/api/chat?desde=0`)));
    expect(await stranger.json()).toEqual({ messages: [] });

    expect(((await onLead(lead.id, { intent: "handback" }, staff.cookie)) as Response).status).toBe(302);
    const resumed: Response = await chat.action(args(jsonChat("Obrigado! segredo-2", cookie)));
    expect(await resumed.json()).toEqual({ reply: "Resposta do webhook: Obrigado! segredo-2" });
    expect(await webhookSaw("segredo-2")).toBe(true);
    const notes = await db.leadNote.findMany({ where: { leadId: lead.id }, orderBy: { id: "asc" } });
    expect(notes.map((note) => note.kind)).toEqual(["takeover", "reply", "handback"]);
  });

  it("without JavaScript: the held message waits for the staff, whose reply the page's conversation shows on its next load", async () => {
    const post = (message: string, cookie?: string) =>
      fixtures.call(((a: never) => chat.action(a)) as never, formRequest("/api/chat", { message, redirectTo: "/" }, { cookie }));
    const first = (await post("Sem JavaScript aqui")) as Response;
    const cookie = chatCookiesAfter(first);
    const lead = await db.lead.findFirstOrThrow({ where: { messages: { some: { content: "Sem JavaScript aqui" } } } });
    const staff = await staffSession();
    await onLead(lead.id, { intent: "takeover" }, staff.cookie);
    const held = (await post("Alguém? segredo-3", cookie)) as Response;
    expect(held.status).toBe(303);
    expect(await webhookSaw("segredo-3")).toBe(false);
    await onLead(lead.id, { intent: "reply", reply: "Estou aqui!" }, staff.cookie);
    const state = await loadChatState(new Request(`${ORIGIN}/`, { headers: { Cookie: chatCookiesAfter(held, cookie) } }));
    expect(state.messages.slice(-2)).toEqual([
      { role: "user", content: "Alguém? segredo-3" },
      { role: "assistant", content: "Estou aqui!", author: "Ana, da equipe Wind Digital" },
    ]);
  });

  it("refuses a reply before the take-over, an empty one, and taking over a form lead", async () => {
    const staff = await staffSession();
    const chatLead = await db.lead.create({ data: { kind: "chat", chatSessionId: crypto.randomUUID() } });
    const early = (await onLead(chatLead.id, { intent: "reply", reply: "oi" }, staff.cookie)) as {
      data: { errors: Record<string, string[]> };
      init: { status: number };
    };
    expect(early.init.status).toBe(409);
    expect(early.data.errors.reply).toEqual(["Assuma a conversa antes de responder."]);
    await onLead(chatLead.id, { intent: "takeover" }, staff.cookie);
    const empty = (await onLead(chatLead.id, { intent: "reply", reply: " " }, staff.cookie)) as { init: { status: number } };
    expect(empty.init.status).toBe(400);
    const form = await db.lead.create({ data: { kind: "contato", name: "Maria" } });
    const refused = (await onLead(form.id, { intent: "takeover" }, staff.cookie)) as { init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(await db.leadMessage.count({ where: { leadId: chatLead.id } })).toBe(0);
  });
});
