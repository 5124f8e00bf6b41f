// Taking over a chat ("Assumir conversa"): while a staff member holds a chat lead, the visitor's
// messages are not forwarded to the automation webhook; they go to the lead's transcript at once,
// and the staff member's replies, written on the lead's page, reach the visitor's chat: with
// JavaScript its live widget polls GET /api/chat (every few seconds while open), without it the
// reply is added to the no-JavaScript conversation the page shows on its next load.
//
// Everything is in the database (leads.held_by_id, lead_messages, chat_conversations), so it works
// whichever instance the visitor's requests and the staff member's land on, with no in-memory state.
import { appendToConversation } from "~/lib/chat/conversation.server";
import { staffAuthor } from "~/lib/chat/texts";
import { db } from "~/lib/db.server";

/** How the admin names a person of the staff: their name, or their e-mail. */
export function personNameOf(user: { name: string; email: string }): string {
  return user.name.trim() || user.email;
}

/** The first name the visitor reads: the staff member's name, or their e-mail's first part. */
function firstName(user: { name: string; email: string }): string {
  const name = user.name.trim().split(/\s+/)[0];
  if (name) return name;
  const local = user.email.split("@")[0] ?? "";
  return local ? local.charAt(0).toUpperCase() + local.slice(1).split(/[._-]/)[0] : "Equipe";
}

async function entry(leadId: string, authorEmail: string, kind: string, text: string) {
  await db.$transaction(async (tx) => {
    await tx.leadNote.create({ data: { leadId, authorEmail, kind, text } });
    const lead = await tx.lead.findUniqueOrThrow({ where: { id: leadId }, select: { firstResponseAt: true } });
    if (!lead.firstResponseAt) await tx.lead.update({ where: { id: leadId }, data: { firstResponseAt: new Date() } });
  });
}

export async function takeOver(leadId: string, user: { id: string; email: string }): Promise<void> {
  await db.lead.update({ where: { id: leadId }, data: { heldById: user.id } });
  await entry(leadId, user.email, "takeover", "Assumiu a conversa: o assistente parou de responder");
}

export async function handBack(leadId: string, user: { email: string }): Promise<void> {
  await db.lead.update({ where: { id: leadId }, data: { heldById: null } });
  await entry(leadId, user.email, "handback", "Devolveu a conversa ao assistente");
}

/** A staff reply: in the transcript, and in the visitor's no-JavaScript conversation if they have one. */
export async function staffReply(lead: { id: string; chatSessionId: string | null }, user: { email: string; name: string }, text: string): Promise<void> {
  const authorName = firstName(user);
  await db.leadMessage.create({ data: { leadId: lead.id, role: "staff", content: text, authorName } });
  await entry(lead.id, user.email, "reply", "Respondeu no chat");
  if (lead.chatSessionId) {
    await appendToConversation(lead.chatSessionId, [{ role: "assistant", content: text, author: staffAuthor(authorName) }], { create: false });
  }
}

export interface StaffReply {
  id: number;
  content: string;
  author: string;
}

/** The staff's replies in a chat session's lead after message `after` (by id), oldest first. */
export async function staffRepliesAfter(sessionId: string, after: number): Promise<StaffReply[]> {
  const lead = await db.lead.findUnique({ where: { chatSessionId: sessionId }, select: { id: true } });
  if (!lead) return [];
  const rows = await db.leadMessage.findMany({
    where: { leadId: lead.id, role: "staff", id: { gt: after } },
    orderBy: { id: "asc" },
    take: 50,
    select: { id: true, content: true, authorName: true },
  });
  return rows.map((row) => ({ id: row.id, content: row.content, author: staffAuthor(row.authorName) }));
}
