// A honeypot field on public forms: invisible to people (and to assistive technology), filled
// in by naive bots. A submission that fills it is dropped silently.
export const HONEYPOT_FIELD = "website_url";

export function isBot(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim().length > 0;
}
