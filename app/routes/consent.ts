// POST /consent: the cookie notice without JavaScript. 'Aceitar'/'Recusar' store the choice in
// the `cookieConsent` cookie; 'reset' (footer's 'Preferências de cookies') forgets it. Then back
// to the same page. Rate limited per client address.
import { data, redirect } from "react-router";
import type { Route } from "./+types/consent";
import { consentCookie, isConsentChoice } from "~/lib/consent";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import { hit } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-info.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export function loader() {
  return redirect("/politica-privacidade");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = requestInfo(context);
  const limit = await hit(`consent:${ip}`, 30, 60_000);
  if (!limit.allowed) {
    return data("Muitas tentativas. Aguarde um minuto e tente novamente.", {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfter) },
    });
  }
  const form = await readFormData(request);
  const choice = form.get("consent");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (choice === "reset") return redirect(back, { headers: { "Set-Cookie": consentCookie(null) } });
  if (!isConsentChoice(choice)) return data("Escolha inválida.", { status: 400 });
  return redirect(back, { headers: { "Set-Cookie": consentCookie(choice, env.NODE_ENV === "production" && env.SITE_URL.startsWith("https:")) } });
}
