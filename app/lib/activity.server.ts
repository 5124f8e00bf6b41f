// The back office's activity log: every create, update, delete, reorder, upload, settings change,
// sign-in and sign-out, with who, when, which row and what changed. Writing an entry never fails
// the admin's request: the change itself is already stored, so a log write that fails is reported
// in the server's log instead.
import type { RouterContextProvider } from "react-router";
import { adminUser } from "./admin/guard.server";
import { logFailure } from "./admin/action.server";
import { db } from "./db.server";
import { type ActivityAction, type ActivitySection } from "./activity";
import { formatDateTime } from "./dates";

/** How long entries are kept; housekeeping deletes older ones. */
export const ACTIVITY_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** Who acts, in which section, and the column that names a row there ("title", "clientName"…). */
export interface ActivityScope {
  actor: string;
  section: ActivitySection;
  labelColumn?: string;
}

/** The scope of an admin route's action: the signed-in admin the guard let through. */
export function activityScope(context: Readonly<RouterContextProvider>, section: ActivitySection, labelColumn?: string): ActivityScope {
  return { actor: adminUser(context).email, section, labelColumn };
}

export interface ActivityEvent {
  action: ActivityAction;
  targetId?: string | null;
  targetLabel?: string | null;
  summary?: string;
}

export async function recordActivity(scope: ActivityScope, event: ActivityEvent): Promise<void> {
  try {
    await db.activityEntry.create({
      data: {
        actorEmail: scope.actor,
        section: scope.section,
        action: event.action,
        targetId: event.targetId ?? null,
        targetLabel: event.targetLabel ? clip(event.targetLabel, 200) : null,
        summary: clip(event.summary ?? "", 2000),
      },
    });
  } catch (error) {
    logFailure("activity log write failed", error, event.action);
  }
}

/** The name of a row as the log shows it (its title, its client's name…). */
export function rowLabel(scope: ActivityScope, row: object | null | undefined): string | null {
  if (!row || !scope.labelColumn) return null;
  const value = (row as Record<string, unknown>)[scope.labelColumn];
  return typeof value === "string" && value ? value : null;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// The name of each column in the admin forms, for "what changed".
const FIELD_LABELS: Record<string, string> = {
  title: "Título",
  category: "Categoria",
  description: "Descrição",
  result: "Resultado",
  images: "Imagens",
  videos: "Vídeos",
  coverImage: "Imagem de capa",
  primaryFlow: "Fluxo principal",
  reach: "Alcance",
  flow: "Fluxo",
  photo: "Foto",
  client: "Cliente",
  challenge: "Desafio",
  solution: "Solução",
  orderIndex: "Ordem",
  clientName: "Nome do cliente",
  clientRole: "Cargo",
  clientCompany: "Empresa",
  clientPhoto: "Foto do cliente",
  rating: "Avaliação",
  testimonial: "Depoimento",
  videoUrl: "Vídeo",
  logoUrl: "Logo",
  studentName: "Nome do aluno",
  slug: "Slug",
  excerpt: "Resumo",
  content: "Conteúdo",
  author: "Autor",
  isPublished: "Publicado",
  publishedAt: "Data de publicação",
  metaDescription: "Descrição para buscadores",
  seoTitle: "Título para buscadores",
  socialImage: "Imagem para redes sociais",
  legalName: "Razão social",
  cnpj: "CNPJ",
  salesPhone: "WhatsApp de vendas",
  videoPhone: "WhatsApp da Window Films",
  ceoPhone: "WhatsApp do CEO",
  email: "E-mail",
  street: "Endereço",
  city: "Cidade",
  state: "UF",
  postalCode: "CEP",
  mapsUrl: "Link do mapa",
  hours: "Horário de atendimento",
  facebookUrl: "Facebook",
  instagramUrl: "Instagram",
  instagramCeoUrl: "Instagram do CEO",
  linkedinUrl: "LinkedIn",
  tiktokUrl: "TikTok",
  youtubeUrl: "YouTube",
};

// Bookkeeping columns a save writes that say nothing to the staff.
const UNLISTED_COLUMNS = new Set(["scheduleLogPending"]);

const SHOWN_MAX = 80;

/** A field left without a value: nothing typed, or an emptied list. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function comparable(value: unknown): string {
  if (isEmpty(value)) return "";
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** A value short and plain enough to quote in the log; null when only "it changed" says anything useful. */
function shown(value: unknown): string | null {
  if (isEmpty(value)) return "(vazio)";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value !== "string") return null;
  // Files, links and HTML say little as text, and long texts would drown the entry.
  if (value.length > SHOWN_MAX || /[\n<]/.test(value) || /^(\/media\/|https?:\/\/)/.test(value)) return null;
  return `“${value}”`;
}

/**
 * What an update changed, in Portuguese: short values quoted before and after, the others named,
 * and a field that was emptied said to be removed (with what it held, when short enough to quote):
 * "Título: “A” → “B”; Removeu: Cargo (“CEO”), Vídeo; Alterou: Conteúdo". `before` null (a new
 * row) lists nothing.
 */
export function describeChanges(before: object | null, after: object): string {
  if (!before) return "";
  const previous = before as Record<string, unknown>;
  const quoted: string[] = [];
  const removed: string[] = [];
  const named: string[] = [];
  for (const [column, value] of Object.entries(after)) {
    if (UNLISTED_COLUMNS.has(column) || comparable(previous[column]) === comparable(value)) continue;
    const label = FIELD_LABELS[column] ?? column;
    const from = shown(previous[column]);
    const to = shown(value);
    if (isEmpty(value)) removed.push(from === null ? label : `${label} (${from})`);
    else if (from !== null && to !== null) quoted.push(`${label}: ${from} → ${to}`);
    else if (!named.includes(label)) named.push(label);
  }
  if (removed.length > 0) quoted.push(`Removeu: ${removed.join(", ")}`);
  if (named.length > 0) quoted.push(`Alterou: ${named.join(", ")}`);
  return quoted.length > 0 ? quoted.join("; ") : "Nenhum campo alterado";
}

/** "Arquivo enviado: capa.webp" for the files a save stored. */
export function describeUploads(keys: string[]): string {
  if (keys.length === 0) return "";
  const names = keys.map((key) => key.split("/").at(-1) ?? key);
  return `${names.length === 1 ? "Arquivo enviado" : "Arquivos enviados"}: ${names.join(", ")}`;
}

type ExistingIds = (ids: string[]) => Promise<Array<{ id: string }>>;

// The sections whose rows have an edit form at /admin/<section>?editar=<id>, and how to tell
// which of some ids still exist there.
const EDITABLE: Partial<Record<ActivitySection, ExistingIds>> = {
  portfolio: (ids) => db.portfolioItem.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  "led-panels": (ids) => db.ledPanel.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  "window-films-portfolio": (ids) => db.windowFilmsProject.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  "window-films-testimonials": (ids) => db.windowFilmsTestimonial.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  "client-logos": (ids) => db.clientLogo.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  "course-testimonials": (ids) => db.courseTestimonial.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  blog: (ids) => db.blogPost.findMany({ where: { id: { in: ids } }, select: { id: true } }),
};

/**
 * The entries with `href`, the edit form of the row each names while that row still exists (one
 * query per section shown); null for a deleted row or an entry about no row, which the log then
 * names as plain text.
 */
export async function withLinks<E extends { section: string; targetId: string | null }>(entries: E[]): Promise<Array<E & { href: string | null }>> {
  const wanted = new Map<ActivitySection, Set<string>>();
  for (const { section, targetId } of entries) {
    if (!targetId || !Object.hasOwn(EDITABLE, section)) continue;
    const ids = wanted.get(section as ActivitySection) ?? new Set<string>();
    wanted.set(section as ActivitySection, ids.add(targetId));
  }
  const existing = new Set<string>();
  await Promise.all(
    [...wanted].map(async ([section, ids]) => {
      for (const row of await EDITABLE[section]!([...ids])) existing.add(`${section}:${row.id}`);
    }),
  );
  return entries.map((entry) => ({
    ...entry,
    href:
      entry.targetId && existing.has(`${entry.section}:${entry.targetId}`)
        ? `/admin/${entry.section}?${new URLSearchParams({ editar: entry.targetId })}`
        : null,
  }));
}

/** Deletes entries past the retention; returns how many went. */
export async function sweepOldActivity(now = new Date()): Promise<number> {
  const { count } = await db.activityEntry.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - ACTIVITY_RETENTION_MS) } } });
  return count;
}
