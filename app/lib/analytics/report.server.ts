// What the insights page and its CSV export read: the period asked for (7, 30 or 90 days up to
// today, or two dates), the daily counts in it and in the period before, and the sums the page
// shows. Days are São Paulo calendar days (YYYY-MM-DD), as they were counted.
import { db, isPostgres } from "~/lib/db.server";
import { addDays, type Period } from "./period";
import { percentile75, VITALS, type Vital } from "./vitals";

export { defaultPeriod, parsePeriod, type Period } from "./period";

/** The metrics of the export, in its order; the page's click credits (whatsapp_*) stay out of it. */
const EXPORTED_METRICS = [
  "visualizacoes",
  "visitantes",
  "origem",
  "campanha",
  "dispositivo",
  "whatsapp",
  "chat",
  "formulario",
  // The Core Web Vitals' daily histograms: key `page|device|bucket upper bound`, total = page views.
  ...VITALS.map((vital) => `vital_${vital}` as const),
] as const;

export interface Row {
  day: string;
  metric: string;
  key: string;
  total: number;
}

/** `$1, $2...` (PostgreSQL) or `?` (SQLite), for the raw statements below. */
function param(n: number): string {
  return isPostgres ? `$${n}` : "?";
}

/**
 * The export's rows of a period, in its order. Read with one plain statement: a year of a busy
 * site is a few hundred thousand rows, and building a model object for each cost seconds.
 */
export async function readRows(from: string, to: string): Promise<Row[]> {
  const metrics = EXPORTED_METRICS.map((_, i) => param(i + 3)).join(", ");
  const rows = await db.$queryRawUnsafe<Array<{ day: string; metric: string; key: string; total: number | bigint }>>(
    `SELECT day, metric, key, total FROM analytics_daily WHERE day >= ${param(1)} AND day <= ${param(2)} AND metric IN (${metrics}) ORDER BY day, metric, key`,
    from,
    to,
    ...EXPORTED_METRICS,
  );
  return rows.map((row) => ({ day: row.day, metric: row.metric, key: row.key, total: Number(row.total) }));
}

/**
 * The separator of the export. A Brazilian spreadsheet (Excel, LibreOffice and Google Sheets in
 * pt-BR) reads `,` as the decimal comma and opens a comma-separated file in one column; `;` is what
 * it splits on.
 */
const CSV_SEPARATOR = ";";
/** The export's header, in Portuguese (the metric and key columns keep the names docs/analytics.md lists). */
const CSV_HEADER = ["Dia", "Métrica", "Chave", "Total"] as const;

/**
 * The export: a header and one line per day, metric and key, `;`-separated, with a UTF-8 byte
 * order mark first, so a spreadsheet opened by double-click reads the accents right.
 */
export function toCsv(rows: Row[], separator: string = CSV_SEPARATOR): string {
  const field = (value: string) => csvField(value, separator);
  const lines = [CSV_HEADER.map(field).join(separator)];
  for (const row of rows) lines.push([row.day, row.metric, field(row.key), String(row.total)].join(separator));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * One field of the export. A key comes from visitors (a referrer, a campaign): one starting like a
 * formula (=, +, -, @, a tab or a carriage return) gets a leading apostrophe so a spreadsheet
 * shows it as text, and one holding the separator, a quote or a line break is quoted.
 */
function csvField(value: string, separator: string = CSV_SEPARATOR): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

interface Totals {
  views: number;
  visitors: number;
  visits: number;
  whatsapp: number;
  forms: number;
  chats: number;
  messages: number;
  failures: number;
}

interface Sum {
  metric: string;
  key: string;
  total: number;
}

function totalsOf(sums: Sum[]): Totals {
  const of = (metric: string, key?: string) =>
    sums.reduce((total, s) => total + (s.metric === metric && (key === undefined || s.key === key) ? s.total : 0), 0);
  return {
    views: of("visualizacoes"),
    visitors: of("visitantes"),
    visits: of("origem"),
    whatsapp: of("whatsapp"),
    forms: of("formulario"),
    chats: of("chat", "conversas"),
    messages: of("chat", "mensagens"),
    failures: of("chat", "falhas"),
  };
}

export interface Ranked {
  key: string;
  total: number;
  clicks: number;
}

/** The keys of `metric` with the most, and the WhatsApp clicks credited to each (`credit`). */
function ranked(byMetric: Map<string, Map<string, number>>, metric: string, credit: string | null, limit: number): Ranked[] {
  const clicks = (credit && byMetric.get(credit)) || new Map<string, number>();
  return [...(byMetric.get(metric) ?? [])]
    .map(([key, total]) => ({ key, total, clicks: clicks.get(key) ?? 0 }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key))
    .slice(0, limit);
}

export interface Insights {
  period: Period;
  totals: Totals;
  previous: Totals;
  /** Every day of the period, with its visits and conversions (WhatsApp clicks and chats started). */
  daily: Array<{ day: string; visits: number; views: number; conversions: number }>;
  pages: Ranked[];
  sources: Ranked[];
  campaigns: Ranked[];
  devices: Ranked[];
  links: Ranked[];
  forms: Ranked[];
}

type SumRow = { metric: string; key: string; total: number | bigint | string };

/** Every metric and key's total over the days from `from` to `to`, summed by the database. */
async function sumsOf(from: string, to: string, onlyTotals: boolean): Promise<Sum[]> {
  // The period before only gives the cards' totals: per metric, and per key for the chat's three.
  const key = onlyTotals ? "CASE WHEN metric = 'chat' THEN key ELSE '' END" : "key";
  const rows = await db.$queryRawUnsafe<SumRow[]>(
    `SELECT metric, ${key} AS key, SUM(total) AS total FROM analytics_daily WHERE day >= ${param(1)} AND day <= ${param(2)} GROUP BY metric, ${key}`,
    from,
    to,
  );
  return rows.map((row) => ({ metric: row.metric, key: row.key, total: Number(row.total) }));
}

/**
 * What the page shows for a period. The database sums (by metric and key, and by day for the
 * chart), so the page reads a few hundred rows whatever the period: at a year of a busy site,
 * reading every daily row took seconds.
 */
export async function loadInsights(period: Period): Promise<Insights> {
  const [current, before, days] = await Promise.all([
    sumsOf(period.from, period.to, false),
    sumsOf(addDays(period.from, -period.days), addDays(period.from, -1), true),
    db.$queryRawUnsafe<Array<{ day: string; metric: string; total: number | bigint | string }>>(
      `SELECT day, metric, SUM(total) AS total FROM analytics_daily
       WHERE day >= ${param(1)} AND day <= ${param(2)} AND (metric IN ('origem', 'visualizacoes', 'whatsapp') OR (metric = 'chat' AND key = 'conversas'))
       GROUP BY day, metric`,
      period.from,
      period.to,
    ),
  ]);
  const perDay = new Map<string, { visits: number; views: number; conversions: number }>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) perDay.set(day, { visits: 0, views: 0, conversions: 0 });
  for (const row of days) {
    const entry = perDay.get(row.day);
    if (!entry) continue;
    const total = Number(row.total);
    if (row.metric === "origem") entry.visits += total;
    else if (row.metric === "visualizacoes") entry.views += total;
    else entry.conversions += total;
  }
  const byMetric = new Map<string, Map<string, number>>();
  for (const sum of current) {
    let keys = byMetric.get(sum.metric);
    if (!keys) byMetric.set(sum.metric, (keys = new Map()));
    keys.set(sum.key, sum.total);
  }
  return {
    period,
    totals: totalsOf(current),
    previous: totalsOf(before),
    daily: [...perDay].map(([day, counts]) => ({ day, ...counts })),
    pages: ranked(byMetric, "visualizacoes", "whatsapp_pagina", 10),
    sources: ranked(byMetric, "origem", "whatsapp_origem", 10),
    campaigns: ranked(byMetric, "campanha", "whatsapp_campanha", 10),
    devices: ranked(byMetric, "dispositivo", null, 3),
    links: ranked(byMetric, "whatsapp", null, 50),
    forms: ranked(byMetric, "formulario", null, 10),
  };
}

/** One page and device's Core Web Vitals over a period: each vital's 75th percentile and how many views measured it. */
export interface VitalsRow {
  page: string;
  device: string;
  values: Partial<Record<Vital, { p75: number; views: number }>>;
}

/**
 * The 75th percentile of each vital per page and device over the period, from the daily
 * histograms summed by the database; the pages with the most measured views first.
 */
export async function loadVitals(from: string, to: string): Promise<VitalsRow[]> {
  const rows = await db.$queryRawUnsafe<SumRow[]>(
    `SELECT metric, key, SUM(total) AS total FROM analytics_daily WHERE day >= ${param(1)} AND day <= ${param(2)} AND metric IN (${VITALS.map((_, i) => param(i + 3)).join(", ")}) GROUP BY metric, key`,
    from,
    to,
    ...VITALS.map((vital) => `vital_${vital}`),
  );
  const histograms = new Map<string, Map<Vital, Map<number, number>>>();
  for (const row of rows) {
    const vital = row.metric.slice("vital_".length) as Vital;
    const cut = row.key.lastIndexOf("|");
    const bound = Number(row.key.slice(cut + 1));
    if (!VITALS.includes(vital) || cut < 0 || !Number.isFinite(bound)) continue; // "Outros" and the like
    const pageDevice = row.key.slice(0, cut);
    let byVital = histograms.get(pageDevice);
    if (!byVital) histograms.set(pageDevice, (byVital = new Map()));
    let histogram = byVital.get(vital);
    if (!histogram) byVital.set(vital, (histogram = new Map()));
    histogram.set(bound, (histogram.get(bound) ?? 0) + Number(row.total));
  }
  const result: Array<VitalsRow & { views: number }> = [];
  for (const [pageDevice, byVital] of histograms) {
    const cut = pageDevice.lastIndexOf("|");
    const values: VitalsRow["values"] = {};
    let views = 0;
    for (const [vital, histogram] of byVital) {
      const p75 = percentile75(histogram);
      const count = [...histogram.values()].reduce((sum, n) => sum + n, 0);
      views = Math.max(views, count);
      if (p75 !== null) values[vital] = { p75, views: count };
    }
    result.push({ page: pageDevice.slice(0, cut), device: pageDevice.slice(cut + 1), values, views });
  }
  return result.sort((a, b) => b.views - a.views || a.page.localeCompare(b.page) || a.device.localeCompare(b.device)).map(({ views: _, ...row }) => row);
}

/**
 * The export's lines of the period's 75th percentiles, after the daily rows: day `de a ate`, metric
 * `p75_<vital>`, key `page|device`, total the value (milliseconds; CLS with a decimal comma).
 */
export function vitalsCsvLines(from: string, to: string, rows: VitalsRow[], separator: string = CSV_SEPARATOR): string {
  const lines: string[] = [];
  for (const row of rows) {
    for (const vital of VITALS) {
      const value = row.values[vital];
      if (!value) continue;
      const total = vital === "cls" ? String(value.p75).replace(".", ",") : String(value.p75);
      lines.push([`${from} a ${to}`, `p75_${vital}`, csvField(`${row.page}|${row.device}`, separator), csvField(total, separator)].join(separator));
    }
  }
  return lines.map((line) => `${line}\r\n`).join("");
}
