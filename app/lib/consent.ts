// The cookie choice in the browser (spec §2.3, §4): localStorage key `cookieConsent` and a
// cookie of the same name, so the server skips the banner for a visitor who already chose.
export const CONSENT_KEY = "cookieConsent";
export const CONSENT_VALUES = ["accepted", "rejected"] as const;
export type ConsentChoice = (typeof CONSENT_VALUES)[number];
/** Window event that shows the banner again (the footer's "Preferências de cookies"). */
export const CONSENT_REOPEN_EVENT = "cookieConsent:reopen";
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 365;

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === "accepted" || value === "rejected";
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
  document.cookie = `${CONSENT_KEY}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax`;
}

export function clearConsent(): void {
  try {
    window.localStorage.removeItem(CONSENT_KEY);
  } catch {
    // Nothing stored.
  }
  document.cookie = `${CONSENT_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
}
