// One chat message in, one answer out: validation, the per-visitor rate limit, then the
// automation webhook (or the built-in responder when no webhook is configured).
import { countConversion } from "~/lib/analytics/counter.server";
import { env } from "~/lib/env.server";
import { hit } from "~/lib/rate-limit.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { offlineReply } from "./offline-responder.server";
import { MESSAGE_EMPTY, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG, RATE_LIMITED, REPLY_ERROR, REPLY_MISSING } from "./texts";
import { askWebhook } from "./webhook.server";
import { log } from "../logger.server.ts";

export type ChatAnswer =
  | { status: 200 | 502; message: string; reply: string }
  /** A person of the staff holds the conversation: the message waits for them, the webhook is not called. */
  | { status: 202; message: string; held: true }
  | { status: 400; message: string | null; error: string }
  | { status: 429; message: string | null; error: string; retryAfter: number };

const RATE_WINDOW_MS = 60_000;
/** Several visitors may share an address (an office); the per-address limit is looser. */
const VISITORS_PER_ADDRESS = 5;

export function validateMessage(raw: unknown): { ok: true; message: string } | { ok: false; error: string } {
  const message = typeof raw === "string" ? raw.trim() : "";
  if (!message) return { ok: false, error: MESSAGE_EMPTY };
  if (message.length > MESSAGE_MAX_LENGTH) return { ok: false, error: MESSAGE_TOO_LONG };
  return { ok: true, message };
}

export interface ChatVisitor {
  sessionId: string;
  /** True when the request brought no chat cookie: the session starts with this message. */
  newSession: boolean;
  ip: string;
  /**
   * Called with a message that passed validation and the limits, before it is answered: the
   * chat route keeps it in the conversation's lead (app/lib/leads/). Never throws.
   */
  onAccepted?: (message: string) => Promise<{ held: boolean } | void>;
}

export async function answerChatMessage(raw: unknown, visitor: ChatVisitor): Promise<ChatAnswer> {
  // Every post counts against the visitor's address first, valid or not: a visitor who drops the
  // cookie starts a new session with every post, so only the per-address count bounds them, and
  // a refused post must leave nothing behind. A session's own counter (a row) starts with its
  // second message, so a cookie-less post adds no row; it allows one message fewer to make up
  // for the first.
  if (visitor.ip !== "unknown") {
    const byAddress = await hit(`chat:ip:${visitor.ip}`, env.CHAT_RATE_LIMIT * VISITORS_PER_ADDRESS, RATE_WINDOW_MS);
    if (!byAddress.allowed) return refusal(raw, byAddress.retryAfter);
  }
  const valid = validateMessage(raw);
  if (!valid.ok) {
    const text = typeof raw === "string" && raw.trim() ? raw.trim().slice(0, MESSAGE_MAX_LENGTH) : null;
    return { status: 400, message: text, error: valid.error };
  }
  const { message } = valid;
  if (!visitor.newSession) {
    const bySession = await hit(`chat:session:${visitor.sessionId}`, env.CHAT_RATE_LIMIT - 1, RATE_WINDOW_MS);
    if (!bySession.allowed) return refusal(message, bySession.retryAfter);
  }

  const accepted = await visitor.onAccepted?.(message);
  if (accepted?.held) return { status: 202, message, held: true };

  // Insights: a message accepted (the first of a session starts a conversation).
  if (visitor.newSession) countConversion("chat", "conversas");
  countConversion("chat", "mensagens");

  const url = env.CHAT_WEBHOOK_URL;
  if (!url) return { status: 200, message, reply: offlineReply(message, await getSiteSettings()) };

  const result = await askWebhook(url, { message, sessionId: visitor.sessionId }, env.CHAT_TIMEOUT_MS);
  if (!result.ok) {
    countConversion("chat", "falhas");
    log("error", "chat webhook failed", { cause: result.cause });
    return { status: 502, message, reply: REPLY_ERROR };
  }
  return { status: 200, message, reply: result.reply ?? REPLY_MISSING };
}

function refusal(raw: unknown, retryAfter: number): ChatAnswer {
  const message = typeof raw === "string" && raw.trim() ? raw.trim().slice(0, MESSAGE_MAX_LENGTH) : null;
  return { status: 429, message, error: RATE_LIMITED, retryAfter };
}
