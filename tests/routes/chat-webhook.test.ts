// The chat route against a real HTTP webhook process (tests/helpers/webhook-server.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { cookiesFrom, routeArgs, ORIGIN } from "../helpers/request";
import { startWebhookServer, type WebhookProcess } from "../helpers/webhook-server";

let webhook: WebhookProcess;
let action: typeof import("~/routes/api.chat").action;

beforeAll(async () => {
  // "modo:slow" answers long after the chat gives up; every other answer has the whole timeout,
  // with room for a loaded machine (a short timeout failed ordinary replies there).
  webhook = await startWebhookServer({ WEBHOOK_SLOW_MS: "60000" });
  process.env.CHAT_WEBHOOK_URL = webhook.url;
  process.env.CHAT_TIMEOUT_MS = "2000";
  ({ action } = await import("~/routes/api.chat"));
});
afterAll(() => webhook?.stop());

function jsonRequest(body: unknown, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}/api/chat`, { method: "POST", headers, body: JSON.stringify(body) });
}

async function ask(message: string) {
  const response: Response = await action(routeArgs(jsonRequest({ message })));
  return { status: response.status, body: await response.json() };
}

describe("POST /api/chat with a webhook", () => {
  it("answers the webhook's reply", async () => {
    expect(await ask("Olá, tudo bem?")).toEqual({ status: 200, body: { reply: "Resposta do webhook: Olá, tudo bem?" } });
  });

  it("takes `output` or `text` when there is no `reply`", async () => {
    expect((await ask("modo:output oi")).body).toEqual({ reply: "Resposta via output: modo:output oi" });
    expect((await ask("modo:text oi")).body).toEqual({ reply: "Resposta via text: modo:text oi" });
  });

  it("answers the Portuguese 'no reply' message when the webhook sends none", async () => {
    expect(await ask("modo:missing")).toEqual({
      status: 200,
      body: { reply: "Desculpe, não consegui processar sua mensagem." },
    });
  });

  it.each([
    ["status 500", "modo:500", "status 500"],
    ["a body that is not JSON", "modo:invalid", "invalid JSON body"],
    ["no answer before the timeout", "modo:slow", "timeout after 2000 ms"],
  ])("answers the error message and logs the cause on %s", async (_case, message, cause) => {
    const errors = expectErrorOutput();
    const result = await ask(message);
    expect(result).toEqual({ status: 502, body: { reply: "Desculpe, ocorreu um erro. Tente novamente." } });
    expect(errors().at(-1)).toMatchObject({ msg: "chat webhook failed", cause });
  });

  it("logs a network failure when the webhook is unreachable", async () => {
    const { askWebhook } = await import("~/lib/chat/webhook.server");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const result = await askWebhook(`http://127.0.0.1:${port}/webhook`, { message: "oi", sessionId: "x" }, 1000);
    expect(result).toMatchObject({ ok: false, cause: expect.stringMatching(/^network error: ECONNREFUSED/) });
  });

  it("forwards {message, sessionId} as JSON, with the same sessionId for the same visitor, and keeps the URL private", async () => {
    const first: Response = await action(routeArgs(jsonRequest({ message: "  primeira mensagem  " })));
    const cookie = cookiesFrom(first);
    expect(cookie).toMatch(/^__chat=/);
    const firstBody = await first.text();
    expect(firstBody).not.toContain(webhook.url);
    expect(firstBody).not.toContain("127.0.0.1");
    await action(routeArgs(jsonRequest({ message: "segunda mensagem" }, cookie)));

    const received = (await webhook.requests()).slice(-2);
    expect(received.map((r) => r.contentType)).toEqual(["application/json", "application/json"]);
    const [a, b] = received.map((r) => r.body as { message: string; sessionId: string });
    expect(Object.keys(a!).sort()).toEqual(["message", "sessionId"]);
    expect(a!.message).toBe("primeira mensagem");
    expect(b!.message).toBe("segunda mensagem");
    expect(a!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b!.sessionId).toBe(a!.sessionId);
  });

  it("never forwards an invalid message", async () => {
    const before = (await webhook.requests()).length;
    const response: Response = await action(routeArgs(jsonRequest({ message: "   " })));
    expect(response.status).toBe(400);
    expect((await webhook.requests()).length).toBe(before);
  });
});
