// The calendar of the insights: São Paulo days (YYYY-MM-DD), whatever the server's or the
// browser's zone, and the periods the insights page offers (7, 30 or 90 days up to today, or two
// dates). Isomorphic and free of the clock: every function takes "today" or the instant it reads,
// so the same code answers on the server, in the browser and in a test with a fixed clock.
// Day arithmetic is done on the calendar date itself (as UTC midnight, which has no clock
// changes), never on a local Date, so month and year ends and daylight-saving rules elsewhere
// cannot shift a day.
import { PERIOD_PRESETS } from "./labels";

const DAY_MS = 24 * 3600 * 1000;
const DEFAULT_DAYS = 30;
/** The longest period one can ask for: the retention's 25 months and a little more. */
const MAX_DAYS = 800;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day in São Paulo of an instant, YYYY-MM-DD: the day every count belongs to. */
export function saoPauloDay(date: Date = new Date()): string {
  return dayFormat.format(date);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (1 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The same day `months` months before `day`, on the month's last day when it has no such day
 * (31 March minus one month is 28 or 29 February, not 3 March).
 */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface Period {
  from: string;
  to: string;
  days: number;
  /** 7, 30 or 90 for a preset; null for dates chosen. */
  preset: number | null;
}

/** The last `days` days up to `today`, today included. */
function presetPeriod(days: number, today: string): Period {
  return { from: addDays(today, 1 - days), to: today, days, preset: days };
}

export function defaultPeriod(today: string = saoPauloDay()): Period {
  return presetPeriod(DEFAULT_DAYS, today);
}

/**
 * The period of `?periodo=7|30|90` or `?de=YYYY-MM-DD&ate=YYYY-MM-DD` (the last 30 days when
 * neither is given), or the reason the dates given make none (in Portuguese, for the admin).
 */
export function parsePeriod(params: URLSearchParams, today: string = saoPauloDay()): { period: Period } | { error: string } {
  const from = params.get("de")?.trim() ?? "";
  const to = params.get("ate")?.trim() ?? "";
  if (from || to) {
    if (!isDay(from) || !isDay(to)) return { error: "Informe as duas datas do período (início e fim) no formato AAAA-MM-DD." };
    if (from > to) return { error: "A data de início precisa ser anterior ou igual à data de fim." };
    const days = daysBetween(from, to);
    if (days > MAX_DAYS) return { error: `Escolha um período de até ${MAX_DAYS} dias.` };
    return { period: { from, to, days, preset: null } };
  }
  const asked = Number(params.get("periodo"));
  return { period: presetPeriod((PERIOD_PRESETS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS, today) };
}
