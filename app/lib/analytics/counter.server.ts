// Privacy-first insights: daily counts of page views, visitors, where visits come from and the
// conversions (WhatsApp clicks, chat, forms), with no cookie, no raw event and nothing personal
// kept (docs/analytics.md says what is counted and why it needs no consent).
//
// Counting must cost nothing on the fast path, where the page cache answers thousands of requests
// a second: the HTTP server calls countPageView once a response is sent (cached answers included)
// and it only increments counters in memory. Every few seconds, and on a graceful shutdown, each
// instance adds its counters to the database with additive upserts, so any number of instances add
// up and a restart loses nothing.
//
// Unique visitors are estimated as Plausible does: a hash of the address, the user agent and a
// salt of the day. The salt is shared by the instances through the database (each must hash a
// visitor alike) and deleted once its day is over, with that day's hashes: after that no hash can
// be tied to an address again, not even by whoever holds the database.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { clientAddress } from "../client-address.server.ts";
import { db, isPostgres } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { monthsBefore, saoPauloDay } from "./period";
import { rateLimitAddress } from "~/lib/request-info.server";
import { isDataUrl, pageUrl } from "~/lib/data-url";
import { memoize } from "~/lib/memoize";
import { errorFields, log } from "../logger.server.ts";

/** Keys longer than this are cut (a path, a referrer host, a campaign): nobody reads past it. */
const MAX_KEY_LENGTH = 150;
/** Rows per INSERT (4 parameters each; SQLite allows 32766 parameters per statement). */
const ROWS_PER_STATEMENT = 500;
/** The admin's session cookie: staff looking at their own site are not visitors. */
const ADMIN_COOKIE = "__admin_session=";

/** The metrics as the export names them, and the ones the admin page uses to credit a click. */
type Metric =
  | "visualizacoes"
  | "visitantes"
  | "origem"
  | "campanha"
  | "dispositivo"
  | "whatsapp"
  | "chat"
  | "formulario"
  /** WhatsApp clicks per page, per source and per campaign of the visit: the conversion rates. */
  | "whatsapp_pagina"
  | "whatsapp_origem"
  | "whatsapp_campanha";

export const analyticsEnabled = env.ANALYTICS === "on";

export { saoPauloDay };

let cachedDay = { day: "", until: 0 };
/** Today, formatted at most once a second (it is read for every page view). */
function today(): string {
  const now = Date.now();
  if (now >= cachedDay.until) cachedDay = { day: saoPauloDay(new Date(now)), until: now + 1000 };
  return cachedDay.day;
}

interface PendingVisitor {
  day: string;
  address: string;
  userAgent: string;
  source: string;
  campaign: string;
}

interface Credit {
  source: string;
  campaign: string;
}

/** Counts not yet in the database, by `day \t metric \t key`. */
let counts = new Map<string, number>();
/** Visitors seen since the last flush, by `day \n address \n user agent` (memory only, for seconds). */
let pendingVisitors = new Map<string, PendingVisitor>();
/** Today's visitors this instance already stored, by hash: what a click is credited to. */
let knownVisitors = { day: "", byHash: new Map<string, Credit>() };
/** Bounds the memory of knownVisitors on a very busy day; past it clicks look visitors up in the database. */
const MAX_KNOWN_VISITORS = 200_000;
let salt = { day: "", value: "" };
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

function add(day: string, metric: Metric, key: string, amount = 1) {
  const id = `${day}\t${metric}\t${key.slice(0, MAX_KEY_LENGTH)}`;
  counts.set(id, (counts.get(id) ?? 0) + amount);
  if (!timer) {
    // What was counted shows on the insights page within this interval (and a page load).
    timer = setInterval(() => void flushAnalytics(), env.ANALYTICS_FLUSH_MS);
    timer.unref();
  }
}

/**
 * Counts a page view once the server has sent its response (cached or rendered). Only successful
 * GETs of the site's pages by people count: not HEAD, prefetches, bots, admin sessions, error
 * pages, redirects, assets, resource routes or the admin. A navigation made with JavaScript
 * (the page's data, `/x.data`) counts as a view of its page; the same data fetched again for the
 * page the visitor is on (after a form or chat post) does not.
 */
export function countPageView(req: IncomingMessage, res: ServerResponse): void {
  if (!analyticsEnabled || req.method !== "GET" || !res.writableFinished) return;
  if (res.statusCode !== 200 && res.statusCode !== 304) return;
  const headers = req.headers;
  if (isPrefetch(headers)) return;
  const target = targetOf(req.url ?? "/");
  if (!target) return;
  const { path, dataRequest } = target;
  const type = String(res.getHeader("content-type") ?? "");
  if (dataRequest) {
    if (!type.startsWith("text/x-script")) return;
    if (refererPath(headers.referer) === path) return;
  } else if (!type.startsWith("text/html")) return;
  if (path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/")) return;
  const userAgent = headers["user-agent"];
  const agent = userAgent ? agentOf(userAgent) : "robo";
  if (!userAgent || agent === "robo") return;
  if (headers.cookie?.includes(ADMIN_COOKIE)) return;

  const day = today();
  add(day, "visualizacoes", path);
  const from = refererHost(headers.referer);
  let source = "";
  let campaign = "";
  if (from === null || !isOwnHost(from, headers.host)) {
    // A visit: someone arriving from elsewhere (or typing the address), not a step inside the site.
    source = from ?? "direto";
    add(day, "origem", source);
    campaign = target.campaign;
    if (campaign) add(day, "campanha", campaign);
    add(day, "dispositivo", agent);
  }
  // As the routes see it (an IPv6 address as its /64), so a click finds the visit it came from.
  const address = rateLimitAddress(clientAddress(req, env.TRUST_PROXY));
  const id = `${day}\n${address}\n${userAgent}`;
  const pending = pendingVisitors.get(id);
  if (!pending) pendingVisitors.set(id, { day, address, userAgent, source: source.slice(0, MAX_KEY_LENGTH), campaign: campaign.slice(0, MAX_KEY_LENGTH) });
  else if (source && !pending.source) Object.assign(pending, { source: source.slice(0, MAX_KEY_LENGTH), campaign: campaign.slice(0, MAX_KEY_LENGTH) });
}

interface Target {
  /** The page viewed (a data request's page). */
  path: string;
  dataRequest: boolean;
  /** `source/medium/campaign`, or "". */
  campaign: string;
}

/** What a request target says about the view: the same few pages are asked for again and again. */
const targetOf = memoize((requestTarget: string): Target | null => {
  // The URL as the app reads the request's (so `//x` stays a path); `.data` is its page's data.
  const url = URL.parse(`http://localhost${requestTarget}`);
  if (!url) return null;
  const dataRequest = isDataUrl(url);
  return {
    path: dataRequest ? pageUrl(url).pathname : url.pathname,
    dataRequest,
    campaign: url.search ? campaignOf(url.search.slice(1)) : "",
  };
}, 1_000);

/** Browsers' speculative loads (link prefetch, prerender) say so; nobody saw those pages. */
function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose);
}

function refererHost(referer: string | undefined): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  return withoutWww(new URL(referer).hostname.toLowerCase());
}

function refererPath(referer: string | undefined): string | null {
  return referer && URL.canParse(referer) ? new URL(referer).pathname : null;
}

function withoutWww(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

const siteHost = withoutWww(new URL(env.SITE_URL).hostname.toLowerCase());

function isOwnHost(host: string, requestHost: string | undefined): boolean {
  if (host === siteHost) return true;
  if (!requestHost) return false;
  const bare = requestHost.startsWith("[") ? requestHost.slice(0, requestHost.indexOf("]") + 1) : requestHost.split(":", 1)[0]!;
  return host === withoutWww(bare.toLowerCase());
}

/** `source/medium/campaign` from the utm_ parameters, or "" when the address has none. */
function campaignOf(search: string): string {
  if (!search.includes("utm_")) return "";
  const params = new URLSearchParams(search);
  const part = (name: string) => (params.get(name) ?? "").trim().toLowerCase().replaceAll("/", "-").slice(0, 60);
  const [source, medium, campaign] = [part("utm_source"), part("utm_medium"), part("utm_campaign")];
  return source || medium || campaign ? `${source}/${medium}/${campaign}` : "";
}

type Agent = "robo" | "celular" | "tablet" | "computador";

/**
 * A bot, or the class of a person's device (phone, tablet or desktop). isbot's pattern takes several
 * microseconds per test, as much as the rest of counting a view: each user agent is classified once
 * (a busy site sees a few hundred). Only the class of a person's device is ever counted.
 */
const agentOf = memoize(
  (userAgent: string): Agent =>
    isbot(userAgent)
      ? "robo"
      : /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)
        ? "tablet"
        : /Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)
          ? "celular"
          : "computador",
  2_000,
);

/** Counts a conversion the server handled itself (a chat message, a form posted without JavaScript). */
export function countConversion(metric: "chat" | "formulario", key: string): void {
  if (!analyticsEnabled) return;
  add(today(), metric, key);
}

export interface Visitor {
  address: string;
  userAgent: string;
}

/**
 * Counts a WhatsApp click on `link` (button and number) from `page`, credited to the source and
 * campaign the visitor came from today when this instance or the database knows them.
 */
export async function countWhatsAppClick(visitor: Visitor, link: string, page: string): Promise<void> {
  if (!analyticsEnabled) return;
  const day = today();
  add(day, "whatsapp", link);
  if (page) add(day, "whatsapp_pagina", page);
  const credit = await creditFor(day, visitor).catch(() => null);
  if (credit?.source) add(day, "whatsapp_origem", credit.source);
  if (credit?.campaign) add(day, "whatsapp_campanha", credit.campaign);
}

async function creditFor(day: string, visitor: Visitor): Promise<Credit | null> {
  const pending = pendingVisitors.get(`${day}\n${visitor.address}\n${visitor.userAgent}`);
  if (pending) return pending;
  const hash = hashVisitor(await saltFor(day), visitor.address, visitor.userAgent);
  if (knownVisitors.day === day) {
    const known = knownVisitors.byHash.get(hash);
    if (known) return known;
  }
  return db.analyticsVisitor.findUnique({ where: { day_hash: { day, hash } }, select: { source: true, campaign: true } });
}

function hashVisitor(daySalt: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${daySalt}\n${address}\n${userAgent}`).digest("base64url").slice(0, 24);
}

/** The day's salt, created by whichever instance needs it first; the days before are deleted with it. */
async function saltFor(day: string): Promise<string> {
  if (salt.day === day) return salt.value;
  await db.$executeRawUnsafe(
    `INSERT INTO analytics_salts (day, salt) VALUES (${placeholders(1, 2)}) ON CONFLICT (day) DO NOTHING`,
    day,
    randomBytes(32).toString("base64url"),
  );
  const row = await db.analyticsSalt.findUniqueOrThrow({ where: { day } });
  if (day === today()) {
    salt = { day, value: row.salt };
    await forgetPastVisitors(day);
  }
  return row.salt;
}

/** Deletes the salts and visitor hashes of the days before `day` (also run by the housekeeping). */
async function forgetPastVisitors(day: string = saoPauloDay()): Promise<number> {
  const [salts, visitors] = await Promise.all([
    db.analyticsSalt.deleteMany({ where: { day: { lt: day } } }),
    db.analyticsVisitor.deleteMany({ where: { day: { lt: day } } }),
  ]);
  return salts.count + visitors.count;
}

/** `$1, $2...` (PostgreSQL) or `?, ?...` (SQLite) for `count` parameters from `first`. */
function placeholders(first: number, count: number): string {
  return Array.from({ length: count }, (_, i) => (isPostgres ? `$${first + i}` : "?")).join(", ");
}

function rowsSql(rows: number, columns: number): string {
  return Array.from({ length: rows }, (_, r) => `(${placeholders(r * columns + 1, columns)})`).join(", ");
}

/**
 * Adds this instance's counts to the database now (after any flush in progress). Called every
 * few seconds and by the server on a graceful shutdown; a failed write keeps the counts for the
 * next one.
 */
export function flushAnalytics(): Promise<void> {
  flushing = flushing.then(flushNow, flushNow);
  return flushing;
}

async function flushNow(): Promise<void> {
  const batch = counts;
  const visitors = pendingVisitors;
  counts = new Map();
  pendingVisitors = new Map();
  try {
    await storeVisitors(visitors, batch);
  } catch (error) {
    for (const [id, visitor] of visitors) if (!pendingVisitors.has(id)) pendingVisitors.set(id, visitor);
    logFailure(error);
  }
  const entries = [...batch];
  for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
    const chunk = entries.slice(i, i + ROWS_PER_STATEMENT);
    try {
      await db.$executeRawUnsafe(
        `INSERT INTO analytics_daily (day, metric, key, total) VALUES ${rowsSql(chunk.length, 4)}
         ON CONFLICT (day, metric, key) DO UPDATE SET total = analytics_daily.total + excluded.total`,
        ...chunk.flatMap(([id, total]) => [...id.split("\t"), total]),
      );
    } catch (error) {
      // Kept for the next flush: nothing counted is dropped because the database was busy.
      for (const [id, total] of entries.slice(i)) counts.set(id, (counts.get(id) ?? 0) + total);
      logFailure(error);
      return;
    }
  }
}

/** Stores the new visitors' hashes; those no instance had stored today add to `visitantes`. */
async function storeVisitors(visitors: Map<string, PendingVisitor>, batch: Map<string, number>): Promise<void> {
  const byDay = new Map<string, PendingVisitor[]>();
  for (const visitor of visitors.values()) byDay.set(visitor.day, [...(byDay.get(visitor.day) ?? []), visitor]);
  for (const [day, list] of byDay) {
    const daySalt = await saltFor(day);
    if (knownVisitors.day !== day && day === today()) knownVisitors = { day, byHash: new Map() };
    const known = knownVisitors.day === day ? knownVisitors.byHash : new Map<string, Credit>();
    const rows = list
      .map((v) => ({ hash: hashVisitor(daySalt, v.address, v.userAgent), source: v.source, campaign: v.campaign }))
      .filter((row) => !known.has(row.hash));
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
      const inserted = await db.$executeRawUnsafe(
        `INSERT INTO analytics_visitors (day, hash, source, campaign) VALUES ${rowsSql(chunk.length, 4)} ON CONFLICT (day, hash) DO NOTHING`,
        ...chunk.flatMap((row) => [day, row.hash, row.source, row.campaign]),
      );
      if (inserted > 0) {
        const id = `${day}\tvisitantes\t`;
        batch.set(id, (batch.get(id) ?? 0) + inserted);
      }
      if (known.size < MAX_KNOWN_VISITORS) for (const row of chunk) known.set(row.hash, row);
    }
  }
}

function logFailure(error: unknown) {
  log("error", "insights: counts not stored yet, kept for the next try", errorFields(error));
}

/** Housekeeping: deletes the days older than the retention (ANALYTICS_RETENTION_MONTHS). */
export async function sweepOldAnalytics(now: Date = new Date()): Promise<number> {
  // São Paulo's day, then months back on the calendar (31 March keeps from 28 or 29 February on).
  const cutoff = monthsBefore(saoPauloDay(now), env.ANALYTICS_RETENTION_MONTHS);
  const { count } = await db.analyticsDaily.deleteMany({ where: { day: { lt: cutoff } } });
  return count + (await forgetPastVisitors(saoPauloDay(now)));
}
