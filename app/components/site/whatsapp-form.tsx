// Progressive enhancement for the forms that become a WhatsApp message (contact, diagnostic).
// Without JavaScript the <Form> posts to the route action (zod, errors next to the fields, then
// a redirect to WhatsApp). With JavaScript the same schema validates in the browser (loaded on
// demand, so zod stays out of the first load), WhatsApp opens in a new tab, a toast confirms and
// the form clears, a beacon reports the form sent to the insights (the server counts the
// forms it handles itself), and another sends its fields to /api/contatos to be kept as a lead.
import { useState, type FormEvent } from "react";
import { formBeaconUrl, sendBeacon } from "~/lib/analytics/events";
import { showToast, type Toast } from "~/lib/toast";
import type { ClientFormModule } from "~/lib/forms/client";
import { useSiteSettings } from "~/lib/site-settings";

const SENT_TOAST: Toast = {
  type: "success",
  title: "Mensagem enviada!",
  description: "Redirecionando para o WhatsApp...",
};

/** The contact form's failure toast (e.g. the validation code could not be loaded). */
const SEND_ERROR_TOAST: Toast = {
  type: "error",
  title: "Erro",
  description: "Ocorreu um erro ao enviar a mensagem. Tente novamente.",
};

export function useWhatsAppForm<V>(load: () => Promise<ClientFormModule<V>>, serverErrors?: Record<string, string[]>) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { salesPhone } = useSiteSettings();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitting(true);
    try {
      const module = await load();
      const result = module.parse(new FormData(form));
      if (!result.ok) {
        setClientErrors(result.errors);
        const first = Object.keys(result.errors)[0];
        requestAnimationFrame(() => (form.elements.namedItem(first ?? "") as HTMLElement | null)?.focus());
        return;
      }
      window.open(module.toUrl(result.value, salesPhone), "_blank", "noopener,noreferrer");
      sendBeacon(formBeaconUrl(module.form, window.location.pathname));
      // The contact is kept as a lead, as the form's action keeps it without JavaScript.
      const lead = new FormData(form);
      lead.set("formulario", module.form);
      lead.set("pagina", window.location.pathname);
      navigator.sendBeacon("/api/contatos", lead);
      showToast(SENT_TOAST);
      form.reset();
      setClientErrors({});
    } catch (error) {
      reportError(error);
      showToast(SEND_ERROR_TOAST);
    } finally {
      setSubmitting(false);
    }
  }

  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, submitting, validated: clientErrors !== null };
}
