// The names the insights share between the counting endpoint and the admin page: which WhatsApp
// buttons there are, which forms, and the periods the page offers. Isomorphic: no server code.
// Kept apart from events.ts, which every public page loads, so the names stay off the site's script.

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
