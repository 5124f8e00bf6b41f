// The automation webhook client: forwards {message, sessionId} as JSON and reads the reply from
// `reply`, or else `output` or `text` (what n8n chat workflows return), also inside a one-item list.
//
// At most CHAT_WEBHOOK_CONCURRENCY calls are in progress at once in this process. A slow webhook
// under a crowd would otherwise gather an unbounded number of waiting requests (memory, sockets,
// visitors left hanging); a message beyond the cap fails at once, so the visitor gets the chat's
// error answer right away and can try again, and the webhook is not buried further.
import { env } from "~/lib/env.server";

export interface WebhookRequest {
  message: string;
  sessionId: string;
}

export type WebhookResult = { ok: true; reply: string | null } | { ok: false; cause: string };

const REPLY_FIELDS = ["reply", "output", "text"] as const;

let inProgress = 0;

export async function askWebhook(
  url: string,
  body: WebhookRequest,
  timeoutMs: number,
  maxConcurrent: number = env.CHAT_WEBHOOK_CONCURRENCY,
): Promise<WebhookResult> {
  if (inProgress >= maxConcurrent) return { ok: false, cause: `busy: ${inProgress} webhook calls in progress` };
  inProgress++;
  try {
    return await callWebhook(url, body, timeoutMs);
  } finally {
    inProgress--;
  }
}

async function callWebhook(url: string, body: WebhookRequest, timeoutMs: number): Promise<WebhookResult> {
  let text: string;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, cause: `status ${response.status}` };
    }
    text = await response.text();
  } catch (error) {
    return { ok: false, cause: describeFailure(error, timeoutMs) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, cause: "invalid JSON body" };
  }
  return { ok: true, reply: pickReply(json) };
}

export function pickReply(json: unknown): string | null {
  const value = Array.isArray(json) ? json[0] : json;
  if (!value || typeof value !== "object") return null;
  for (const field of REPLY_FIELDS) {
    const candidate = (value as Record<string, unknown>)[field];
    if (typeof candidate === "string" && candidate.trim()) return candidate.trim();
  }
  return null;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout after ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    return `network error: ${cause?.code ?? cause?.message ?? error.message}`;
  }
  return `network error: ${String(error)}`;
}
