import type { Consent } from "~/lib/consent.server";

// Placeholder until the cookie notice lands.
export function CookieNotice(_props: { consent: Consent }) {
  return null;
}
