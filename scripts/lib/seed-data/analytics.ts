// Ninety days of insight counts before today, so the demo's /admin/estatisticas shows a chart,
// sources, campaigns and conversions. Only outside production (a real site's insights are never
// made up) and only into an empty table (real counts, or an earlier seed, are left alone). The
// numbers come from a fixed pseudo-random sequence, so every demo shows the same history.
import { isProduction } from "../../../app/lib/mode.ts";
import { site } from "../../../app/content/site.ts";
import type { Db } from "../../../app/lib/db.server.ts";

const DAYS = 90;

/** mulberry32: a small, fixed pseudo-random sequence. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });

interface Row {
  day: string;
  metric: string;
  key: string;
  total: number;
}

function demoAnalyticsRows(now: Date = new Date()): Row[] {
  const random = sequence(33);
  const rows: Row[] = [];
  const digits = (phone: string) => phone.replace(/\D/g, "");
  const pages = [
    ["/", 0.34, 0.05],
    ["/servicos", 0.14, 0.06],
    ["/window-films", 0.11, 0.08],
    ["/curso", 0.1, 0.07],
    ["/blog", 0.08, 0.01],
    ["/portfolio", 0.07, 0.03],
    ["/contato", 0.06, 0.12],
    ["/led-panels", 0.05, 0.04],
    ["/sobre", 0.05, 0.02],
  ] as const;
  const sources = [
    ["google.com", 0.42, 0.05],
    ["direto", 0.24, 0.04],
    ["instagram.com", 0.17, 0.07],
    ["facebook.com", 0.09, 0.03],
    ["linkedin.com", 0.05, 0.06],
    ["youtube.com", 0.03, 0.02],
  ] as const;
  const campaigns = [
    ["instagram/social/black-friday", 0.08, 0.09],
    ["google/cpc/window-films", 0.05, 0.07],
    ["newsletter/email/curso-ia", 0.02, 0.1],
  ] as const;
  const links = [
    [`vendas:${digits(site.salesPhone)}`, 0.45],
    [`window-films:${digits(site.videoPhone)}`, 0.2],
    [`curso:${digits(site.salesPhone)}`, 0.15],
    [`chat:${digits(site.salesPhone)}`, 0.08],
    [`formulario:${digits(site.salesPhone)}`, 0.1],
    [`vendas:${digits(site.ceoPhone)}`, 0.02],
  ] as const;
  for (let back = DAYS; back >= 1; back--) {
    const date = new Date(now.getTime() - back * 24 * 3600 * 1000);
    const day = dayFormat.format(date);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    // Fewer visits at weekends, a slow growth over the quarter and some noise.
    const base = (weekday === 0 || weekday === 6 ? 70 : 120) * (1 + (DAYS - back) / 180) * (0.8 + random() * 0.4);
    const visits = Math.round(base);
    const views = Math.round(visits * (2.1 + random() * 0.6));
    const add = (metric: string, key: string, total: number) => {
      if (total > 0) rows.push({ day, metric, key, total });
    };
    for (const [path, share, rate] of pages) {
      const pageViews = Math.round(views * share * (0.85 + random() * 0.3));
      add("visualizacoes", path, pageViews);
      add("whatsapp_pagina", path, Math.round(pageViews * rate * (0.5 + random())));
    }
    add("visitantes", "", Math.round(visits * 0.82));
    let clicks = 0;
    for (const [source, share, rate] of sources) {
      const sourceVisits = Math.round(visits * share * (0.85 + random() * 0.3));
      const sourceClicks = Math.round(sourceVisits * rate * (0.5 + random()));
      clicks += sourceClicks;
      add("origem", source, sourceVisits);
      add("whatsapp_origem", source, sourceClicks);
    }
    for (const [campaign, share, rate] of campaigns) {
      const campaignVisits = Math.round(visits * share * (0.5 + random()));
      add("campanha", campaign, campaignVisits);
      add("whatsapp_campanha", campaign, Math.round(campaignVisits * rate * (0.5 + random())));
    }
    const phones = Math.round(visits * (0.62 + random() * 0.08));
    const tablets = Math.round(visits * 0.05);
    add("dispositivo", "celular", phones);
    add("dispositivo", "tablet", tablets);
    add("dispositivo", "computador", Math.max(0, visits - phones - tablets));
    for (const [link, share] of links) add("whatsapp", link, Math.round(clicks * share + random() * 0.8));
    const chats = Math.round(visits * (0.03 + random() * 0.03));
    add("chat", "conversas", chats);
    add("chat", "mensagens", Math.round(chats * (2.5 + random() * 2)));
    add("chat", "falhas", random() < 0.15 ? 1 : 0);
    add("formulario", "diagnostico", Math.round(random() * 3));
    add("formulario", "contato", Math.round(random() * 2));
  }
  return rows;
}

/** Adds the demo history when allowed (not production, an empty table); the report line. */
export async function seedDemoAnalytics(db: Db, source: { NODE_ENV?: string }): Promise<string> {
  if (isProduction(source)) return "analytics_daily: no demo history in production";
  if ((await db.analyticsDaily.count()) > 0) return "analytics_daily: 0 added, counts already there";
  const rows = demoAnalyticsRows();
  await db.analyticsDaily.createMany({ data: rows });
  return `analytics_daily: ${rows.length} added (${DAYS} days of demo history)`;
}
