// The chat under a crowd on a slow webhook: at most CHAT_WEBHOOK_CONCURRENCY messages wait on the
// webhook at once; a message beyond the cap gets the chat's error answer at once (JSON with
// JavaScript, the no-JavaScript conversation without), so no visitor is left hanging and no
// accepted message is lost silently: each one reaches the webhook or is answered with the error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { cookiesFrom, formRequest, routeArgs, ORIGIN } from "../helpers/request";
import { startWebhookServer, type WebhookProcess } from "../helpers/webhook-server";

const CAP = 3;
const EXTRA = 4;
const SLOW_MS = 4000;
const ERROR = "Desculpe, ocorreu um erro. Tente novamente.";

let webhook: WebhookProcess;
let action: typeof import("~/routes/api.chat").action;
let siteLoader: typeof import("~/routes/_site").loader;

beforeAll(async () => {
  webhook = await startWebhookServer({ WEBHOOK_SLOW_MS: String(SLOW_MS) });
  process.env.CHAT_WEBHOOK_URL = webhook.url;
  process.env.CHAT_TIMEOUT_MS = "20000";
  process.env.CHAT_WEBHOOK_CONCURRENCY = String(CAP);
  ({ action } = await import("~/routes/api.chat"));
  ({ loader: siteLoader } = await import("~/routes/_site"));
});
afterAll(() => webhook?.stop());

function jsonRequest(message: string) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  return new Request(`${ORIGIN}/api/chat`, { method: "POST", headers, body: JSON.stringify({ message }) });
}

async function timedAsk(message: string, started: number) {
  const response: Response = await action(routeArgs(jsonRequest(message)));
  const body = (await response.json()) as { reply: string };
  return { message, status: response.status, reply: body.reply, ms: performance.now() - started };
}

async function webhookMessages(prefix: string): Promise<string[]> {
  return (await webhook.requests())
    .map((r) => (r.body as { message: string }).message)
    .filter((m) => m.startsWith(prefix))
    .sort();
}

describe("POST /api/chat with the webhook at its concurrency cap", () => {
  it(`forwards ${CAP} of ${CAP + EXTRA} concurrent messages and answers the other ${EXTRA} with the error at once`, async () => {
    // Each refusal is logged as an error line; they are the point here, not noise.
    const errors = expectErrorOutput();
    const started = performance.now();
    const messages = Array.from({ length: CAP + EXTRA }, (_, i) => `modo:slow lote ${i}`);
    const results = await Promise.all(messages.map((m) => timedAsk(m, started)));

    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(CAP);
    for (const r of accepted) expect(r.reply).toBe(`Resposta lenta: ${r.message}`);
    expect(refused).toHaveLength(EXTRA);
    for (const r of refused) expect(r).toMatchObject({ status: 502, reply: ERROR });
    // Refused at once: every refusal came back before the webhook answered anything.
    expect(Math.max(...refused.map((r) => r.ms))).toBeLessThan(Math.min(...accepted.map((r) => r.ms)));
    expect(Math.min(...accepted.map((r) => r.ms))).toBeGreaterThanOrEqual(SLOW_MS - 50);
    const causes = errors().map((line) => line.cause);
    expect(causes).toEqual(Array(EXTRA).fill(`busy: ${CAP} webhook calls in progress`));
    // Exactly the accepted messages reached the webhook: none lost, none sent twice.
    expect(await webhookMessages("modo:slow lote")).toEqual(accepted.map((r) => r.message).sort());
  });

  it("frees a place when a call ends, however it ends", async () => {
    expectErrorOutput();
    const failed = await Promise.all(Array.from({ length: CAP }, (_, i) => timedAsk(`modo:500 falha ${i}`, 0)));
    for (const r of failed) expect(r).toMatchObject({ status: 502, reply: ERROR });
    const after = await Promise.all(Array.from({ length: CAP }, (_, i) => timedAsk(`depois ${i}`, 0)));
    for (const r of after) expect(r).toMatchObject({ status: 200, reply: `Resposta do webhook: ${r.message}` });
  });

  it("without JavaScript, a message beyond the cap shows the error in the visitor's conversation", async () => {
    expectErrorOutput();
    const waiting = Array.from({ length: CAP }, (_, i) => timedAsk(`modo:slow ocupado ${i}`, 0));
    // Let the slow calls take every place before the form post arrives.
    await expect.poll(async () => (await webhookMessages("modo:slow ocupado")).length, { timeout: 5000 }).toBe(CAP);
    const response: Response = await action(routeArgs(formRequest("/api/chat", { message: "Quero um orçamento", redirectTo: "/servicos" })));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/servicos#chat");
    const cookie = cookiesFrom(response);
    const page = new Request(`${ORIGIN}/servicos`, { headers: { Cookie: cookie } });
    const { chat } = await siteLoader(routeArgs(page));
    expect(chat.messages).toEqual([
      { role: "user", content: "Quero um orçamento" },
      { role: "assistant", content: ERROR },
    ]);
    expect(await webhookMessages("Quero um orçamento")).toEqual([]);
    for (const r of await Promise.all(waiting)) expect(r.status).toBe(200);
  });
});
