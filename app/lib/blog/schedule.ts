// Scheduled blog posts, as the admin sees them. A post is public when it is marked published and
// its publication time has come; marked published with a time still ahead it is "Agendado".
// The agency works in São Paulo time, so the admin types and reads publication times in that
// zone (a `datetime-local` value, which carries no zone of its own), whatever the server's zone.
const SCHEDULE_TIME_ZONE = "America/Sao_Paulo";
export const SCHEDULE_ZONE_LABEL = "horário de Brasília";

export type PostStatus = "published" | "scheduled" | "draft";

export function postStatus(post: { isPublished: boolean; publishedAt: Date | string | null }, now: Date = new Date()): PostStatus {
  if (!post.isPublished) return "draft";
  if (post.publishedAt && new Date(post.publishedAt).getTime() > now.getTime()) return "scheduled";
  return "published";
}

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SCHEDULE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function zoneParts(date: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second! };
}

/** Milliseconds São Paulo's wall clock is ahead of UTC at `date` (negative: it is behind). */
function zoneOffset(date: Date): number {
  const p = zoneParts(date);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(date.getTime() / 1000) * 1000;
}

/** A `datetime-local` value ("2026-11-23T15:30") read as São Paulo time, or null when it is not one. */
export function parseScheduleInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guessed instant, then again at the corrected one (right across any change).
  let instant = wall - zoneOffset(new Date(wall));
  instant = wall - zoneOffset(new Date(instant));
  const date = new Date(instant);
  const back = zoneParts(date);
  // Rejects impossible dates (31 February) and wall times skipped by a clock change.
  if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute) return null;
  if (year < 2000 || year > 2100) return null;
  return date;
}

/** The `datetime-local` value (São Paulo time, to the minute) of an instant. */
export function scheduleInputValue(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const p = zoneParts(date);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

const adminDateFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: SCHEDULE_TIME_ZONE, dateStyle: "short", timeStyle: "short" });

/** "25/11/2026, 14:30": how the admin list shows a publication time (São Paulo time). */
export function formatScheduleDate(value: Date | string): string {
  return adminDateFormat.format(new Date(value));
}

/**
 * The editor's one publishing control. Each choice maps onto the post's two stored fields
 * (`is_published`, `published_at`), which keep their meaning: a post is public when it is marked
 * published and its publication time has come.
 * - "publish": marked published, at the time it first went public (or now; a past time typed
 *   in the form backdates it).
 * - "schedule": marked published, at a future time typed in the form (required).
 * - "draft": not marked published; a post that was public keeps the time it first went public.
 */
export const PUBLICATION_CHOICES = ["publish", "schedule", "draft"] as const;
export type PublicationChoice = (typeof PUBLICATION_CHOICES)[number];

export const SCHEDULE_TIME_REQUIRED = "Informe a data e a hora em que o post deve ir ao ar.";
export const SCHEDULE_TIME_PAST = "Esse horário já passou. Escolha uma data e hora futuras, ou “Publicar agora”.";

/** The choice that describes a stored post (what the form shows selected). */
export function publicationChoice(post: { isPublished: boolean; publishedAt: Date | string | null }, now: Date = new Date()): PublicationChoice {
  const status = postStatus(post, now);
  return status === "published" ? "publish" : status === "scheduled" ? "schedule" : "draft";
}

/**
 * The choice a form posted. A form without the control (a page loaded before it existed) is read
 * the way that form meant it: "Publicado" ticked with a future time scheduled the post.
 */
export function postedChoice(
  value: { publication?: PublicationChoice; is_published?: boolean; published_at?: string },
  now: Date = new Date(),
): PublicationChoice {
  if (value.publication) return value.publication;
  if (!value.is_published) return "draft";
  const typed = value.published_at ? parseScheduleInput(value.published_at) : null;
  return typed && typed.getTime() > now.getTime() ? "schedule" : "publish";
}

/** Why a choice cannot be saved with this time (null when it can). */
export function publicationError(choice: PublicationChoice, typed: string | undefined, now: Date = new Date()): string | null {
  if (choice !== "schedule") return null;
  if (!typed) return SCHEDULE_TIME_REQUIRED;
  const at = parseScheduleInput(typed);
  // An unreadable time has its own message (the field's format check).
  if (at && at.getTime() <= now.getTime()) return SCHEDULE_TIME_PAST;
  return null;
}

/**
 * The stored fields a save writes for a choice. A typed time the form shows unchanged keeps the
 * stored instant, which has seconds the input does not.
 */
export function publicationFields(
  choice: PublicationChoice,
  typed: string | undefined,
  stored: Date | null,
  now: Date = new Date(),
): { isPublished: boolean; publishedAt: Date | null } {
  const wentPublic = stored && stored.getTime() <= now.getTime() ? stored : null;
  const typedAt = typed ? (stored && scheduleInputValue(stored) === typed ? stored : parseScheduleInput(typed)) : null;
  if (choice === "draft") return { isPublished: false, publishedAt: wentPublic };
  if (choice === "schedule") return { isPublished: true, publishedAt: typedAt };
  // "Publicar agora" with a future time still in the field (left from a schedule) publishes now.
  const backdated = typedAt && typedAt.getTime() <= now.getTime() ? typedAt : null;
  return { isPublished: true, publishedAt: backdated ?? wentPublic ?? now };
}

const toastDateFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: SCHEDULE_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const toastTimeFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: SCHEDULE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "26/11/2026 às 12:45" (São Paulo time). */
export function formatScheduleMoment(value: Date | string): string {
  const date = new Date(value);
  return `${toastDateFormat.format(date)} às ${toastTimeFormat.format(date)}`;
}
