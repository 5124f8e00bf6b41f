// The person behind a lead, as the LGPD asks: everything kept about them can be exported (JSON)
// or deleted, and nothing is kept past LEADS_RETENTION_MONTHS. "The person" is every lead with
// the same e-mail or the same phone number (digits), so a contact form and a later diagnostic
// from the same person go together; a chat with neither is its own person. Deleting also removes
// the no-JavaScript copy of their chat conversations (chat_conversations).
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";

type LeadKey = { id: string; email: string; phone: string };

const digitsOf = (phone: string) => phone.replace(/\D/g, "");

/** The ids of every lead of the person behind `lead` (the lead itself first). */
async function personLeadIds(lead: LeadKey): Promise<string[]> {
  const email = lead.email.trim().toLowerCase();
  const digits = digitsOf(lead.phone);
  const or = [
    ...(email ? [{ email: { equals: lead.email.trim() } }, { searchText: { contains: email } }] : []),
    ...(digits.length >= 8 ? [{ searchText: { contains: digits } }] : []),
  ];
  if (or.length === 0) return [lead.id];
  // searchText narrows the candidates; each is then compared field by field.
  const candidates = await db.lead.findMany({ where: { OR: or }, select: { id: true, email: true, phone: true } });
  const same = candidates.filter((other) => (email && other.email.trim().toLowerCase() === email) || (digits.length >= 8 && digitsOf(other.phone) === digits));
  return [lead.id, ...same.map((other) => other.id).filter((id) => id !== lead.id)];
}

/** Everything kept about the person: their leads with every field, transcript and timeline. */
export async function exportPerson(lead: LeadKey, now = new Date()) {
  const ids = await personLeadIds(lead);
  const leads = await db.lead.findMany({
    where: { id: { in: ids } },
    orderBy: { createdAt: "asc" },
    include: {
      owner: { select: { name: true, email: true } },
      messages: { orderBy: { id: "asc" }, select: { createdAt: true, role: true, content: true, error: true, authorName: true } },
      notes: { orderBy: { id: "asc" }, select: { createdAt: true, kind: true, text: true, authorEmail: true } },
    },
  });
  return {
    exportedAt: now.toISOString(),
    about: "Dados guardados pela Wind Digital sobre esta pessoa (contatos pelo site, conversas do chat e o histórico de atendimento).",
    retentionMonths: env.LEADS_RETENTION_MONTHS,
    leads: leads.map(({ searchText: _search, ownerId: _owner, heldById: _held, ...rest }) => rest),
  };
}

/** Deletes everything kept about the person; returns how many leads went. */
export async function deletePerson(lead: LeadKey): Promise<number> {
  const ids = await personLeadIds(lead);
  return db.$transaction(async (tx) => {
    const sessions = await tx.lead.findMany({ where: { id: { in: ids }, chatSessionId: { not: null } }, select: { chatSessionId: true } });
    const sessionIds = sessions.map((row) => row.chatSessionId!);
    if (sessionIds.length) await tx.chatConversation.deleteMany({ where: { id: { in: sessionIds } } });
    // Messages and notes go with their lead (ON DELETE CASCADE).
    const { count } = await tx.lead.deleteMany({ where: { id: { in: ids } } });
    return count;
  });
}

/** The oldest arrival a lead may have now: LEADS_RETENTION_MONTHS before `now`. */
export function leadsCutoff(now: Date, months = env.LEADS_RETENTION_MONTHS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes leads that arrived before the retention (with their transcripts and notes); returns how many went. */
export async function sweepOldLeads(now = new Date()): Promise<number> {
  const { count } = await db.lead.deleteMany({ where: { createdAt: { lt: leadsCutoff(now) } } });
  return count;
}
