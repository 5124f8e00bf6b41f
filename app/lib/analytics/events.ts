// The addresses the site's WhatsApp links and forms report to (their ping or beacon). Isomorphic:
// no server code here. The buttons' and forms' names are in labels.ts, apart: every public page
// loads this module, and only the counting endpoint and the admin page read the names.
import type { FormId, WhatsAppButtonId } from "./labels";

/** The endpoint that counts a WhatsApp click or a form sent with JavaScript (POST, answers 204). */
const EVENTS_PATH = "/api/estatisticas";

/** The address a WhatsApp link on `page` reports its click to (its `ping`, or a beacon). */
export function whatsappPingUrl(button: WhatsAppButtonId, phone: string, page: string | null): string {
  const params = new URLSearchParams({ evento: "whatsapp", botao: button, numero: phone.replace(/\D/g, "") });
  if (page) params.set("pagina", page);
  return `${EVENTS_PATH}?${params}`;
}

/** The address a form sent with JavaScript (WhatsApp opened by the browser) reports to. */
export function formBeaconUrl(form: FormId, page: string): string {
  return `${EVENTS_PATH}?${new URLSearchParams({ evento: "formulario", formulario: form, pagina: page })}`;
}

/** Sends a count without waiting for it and without ever failing the visitor's action. */
export function sendBeacon(url: string): void {
  try {
    if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") navigator.sendBeacon(url);
  } catch {
    // Counting is never worth an error in front of a visitor.
  }
}
