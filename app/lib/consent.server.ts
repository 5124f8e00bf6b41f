// The visitor's cookie choice, mirrored in a cookie so the server knows it: the layout skips
// the banner for a decided visitor, and the no-JavaScript buttons post to /consent.
import { CONSENT_KEY, CONSENT_MAX_AGE, type ConsentChoice } from "./consent";

export type Consent = ConsentChoice | null;

export async function readConsent(request: Request): Promise<Consent> {
  const match = request.headers.get("Cookie")?.match(/(?:^|;\s*)cookieConsent=(accepted|rejected)(?:;|$)/);
  return (match?.[1] as Consent) ?? null;
}

/** Set-Cookie value storing a choice (readable by the page's script, which mirrors it). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_KEY}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie value forgetting the choice, so the banner shows again. */
export function clearConsentCookie(): string {
  return `${CONSENT_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
}
