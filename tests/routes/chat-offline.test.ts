// The chat route without a webhook (the built-in responder): input rules, the rate limit and the
// no-JavaScript conversation.
import { describe, expect, it } from "vitest";
import { action, loader as getLoader } from "~/routes/api.chat";
import { loader as siteLoader } from "~/routes/_site";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { cookiesFrom, formRequest, getRequest, routeArgs, ORIGIN } from "../helpers/request";

function jsonRequest(body: unknown, cookie?: string, rawBody?: string) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}/api/chat`, { method: "POST", headers, body: rawBody ?? JSON.stringify(body) });
}

async function post(body: unknown, cookie?: string) {
  const response: Response = await action(routeArgs(jsonRequest(body, cookie)));
  return { status: response.status, body: await response.json(), cookie: cookiesFrom(response) };
}

async function conversation(cookie: string) {
  const data = await siteLoader(routeArgs(getRequest("/servicos", { cookie })));
  return data.chat.messages;
}

describe("POST /api/chat (JSON)", () => {
  it("answers from the site's content when no webhook is configured", async () => {
    const { status, body } = await post({ message: "Quanto custa?" });
    expect(status).toBe(200);
    expect(body.reply).toContain("R$ 5 mil a R$ 25 mil");
  });

  it.each([
    [{ message: "" }, "Digite uma mensagem para enviar."],
    [{ message: " \n\t " }, "Digite uma mensagem para enviar."],
    [{}, "Digite uma mensagem para enviar."],
    [{ message: 42 }, "Digite uma mensagem para enviar."],
    [{ message: "a".repeat(2001) }, "A mensagem pode ter no máximo 2000 caracteres."],
  ])("refuses %j with 400 and a Portuguese message", async (body, error) => {
    expect(await post(body)).toMatchObject({ status: 400, body: { error } });
  });

  it("accepts exactly 2000 characters after trimming", async () => {
    expect((await post({ message: `  ${"a".repeat(2000)}  ` })).status).toBe(200);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const response: Response = await action(routeArgs(jsonRequest(null, undefined, "{não é json")));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Digite uma mensagem para enviar." });
  });

  it("limits a visitor to 20 messages a minute with a 429 in Portuguese", async () => {
    const first = await post({ message: "oi" });
    for (let i = 1; i < 20; i++) expect((await post({ message: `mensagem ${i}` }, first.cookie)).status).toBe(200);
    const refused: Response = await action(routeArgs(jsonRequest({ message: "mais uma" }, first.cookie)));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: "Você enviou muitas mensagens em pouco tempo. Aguarde um minuto e tente novamente.",
    });
    // another visitor is not affected
    expect((await post({ message: "oi" })).status).toBe(200);
  });

  it("answers GET with the staff's replies (none without a conversation), never cached, and other methods with 405", async () => {
    const response: Response = await getLoader(routeArgs(new Request("http://localhost:3000/api/chat?desde=0")));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ messages: [] });
    const put: Response = await getLoader(routeArgs(new Request("http://localhost:3000/api/chat", { method: "PUT" })));
    expect(put.status).toBe(405);
  });
});

describe("POST /api/chat (form, without JavaScript)", () => {
  it("stores the exchange and redirects back to the page, at the chat", async () => {
    const response: Response = await action(
      routeArgs(formRequest("/api/chat", { message: "Vocês têm curso?", redirectTo: "/servicos?x=1#topo", [HONEYPOT_FIELD]: "" })),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/servicos?x=1#chat");
    const cookie = cookiesFrom(response);
    const messages = await conversation(cookie);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({ role: "user", content: "Vocês têm curso?" });
    expect(messages[1]!.role).toBe("assistant");
    expect(messages[1]!.content).toContain("IA + Marketing + Vendas na Prática");
  });

  it("keeps the last 20 messages of the conversation", async () => {
    let cookie = "";
    for (let i = 1; i <= 12; i++) {
      const response: Response = await action(routeArgs(formRequest("/api/chat", { message: `pergunta ${i}`, redirectTo: "/" }, { cookie })));
      cookie ||= cookiesFrom(response);
    }
    const messages = await conversation(cookie);
    expect(messages).toHaveLength(20);
    expect(messages[0]).toEqual({ role: "user", content: "pergunta 3" });
    expect(messages[18]).toEqual({ role: "user", content: "pergunta 12" });
  });

  it("never redirects to another site", async () => {
    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const response: Response = await action(routeArgs(formRequest("/api/chat", { message: "oi", redirectTo: target })));
      expect(response.headers.get("Location")).toBe("/#chat");
    }
  });

  it("drops a bot's post silently (honeypot)", async () => {
    const response: Response = await action(
      routeArgs(formRequest("/api/chat", { message: "spam", redirectTo: "/contato", [HONEYPOT_FIELD]: "http://spam.example" })),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contato#chat");
    expect(await conversation(cookiesFrom(response))).toEqual([]);
  });

  it("stores nothing for an empty message and explains a too-long one", async () => {
    const empty: Response = await action(routeArgs(formRequest("/api/chat", { message: "   ", redirectTo: "/" })));
    expect(await conversation(cookiesFrom(empty))).toEqual([]);
    const long: Response = await action(routeArgs(formRequest("/api/chat", { message: "b".repeat(2500), redirectTo: "/" })));
    const messages = await conversation(cookiesFrom(long));
    expect(messages[1]).toEqual({ role: "assistant", content: "A mensagem pode ter no máximo 2000 caracteres." });
    expect(messages[0]!.content).toHaveLength(2000);
  });

  it("shows no conversation to a visitor without a chat cookie or with a forged one", async () => {
    expect(await conversation("")).toEqual([]);
    expect(await conversation("__chat=forjado")).toEqual([]);
  });
});
