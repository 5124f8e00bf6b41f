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
import { chatSession, conversationChangedCookie } from "~/lib/chat/session.server";
import { REPLY_ERROR, type ChatMessage } from "~/lib/chat/texts";
import { isBot } from "~/lib/honeypot";
import { storeChatAnswer, storeChatMessage } from "~/lib/leads/store.server";
import { requestInfo } from "~/lib/request-info.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";

export function loader() {
  return new Response("Método não permitido.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const { sessionId, newSession, setCookie } = await chatSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  const { ip, requestId } = requestInfo(context);
  let leadId: string | null = null;
  const visitor = {
    sessionId,
    newSession,
    ip,
    requestId,
    onAccepted: async (message: string) => {
      leadId = (await storeChatMessage(sessionId, message, { request, context }))?.id ?? null;
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
    return Response.json("reply" in answer ? { reply: answer.reply } : { error: answer.error }, {
      status: answer.status,
      headers,
    });
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
    headers.append("Set-Cookie", await conversationChangedCookie(sessionId));
    return redirect(back, { status: 303, headers });
  }
  return redirectWithToast(back, { type: "error", title: "error" in answer ? answer.error : REPLY_ERROR }, { status: 303, headers });
}

function exchange(answer: ChatAnswer): ChatMessage[] {
  const user: ChatMessage = { role: "user", content: answer.message ?? "" };
  return [user, { role: "assistant", content: "reply" in answer ? answer.reply : answer.error }];
}
