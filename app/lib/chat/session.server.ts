// The chat visitor's session: a random id in a signed, HttpOnly cookie. The webhook receives it
// so the automation can keep the conversation's context; nothing personal is attached to it.
//
// The cookie also carries a version of the visitor's no-JavaScript conversation, renewed whenever
// it changes. Only such a cookie makes the visitor's pages personal: a visitor who chats with
// JavaScript has a cookie holding the session id alone, and gets the page everyone gets from the
// page cache (app/lib/shared-page.server.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { env } from "~/lib/env.server";

/** Pages for a request carrying this cookie with a conversation version show its conversation. */
export const CHAT_COOKIE_NAME = "__chat";

const chatCookie = createCookie(CHAT_COOKIE_NAME, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: 60 * 60 * 24, // one day: a visit, not a profile
});

/** "<session id>" or "<session id>.<conversation version>". */
const COOKIE_VALUE = /^([0-9a-f-]{36})(?:\.[0-9A-Za-z_-]{1,16})?$/;

/**
 * Whether the chat cookie of a Cookie header may show a stored conversation: it verifies and
 * carries a conversation version, which only the no-JavaScript form's answer sets. A value that
 * does not verify is ignored by the pages, as if absent.
 */
export async function chatCookieMayShowConversation(header: string): Promise<boolean> {
  const parsed: unknown = await chatCookie.parse(header);
  return typeof parsed === "string" && COOKIE_VALUE.test(parsed) && parsed.includes(".");
}

/** The visitor's chat session id, or null when the request has no valid chat cookie. */
export async function readChatSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${CHAT_COOKIE_NAME}=`)) return null;
  const value: unknown = await chatCookie.parse(header);
  return typeof value === "string" ? (COOKIE_VALUE.exec(value)?.[1] ?? null) : null;
}

/** The Set-Cookie header after the session's conversation changed: same session, new version. */
export function conversationChangedCookie(sessionId: string): Promise<string> {
  return chatCookie.serialize(`${sessionId}.${randomBytes(6).toString("base64url")}`);
}

/** The visitor's chat session id, creating one (and the Set-Cookie header to keep it) if needed. */
export async function chatSession(request: Request): Promise<{ sessionId: string; newSession: boolean; setCookie: string | null }> {
  const existing = await readChatSessionId(request);
  if (existing) return { sessionId: existing, newSession: false, setCookie: null };
  const sessionId = randomUUID();
  return { sessionId, newSession: true, setCookie: await chatCookie.serialize(sessionId) };
}
