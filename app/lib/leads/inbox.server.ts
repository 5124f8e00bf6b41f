// The inbox's reads and the lead page's writes. The filters live in the address (status, kind,
// owner, period, search), so a filtered list works without JavaScript and can be shared. Every
// change to a lead (status, owner, a note) is a timeline entry that is never edited away, and the
// first one after the lead arrived is its first response.
import type { Prisma } from "../../generated/prisma-sqlite/client.ts";
import { db } from "~/lib/db.server";
import { LEAD_ROLES } from "~/lib/admin/permissions";
import { LEAD_LIMITS, LEAD_STATUSES, NO_OWNER, PERIODS, isLeadKind, isLeadStatus, type LeadKind, type LeadStatus } from "./leads";

const PAGE_SIZE = 50;

export interface InboxFilters {
  status: LeadStatus | "";
  kind: LeadKind | "";
  owner: string;
  period: keyof typeof PERIODS | "";
  q: string;
}

export function parseFilters(params: URLSearchParams): InboxFilters {
  const status = params.get("status") ?? "";
  const kind = params.get("tipo") ?? "";
  const period = params.get("periodo") ?? "";
  return {
    status: isLeadStatus(status) ? status : "",
    kind: isLeadKind(kind) ? kind : "",
    owner: (params.get("responsavel") ?? "").slice(0, 40),
    period: Object.hasOwn(PERIODS, period) ? (period as keyof typeof PERIODS) : "",
    q: (params.get("busca") ?? "").trim().slice(0, LEAD_LIMITS.search),
  };
}

/** The filters as the address spells them (empty ones left out). */
export function filterParams(filters: InboxFilters): Record<string, string> {
  const entries = { status: filters.status, tipo: filters.kind, responsavel: filters.owner, periodo: filters.period, busca: filters.q };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value));
}

function whereOf(filters: InboxFilters, now: Date): Prisma.LeadWhereInput {
  const where: Prisma.LeadWhereInput = {};
  if (filters.status) where.status = filters.status;
  if (filters.kind) where.kind = filters.kind;
  if (filters.owner === NO_OWNER) where.ownerId = null;
  else if (filters.owner) where.ownerId = filters.owner;
  if (filters.period) where.createdAt = { gte: new Date(now.getTime() - Number(filters.period) * 24 * 60 * 60 * 1000) };
  if (filters.q) {
    // searchText is lower-case (and holds the phones' digits), so this matches alike on SQLite and PostgreSQL.
    const text = filters.q.toLowerCase();
    const digits = filters.q.replace(/\D/g, "");
    where.OR = [{ searchText: { contains: text } }, ...(digits.length >= 4 && digits !== text ? [{ searchText: { contains: digits } }] : [])];
  }
  return where;
}

export async function listLeads(filters: InboxFilters, requestedPage: number, now = new Date()) {
  const where = whereOf(filters, now);
  const total = await db.lead.count({ where });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, requestedPage || 1));
  const rows = await db.lead.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
    select: {
      id: true,
      createdAt: true,
      kind: true,
      name: true,
      email: true,
      phone: true,
      status: true,
      source: true,
      campaign: true,
      message: true,
      owner: { select: { name: true, email: true } },
    },
  });
  return { rows, total, page, pages };
}

/** The team a lead can be given to: the people whose role may see leads and who can sign in. */
export async function leadOwners() {
  return db.user.findMany({
    where: { roles: { some: { role: { in: [...LEAD_ROLES] } } }, deactivatedAt: null, passwordHash: { not: null } },
    orderBy: { email: "asc" },
    select: { id: true, name: true, email: true },
  });
}

export function personName(user: { name: string; email: string }): string {
  return user.name.trim() || user.email;
}

export async function loadLead(id: string) {
  return db.lead.findUnique({
    where: { id },
    include: {
      owner: { select: { id: true, name: true, email: true } },
      heldBy: { select: { id: true, name: true, email: true } },
      messages: { orderBy: { id: "asc" } },
      notes: { orderBy: { id: "asc" } },
    },
  });
}

export async function countNewLeads(): Promise<number> {
  return db.lead.count({ where: { status: "novo" } });
}

/** A timeline entry, and the lead's first response when it is the first. */
async function addEntry(tx: Prisma.TransactionClient, leadId: string, authorEmail: string, kind: string, text: string, data: Prisma.LeadUpdateInput = {}) {
  await tx.leadNote.create({ data: { leadId, authorEmail, kind, text } });
  const lead = await tx.lead.findUniqueOrThrow({ where: { id: leadId }, select: { firstResponseAt: true } });
  await tx.lead.update({ where: { id: leadId }, data: { ...data, ...(lead.firstResponseAt ? {} : { firstResponseAt: new Date() }) } });
}

export async function changeStatus(leadId: string, actor: string, status: LeadStatus): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({ where: { id: leadId }, select: { status: true } });
    if (!lead || lead.status === status) return false;
    const from = isLeadStatus(lead.status) ? LEAD_STATUSES[lead.status] : lead.status;
    await addEntry(tx, leadId, actor, "status", `Status: ${from} → ${LEAD_STATUSES[status]}`, { status });
    return true;
  });
}

export async function changeOwner(leadId: string, actor: string, owner: { id: string; name: string; email: string } | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({ where: { id: leadId }, select: { ownerId: true } });
    if (!lead || lead.ownerId === (owner?.id ?? null)) return false;
    const text = owner ? `Responsável: ${personName(owner)}` : "Responsável removido";
    await addEntry(tx, leadId, actor, "owner", text, { owner: owner ? { connect: { id: owner.id } } : { disconnect: true } });
    return true;
  });
}

export async function addNote(leadId: string, actor: string, text: string): Promise<void> {
  await db.$transaction((tx) => addEntry(tx, leadId, actor, "note", text));
}

/** "2 h 5 min", "3 dias": how long a lead waited. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return "menos de 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} dias`;
}

/** "há 5 min", "há 3 dias": a lead's age in the inbox. */
export function formatAge(from: Date, now: Date = new Date()): string {
  const text = formatDuration(now.getTime() - from.getTime());
  return text === "menos de 1 min" ? "agora" : `há ${text}`;
}
