// Anonymous chat traffic cannot grow the database without bound: posts from one address that
// never keep the chat cookie (a bot, or curl) make at most one conversation per post the
// per-address limit lets through, and refused posts write nothing. IPv6 clients are counted by
// their /64, so rotating addresses inside it does not escape the limit.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { rateLimitKey } from "~/lib/rate-limit.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { action } from "~/routes/api.chat";
import { cookiesFrom, formRequest, ORIGIN } from "../helpers/request";

const PER_ADDRESS = env.CHAT_RATE_LIMIT * 5;

function fromAddress(request: Request, ip: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, requestId: "t" });
  return { request, params: {}, context, unstable_pattern: "" } as never;
}

const formPost = (ip: string, message = "Quanto custa?") =>
  action(fromAddress(formRequest("/api/chat", { message, redirectTo: "/servicos" }), ip)) as Promise<Response>;

const jsonPost = (ip: string) =>
  action(
    fromAddress(
      new Request(`${ORIGIN}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ message: "oi" }),
      }),
      ip,
    ),
  ) as Promise<Response>;

describe("chat without cookies", () => {
  it("N form posts from one address create at most the per-address limit of conversations, and one counter", async () => {
    const statuses: number[] = [];
    const toasts: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 15; i++) {
      const response = await formPost("198.51.100.20", i % 3 === 0 ? "b".repeat(2500) : `pergunta ${i}`);
      statuses.push(response.status);
      if (response.headers.getSetCookie().some((c) => c.startsWith("__toast="))) toasts.push(i);
    }
    expect(statuses.every((s) => s === 303)).toBe(true);
    expect(await db.chatConversation.count()).toBe(PER_ADDRESS);
    // The refused posts got the rate-limit message as a toast, and nothing was stored for them.
    expect(toasts).toHaveLength(15);
    // One counter, the address's (keys are stored hashed: rateLimitKey): no session counter.
    expect((await db.rateLimit.findMany({ where: { key: { startsWith: "chat:" } } })).map((r) => r.key)).toEqual([rateLimitKey("chat:ip:198.51.100.20")]);
    expect(await db.rateLimit.findUnique({ where: { key: rateLimitKey("chat:ip:198.51.100.20") } })).toMatchObject({ count: PER_ADDRESS + 15 });
  });

  it("a refused post from a new visitor sets no chat cookie and says why", async () => {
    for (let i = 0; i < PER_ADDRESS; i++) await formPost("198.51.100.21");
    const before = await db.chatConversation.count();
    const refused = await formPost("198.51.100.21");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/servicos#chat");
    expect(cookiesFrom(refused)).not.toMatch(/__chat=/);
    const { getToast } = await import("~/lib/toast.server");
    const { toast } = await getToast(new Request(ORIGIN, { headers: { Cookie: cookiesFrom(refused) } }));
    expect(toast).toMatchObject({ type: "error", title: "Você enviou muitas mensagens em pouco tempo. Aguarde um minuto e tente novamente." });
    expect(await db.chatConversation.count()).toBe(before);
  });

  it("JSON posts without cookie leave one counter per address, not one per post", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 5; i++) statuses.push((await jsonPost("198.51.100.22")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const counters = (await db.rateLimit.findMany({ where: { key: { startsWith: "chat:" } } })).map((r) => r.key).sort();
    expect(counters).toEqual(["chat:ip:198.51.100.20", "chat:ip:198.51.100.21", "chat:ip:198.51.100.22"].map(rateLimitKey).sort());
  });

  it("counts an IPv6 client by its /64: rotating the address inside it does not escape the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++) statuses.push((await jsonPost(`2001:db8:77:1:${(i + 1).toString(16)}::1`)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect((await jsonPost("2001:db8:77:2::1")).status).toBe(200); // another /64 is another visitor
  });
});
