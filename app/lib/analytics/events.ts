// The names the insights share between the site (WhatsApp links, the forms' beacons), the
// counting endpoint and the admin page: which WhatsApp buttons there are, which forms, and the
// address the browser reports a click to. Isomorphic: no server code here.

/** The WhatsApp buttons told apart in the insights (the number they open is counted with them). */
export const WHATSAPP_BUTTONS = {
  vendas: "Vendas",
  "window-films": "Window Films",
  curso: "Curso",
  chat: "Chat",
  formulario: "Formulário",
} as const;
export type WhatsAppButtonId = keyof typeof WHATSAPP_BUTTONS;

/** The public forms that become a WhatsApp message. */
export const FORMS = { diagnostico: "Diagnóstico gratuito", contato: "Contato" } as const;
export type FormId = keyof typeof FORMS;

/** The periods the insights page offers, in days up to today (or two dates of one's choice). */
export const PERIOD_PRESETS = [7, 30, 90] as const;

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
