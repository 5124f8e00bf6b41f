// The chat visitor's session: a random id in a signed, HttpOnly cookie. The webhook receives it
// so the automation can keep the conversation's context; nothing personal is attached to it.
import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { env } from "~/lib/env.server";

/** Pages for a request carrying this cookie show its conversation (added to the cached page: app/personal-parts.server.tsx). */
export const CHAT_COOKIE_NAME = "__chat";

const chatCookie = createCookie(CHAT_COOKIE_NAME, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: 60 * 60 * 24, // one day: a visit, not a profile
});

const SESSION_ID = /^[0-9a-f-]{36}$/;

/** The visitor's chat session id, or null when the request has no valid chat cookie. */
export async function readChatSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${CHAT_COOKIE_NAME}=`)) return null;
  const value: unknown = await chatCookie.parse(header);
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

/** The visitor's chat session id, creating one (and the Set-Cookie header to keep it) if needed. */
export async function chatSession(request: Request): Promise<{ sessionId: string; newSession: boolean; setCookie: string | null }> {
  const existing = await readChatSessionId(request);
  if (existing) return { sessionId: existing, newSession: false, setCookie: null };
  const sessionId = randomUUID();
  return { sessionId, newSession: true, setCookie: await chatCookie.serialize(sessionId) };
}
