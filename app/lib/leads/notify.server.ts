// E-mail to the staff about leads, each person's own choice on /admin/conta: every new lead, and
// new messages in a chat conversation they hold. The e-mail names the lead (its kind and name) and
// links to its page; it never carries what the person wrote, so a message seen by the wrong
// mailbox gives away no conversation, and only staff whose role may see leads are e-mailed.
//
// Sending never delays the visitor: it runs after their answer is decided, and a failure is
// logged (mail.server.ts). A held conversation e-mails its holder at most once every few
// minutes, however many messages the visitor sends.
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sendMail } from "~/lib/mail.server";
import { hit } from "~/lib/rate-limit.server";
import { LEAD_ROLES, maySeeLeads, roleOf } from "~/lib/admin/permissions";
import { errorFields, log } from "../logger.server.ts";
import { LEAD_KINDS, isLeadKind } from "./leads";

const HELD_MESSAGE_EVERY_MS = 5 * 60 * 1000;
/** Staff whose role may see leads (app/lib/admin/permissions.ts) and who can sign in. */
const MAY_SEE_LEADS = { roles: { some: { role: { in: [...LEAD_ROLES] } } }, deactivatedAt: null, passwordHash: { not: null } };

function leadLabel(lead: { kind: string; name: string }): string {
  const kind = isLeadKind(lead.kind) ? LEAD_KINDS[lead.kind] : lead.kind;
  return `${kind}: ${lead.name.trim() || (lead.kind === "chat" ? "visitante do chat" : "sem nome")}`;
}

function leadUrl(id: string): string {
  return `${env.SITE_URL}/admin/contatos/${id}`;
}

async function send(to: string[], subject: string, paragraph: string, leadId: string) {
  for (const address of to) {
    await sendMail({
      to: address,
      subject,
      paragraphs: [paragraph],
      link: { label: "Abrir o contato no painel", url: leadUrl(leadId) },
      footer: "Você recebe este aviso porque pediu em Minha conta, no painel da Wind Digital. Para parar, desmarque a opção lá.",
    });
  }
}

async function newLead(leadId: string) {
  const lead = await db.lead.findUnique({ where: { id: leadId }, select: { id: true, kind: true, name: true } });
  if (!lead) return;
  const staff = await db.user.findMany({ where: { ...MAY_SEE_LEADS, notifyNewLeads: true }, select: { email: true } });
  if (staff.length === 0) return;
  await send(
    staff.map((user) => user.email),
    `Novo contato pelo site — ${leadLabel(lead)}`,
    `Chegou um novo contato pelo site (${leadLabel(lead)}).`,
    lead.id,
  );
}

async function heldMessage(leadId: string) {
  const lead = await db.lead.findUnique({
    where: { id: leadId },
    select: { id: true, kind: true, name: true, heldBy: { select: { email: true, notifyHeldMessages: true, deactivatedAt: true, roles: true } } },
  });
  const holder = lead?.heldBy;
  if (!lead || !holder?.notifyHeldMessages || holder.deactivatedAt || !maySeeLeads(roleOf(holder.roles))) return;
  if (!(await hit(`leads:held-mail:${lead.id}`, 1, HELD_MESSAGE_EVERY_MS)).allowed) return;
  await send(
    [holder.email],
    `Nova mensagem na conversa que você assumiu — ${leadLabel(lead)}`,
    `O visitante escreveu de novo na conversa do chat que você assumiu (${leadLabel(lead)}).`,
    lead.id,
  );
}

/** Runs a notification without holding up the caller; a failure is logged. Returns its promise (for tests). */
function inBackground(task: Promise<void>): Promise<void> {
  return task.catch((error: unknown) => log("error", "leads: notification failed", errorFields(error)));
}

export const notifyNewLead = (leadId: string) => inBackground(newLead(leadId));
export const notifyHeldMessage = (leadId: string) => inBackground(heldMessage(leadId));
