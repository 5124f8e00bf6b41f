// The leads' figures on /admin/estatisticas: per source and per campaign of the period, how many
// leads arrived, how many were won, and the median time to first response (the first status
// change, note or reply after arrival; leads nobody answered yet are left out of the median).
import { db } from "~/lib/db.server";
import { formatDuration } from "./inbox.server";

export interface LeadFigure {
  key: string;
  leads: number;
  won: number;
  /** "2 h 5 min", or null when no lead of the key was answered yet. */
  medianFirstResponse: string | null;
}

/** The instant a São Paulo calendar day (YYYY-MM-DD) starts: Brazil keeps UTC−3 all year. */
const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function group(rows: Array<{ key: string; won: boolean; responseMs: number | null }>): LeadFigure[] {
  const byKey = new Map<string, { leads: number; won: number; responses: number[] }>();
  for (const row of rows) {
    const entry = byKey.get(row.key) ?? { leads: 0, won: 0, responses: [] };
    entry.leads++;
    if (row.won) entry.won++;
    if (row.responseMs !== null) entry.responses.push(row.responseMs);
    byKey.set(row.key, entry);
  }
  return [...byKey]
    .map(([key, entry]) => {
      const middle = median(entry.responses);
      return { key, leads: entry.leads, won: entry.won, medianFirstResponse: middle === null ? null : formatDuration(middle) };
    })
    .sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key));
}

/** The leads that arrived from `from` to `to` (São Paulo days, both included), per source and per campaign. */
export async function leadFigures(from: string, to: string): Promise<{ total: number; bySource: LeadFigure[]; byCampaign: LeadFigure[] }> {
  const end = dayStart(to);
  end.setUTCDate(end.getUTCDate() + 1);
  const leads = await db.lead.findMany({
    where: { createdAt: { gte: dayStart(from), lt: end } },
    select: { source: true, campaign: true, status: true, createdAt: true, firstResponseAt: true },
  });
  const rows = leads.map((lead) => ({
    source: lead.source || "Sem origem",
    campaign: lead.campaign || "Sem campanha",
    won: lead.status === "ganho",
    responseMs: lead.firstResponseAt ? lead.firstResponseAt.getTime() - lead.createdAt.getTime() : null,
  }));
  return {
    total: leads.length,
    bySource: group(rows.map((row) => ({ ...row, key: row.source }))),
    byCampaign: group(rows.map((row) => ({ ...row, key: row.campaign }))),
  };
}
