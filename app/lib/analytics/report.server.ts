// What the insights page and its CSV export read: the period asked for (7, 30 or 90 days up to
// today, or two dates), the daily counts in it and in the period before, and the sums the page
// shows. Days are São Paulo calendar days (YYYY-MM-DD), as they were counted.
import { db } from "~/lib/db.server";
import { addDays, type Period } from "./period";

export { defaultPeriod, parsePeriod, type Period } from "./period";

/** The metrics of the export, in its order; the page's click credits (whatsapp_*) stay out of it. */
const EXPORTED_METRICS = ["visualizacoes", "visitantes", "origem", "campanha", "dispositivo", "whatsapp", "chat", "formulario"] as const;

export interface Row {
  day: string;
  metric: string;
  key: string;
  total: number;
}

export function readRows(from: string, to: string): Promise<Row[]> {
  return db.analyticsDaily.findMany({
    where: { day: { gte: from, lte: to } },
    orderBy: [{ day: "asc" }, { metric: "asc" }, { key: "asc" }],
    select: { day: true, metric: true, key: true, total: true },
  });
}

/** The export: `dia,metrica,chave,total`, one line per day, metric and key. */
export function toCsv(rows: Row[]): string {
  const metrics = new Set<string>(EXPORTED_METRICS);
  const lines = ["dia,metrica,chave,total"];
  for (const row of rows) if (metrics.has(row.metric)) lines.push([row.day, row.metric, csvField(row.key), String(row.total)].join(","));
  return `${lines.join("\r\n")}\r\n`;
}

function csvField(value: string): string {
  // A key comes from visitors (a referrer, a campaign): a spreadsheet must not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function sumBy(rows: Row[], metric: string, key?: string): number {
  let total = 0;
  for (const row of rows) if (row.metric === metric && (key === undefined || row.key === key)) total += row.total;
  return total;
}

function byKey(rows: Row[], metric: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) if (row.metric === metric) totals.set(row.key, (totals.get(row.key) ?? 0) + row.total);
  return totals;
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

function totalsOf(rows: Row[]): Totals {
  return {
    views: sumBy(rows, "visualizacoes"),
    visitors: sumBy(rows, "visitantes"),
    visits: sumBy(rows, "origem"),
    whatsapp: sumBy(rows, "whatsapp"),
    forms: sumBy(rows, "formulario"),
    chats: sumBy(rows, "chat", "conversas"),
    messages: sumBy(rows, "chat", "mensagens"),
    failures: sumBy(rows, "chat", "falhas"),
  };
}

export interface Ranked {
  key: string;
  total: number;
  clicks: number;
}

/** The keys of `metric` with the most, and the WhatsApp clicks credited to each (`credit`). */
function ranked(rows: Row[], metric: string, credit: string | null, limit: number): Ranked[] {
  const clicks = credit ? byKey(rows, credit) : new Map<string, number>();
  return [...byKey(rows, metric)]
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

export async function loadInsights(period: Period): Promise<Insights> {
  const previousFrom = addDays(period.from, -period.days);
  const rows = await readRows(previousFrom, period.to);
  const current = rows.filter((row) => row.day >= period.from);
  const before = rows.filter((row) => row.day < period.from);
  const perDay = new Map<string, { visits: number; views: number; conversions: number }>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) perDay.set(day, { visits: 0, views: 0, conversions: 0 });
  for (const row of current) {
    const entry = perDay.get(row.day);
    if (!entry) continue;
    if (row.metric === "origem") entry.visits += row.total;
    else if (row.metric === "visualizacoes") entry.views += row.total;
    else if (row.metric === "whatsapp" || (row.metric === "chat" && row.key === "conversas")) entry.conversions += row.total;
  }
  return {
    period,
    totals: totalsOf(current),
    previous: totalsOf(before),
    daily: [...perDay].map(([day, counts]) => ({ day, ...counts })),
    pages: ranked(current, "visualizacoes", "whatsapp_pagina", 10),
    sources: ranked(current, "origem", "whatsapp_origem", 10),
    campaigns: ranked(current, "campanha", "whatsapp_campanha", 10),
    devices: ranked(current, "dispositivo", null, 3),
    links: ranked(current, "whatsapp", null, 50),
    forms: ranked(current, "formulario", null, 10),
  };
}
