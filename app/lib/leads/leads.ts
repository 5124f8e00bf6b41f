// The leads' words and limits, shared by the server and the admin pages (no server imports).

/** What a lead came from, as the inbox names it. */
export const LEAD_KINDS = { contato: "Contato", diagnostico: "Diagnóstico", chat: "Chat" } as const;
export type LeadKind = keyof typeof LEAD_KINDS;

/** A lead's status, in the order of its life. */
export const LEAD_STATUSES = { novo: "Novo", em_atendimento: "Em atendimento", ganho: "Ganho", perdido: "Perdido" } as const;
export type LeadStatus = keyof typeof LEAD_STATUSES;

export function isLeadKind(value: string): value is LeadKind {
  return Object.hasOwn(LEAD_KINDS, value);
}

export function isLeadStatus(value: string): value is LeadStatus {
  return Object.hasOwn(LEAD_STATUSES, value);
}

/** The longest value each field keeps (the forms refuse longer ones with a message). */
export const LEAD_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  company: 120,
  message: 2000,
  page: 300,
  note: 2000,
  search: 100,
  searchText: 6000,
} as const;

/** The inbox's period filter: the last N days. */
export const PERIODS = { "7": "Últimos 7 dias", "30": "Últimos 30 dias", "90": "Últimos 90 dias" } as const;
/** The owner filter's value for leads nobody owns yet. */
export const NO_OWNER = "ninguem";
