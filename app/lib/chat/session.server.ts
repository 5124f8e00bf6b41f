// The chat visitor's session: a random id in a signed, HttpOnly cookie. The webhook receives it
// so the automation can keep the conversation's context; nothing personal is attached to it.
//
// A visitor with a no-JavaScript conversation gets a second cookie, renewed whenever that
// conversation changes, and only that cookie makes the visitor's pages personal. A visitor who
// chats with JavaScript carries the session cookie alone and gets the page everyone gets, from the
// page cache (app/lib/shared-page.server.ts) and from a shared cache in front of the app, which
// can tell the two apart by the cookies' names alone (deploy/varnish/default.vcl).
import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { env } from "~/lib/env.server";

export const CHAT_COOKIE_NAME = "__chat";
/** Present while the visitor's pages show their no-JavaScript conversation. */
const CONVERSATION_COOKIE_NAME = "__chat_conversa";

const cookieOptions = {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  maxAge: 60 * 60 * 24, // one day: a visit, not a profile
} as const;

const chatCookie = createCookie(CHAT_COOKIE_NAME, { ...cookieOptions, secrets: env.SESSION_SECRET.split(",") });
// Its value only tells one version of the conversation from the next (a page the browser kept
// for the old one is not reused, since pages vary by cookie); the conversation is found by the
// session id, so this cookie needs no signature.
const conversationCookie = createCookie(CONVERSATION_COOKIE_NAME, cookieOptions);

/** "<session id>"; a cookie set before the conversation had its own cookie carries ".<version>" after it. */
const COOKIE_VALUE = /^([0-9a-f-]{36})(?:\.[0-9A-Za-z_-]{1,16})?$/;

/** The visitor's chat session id, or null when the request has no valid chat cookie. */
export async function readChatSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${CHAT_COOKIE_NAME}=`)) return null;
  const value: unknown = await chatCookie.parse(header);
  return typeof value === "string" ? (COOKIE_VALUE.exec(value)?.[1] ?? null) : null;
}

/** The Set-Cookie header after the visitor's no-JavaScript conversation changed: a new version of it. */
export function conversationChangedCookie(): Promise<string> {
  return conversationCookie.serialize(randomBytes(6).toString("base64url"));
}

/** The visitor's chat session id, creating one (and the Set-Cookie header to keep it) if needed. */
export async function chatSession(request: Request): Promise<{ sessionId: string; newSession: boolean; setCookie: string | null }> {
  const existing = await readChatSessionId(request);
  if (existing) return { sessionId: existing, newSession: false, setCookie: null };
  const sessionId = randomUUID();
  return { sessionId, newSession: true, setCookie: await chatCookie.serialize(sessionId) };
}
