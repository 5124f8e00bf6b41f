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
 * The publication time a save stores. A time typed in the form wins (a future one schedules the
 * post, a past one backdates it); a time the form shows unchanged keeps the stored one, which has
 * seconds the input does not. Left empty, a post keeps the time it first went public, and one that
 * was only scheduled (or never public) is published now, or stays a draft without a time.
 */
export function publicationTime(typed: string | undefined, isPublished: boolean, stored: Date | null, now: Date = new Date()): Date | null {
  if (typed) {
    if (stored && scheduleInputValue(stored) === typed) return stored;
    return parseScheduleInput(typed);
  }
  const wentPublic = stored && stored.getTime() <= now.getTime() ? stored : null;
  return wentPublic ?? (isPublished ? now : null);
}
