// The visitor's cookie choice: localStorage key `cookieConsent` in the browser and a cookie of
// the same name, so the server skips the banner for a visitor who already chose. The cookie is
// written by the page's script or, without JavaScript, by the /consent route, and read by the
// site layout: all through the two functions below. The server's page cache keys pages by the
// same reading (app/lib/shared-page.server.ts), so what one visitor sends never changes what the
// next one gets.
import { parse } from "cookie-es";

const CONSENT_KEY = "cookieConsent";
export type ConsentChoice = "accepted" | "rejected";
/** Window event that shows the banner again (the footer's "Preferências de cookies"). */
/** Marks the button that forgets the choice and shows the notice again (the footer's 'Preferências de cookies'). */
export const CONSENT_RESET_ATTRIBUTE = "data-consent-reset";
const CONSENT_MAX_AGE = 60 * 60 * 24 * 365;

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === "accepted" || value === "rejected";
}

/** Set-Cookie (or document.cookie) value storing a choice, or forgetting it when null. */
export function consentCookie(choice: ConsentChoice | null, secure = false): string {
  if (choice === null) return `${CONSENT_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
  return `${CONSENT_KEY}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The choice a Cookie header carries (read as React Router reads cookies), or null when the visitor has not chosen. */
export function consentFromCookieHeader(header: string | null | undefined): ConsentChoice | null {
  const value = header ? parse(header)[CONSENT_KEY] : undefined;
  return isConsentChoice(value) ? value : null;
}

/** The choice a request's cookies carry, or null when the visitor has not chosen. */
export function readConsent(request: Request): ConsentChoice | null {
  return consentFromCookieHeader(request.headers.get("Cookie"));
}

export function readStoredConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return isConsentChoice(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Private mode: the cookie below still remembers the choice.
  }
  document.cookie = consentCookie(choice);
}

export function clearConsent(): void {
  try {
    window.localStorage.removeItem(CONSENT_KEY);
  } catch {
    // Nothing stored.
  }
  document.cookie = consentCookie(null);
}
