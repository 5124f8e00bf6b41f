// The chat's resource route. POST {message}:
// - as JSON (the widget with JavaScript): answers JSON {reply}, or {error} with 400/429;
// - as a plain form (no JavaScript): stores the exchange in the visitor's conversation and
//   redirects back to the page it came from, at the chat.
// Either way an accepted message and its answer (the webhook's, or the chat's error text, marked
// as such) go to the conversation's lead, the transcript the inbox shows (app/lib/leads/).
import { redirect } from "react-router";
import type { Route } from "./+types/api.chat";
import { appendToConversation } from "~/lib/chat/conversation.server";
import { answerChatMessage, type ChatAnswer } from "~/lib/chat/reply.server";
import { chatSession, conversationChangedCookie, readChatSessionId } from "~/lib/chat/session.server";
import { REPLY_ERROR, type ChatMessage } from "~/lib/chat/texts";
import { isBot } from "~/lib/honeypot";
import { storeChatAnswer, storeChatMessage } from "~/lib/leads/store.server";
import { staffRepliesAfter } from "~/lib/leads/takeover.server";
import { requestInfo } from "~/lib/request-info.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * GET /api/chat?desde=<id>: the staff's replies in the visitor's conversation after message `id`
 * (the live widget polls it every few seconds while open), read from the database so any
 * instance answers it. Never cached: it is the visitor's own conversation.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Método não permitido.", { status: 405, headers: { Allow: "GET, POST", ...headers } });
  }
  const sessionId = await readChatSessionId(request);
  const after = Number.parseInt(new URL(request.url).searchParams.get("desde") ?? "0", 10);
  const messages = sessionId ? await staffRepliesAfter(sessionId, Number.isSafeInteger(after) ? after : 0) : [];
  return Response.json({ messages }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Método não permitido.", { status: 405, headers: { Allow: "GET, POST" } });
  const { sessionId, newSession, setCookie } = await chatSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  const { ip } = requestInfo(context);
  let leadId: string | null = null;
  const visitor = {
    sessionId,
    newSession,
    ip,
    onAccepted: async (message: string) => {
      const lead = await storeChatMessage(sessionId, message, { request, context });
      leadId = lead?.id ?? null;
      // Taken over by a person ("Assumir conversa"): their reply comes later, through the polling.
      return { held: Boolean(lead?.heldById) };
    },
  };
  const keepAnswer = async (answer: ChatAnswer) => {
    if (leadId && "reply" in answer) await storeChatAnswer(leadId, answer.reply, answer.status !== 200);
  };

  if (request.headers.get("Content-Type")?.includes("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    const raw = body && typeof body === "object" ? (body as Record<string, unknown>).message : undefined;
    const answer = await answerChatMessage(raw, visitor);
    await keepAnswer(answer);
    if (setCookie) headers.append("Set-Cookie", setCookie);
    if (answer.status === 429) headers.set("Retry-After", String(answer.retryAfter));
    const answerBody = "held" in answer ? { held: true } : "reply" in answer ? { reply: answer.reply } : { error: answer.error };
    return Response.json(answerBody, { status: answer.status === 202 ? 200 : answer.status, headers });
  }

  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ error: "Envie a mensagem pelo formulário do chat." }, { status: 400, headers });
  const back = `${safeRedirectPath(form.get("redirectTo"), "/").replace(/#.*$/, "")}#chat`;
  if (isBot(form)) return redirect(back, { status: 303, headers });

  const answer = await answerChatMessage(form.get("message"), visitor);
  await keepAnswer(answer);
  if (answer.message === null) return redirect(back, { status: 303, headers });
  // A post refused by the rate limit never starts a conversation (a row, and the cookie that
  // finds it): it extends an existing one or comes back as a toast. So a client that never keeps
  // the cookie makes at most one row per post the per-address limit lets through.
  if (await appendToConversation(sessionId, exchange(answer), { create: answer.status !== 429 })) {
    if (setCookie) headers.append("Set-Cookie", setCookie);
    headers.append("Set-Cookie", await conversationChangedCookie());
    return redirect(back, { status: 303, headers });
  }
  return redirectWithToast(back, { type: "error", title: "error" in answer ? answer.error : REPLY_ERROR }, { status: 303, headers });
}

function exchange(answer: ChatAnswer): ChatMessage[] {
  const user: ChatMessage = { role: "user", content: answer.message ?? "" };
  if ("held" in answer) return [user];
  return [user, { role: "assistant", content: "reply" in answer ? answer.reply : answer.error }];
}
