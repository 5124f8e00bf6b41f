// Which visitors get the public page everyone gets, from the server's page cache
// (server/page-cache/). A page depends on the visitor only through cookies, so the answer is read
// from the Cookie header, with the parser React Router itself uses (cookie-es: the first of
// duplicated names wins, names and values trimmed, values percent-decoded):
//   - the consent choice changes the page (the LGPD notice or not): it is part of the key;
//   - the chat's session cookie (all a chat with JavaScript sets) changes nothing;
//   - anything else (the cookie of a no-JavaScript conversation, a flash toast, an admin session,
//     any cookie this file does not know) makes the page personal: it is rendered for that
//     visitor, private.
// The shared page is then rendered with a Cookie header rebuilt from the key, never with the
// visitor's own, so what one visitor sends can only choose between the pages everyone may get.
import { parse } from "cookie-es";
import { CHAT_COOKIE_NAME } from "./chat/session.server";
import { consentCookie, consentFromCookieHeader } from "./consent";

/** The Cookie header the shared page for this visitor is rendered with, or null when their page is personal. */
export async function sharedPageCookies(header: string | undefined): Promise<string | null> {
  if (!header) return "";
  for (const name of Object.keys(parse(header))) {
    if (name === "cookieConsent" || name === CHAT_COOKIE_NAME) continue;
    return null;
  }
  const consent = consentFromCookieHeader(header);
  return consent ? consentCookie(consent).split(";", 1)[0]! : "";
}
