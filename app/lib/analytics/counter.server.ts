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
// salt of the day. The salt is derived from the day and SESSION_SECRET (derived-keys.server.ts), so
// every instance hashes a visitor alike and the database never holds it: a copy of the database
// taken during the day cannot tie a hash to an address. The day's hashes are deleted once it is
// over; after that nothing ties a count to an address, whoever holds what.
//
// Anyone can send any request, so what a request can add is bounded: only pages the app answered
// are counted, under one spelling of their path; each day keeps at most KEYS_PER_DAY keys per
// metric (the rest add to "Outros"); keys are cut to a length; and one address counts at most
// VIEWS_PER_ADDRESS_PER_MINUTE views and VISITORS_PER_ADDRESS_PER_DAY visitors.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { parse as parseCookies } from "cookie-es";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { clientAddress } from "../client-address.server.ts";
import { db, isPostgres } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { keyedHash } from "~/lib/derived-keys.server";
import { monthsBefore, saoPauloDay } from "./period";
import { rateLimitAddress } from "~/lib/request-info.server";
import { policyPath } from "~/lib/request-path";
import { isDataUrl, pageUrl } from "~/lib/data-url";
import { memoize } from "~/lib/memoize";
import { errorFields, log } from "../logger.server.ts";
import { sourceOf } from "./sources";
import { bucketOf, type Vital } from "./vitals";

/** Keys longer than this are cut (a path, a campaign): nobody reads past it. */
const MAX_KEY_LENGTH = 150;
/** Each of utm_source, utm_medium and utm_campaign is cut to this length. */
const MAX_CAMPAIGN_PART = 40;
/**
 * Distinct keys one day keeps per metric (pages, sources, campaigns...): a busy site has far fewer
 * real ones, and made-up ones (new referrers, utm_ values) would otherwise each be a row kept
 * for 25 months. Past it, a day's new keys add to OTHER.
 */
export const KEYS_PER_DAY = 150;
/**
 * The vitals' keys are the site's own pages (checked before counting) × 3 devices × a bucket of a
 * fixed list: bounded by the site, not by what visitors make up, and a big site has more of them.
 */
const VITAL_KEYS_PER_DAY = 5000;
/** Where the keys past KEYS_PER_DAY are counted. */
export const OTHER = "Outros";
/** Page views one address counts per minute: far above a person's, far below a flood's. */
export const VIEWS_PER_ADDRESS_PER_MINUTE = 120;
/**
 * Visitors (user agents) one address counts per day: a family or an office behind one address is
 * a few, and a script that changes its user agent on every request stays this many.
 */
export const VISITORS_PER_ADDRESS_PER_DAY = 50;
/** Rows per INSERT (4 parameters each; SQLite allows 32766 parameters per statement). */
const ROWS_PER_STATEMENT = 500;
/** The admin's session cookie (its HTTPS name too): staff looking at their own site are not visitors. */
export const ADMIN_COOKIES = ["__admin_session", "__Host-admin_session"];

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
  | "whatsapp_campanha"
  /** Core Web Vitals of real page views: `page|device|bucket` counts (app/lib/analytics/vitals.ts). */
  | `vital_${Vital}`;

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
/** What one address counted lately: its views this minute, and (by a hash) the user agents it counted today. */
interface AddressLoad {
  day: string;
  minute: number;
  views: number;
  agents: Set<number>;
}
/** Per address, in memory only (each instance bounds what it counts). */
const loads = new LRUCache<string, AddressLoad>({ max: 20_000 });
/** The keys each `day \t metric` has in the database, as this instance last read or wrote them. */
const storedKeys = new Map<string, Set<string>>();
let salt = { day: "", value: "" };
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

function add(day: string, metric: Metric, key: string, amount = 1) {
  // Control characters (a decoded %09 or %0A) have no place in a key, and a tab would split its id.
  const clean = CONTROL.test(key) ? key.replace(CONTROLS, "") : key;
  const id = `${day}\t${metric}\t${clean.slice(0, MAX_KEY_LENGTH)}`;
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
  const referer = headers.referer ? refererOf(headers.referer) : null;
  if (dataRequest) {
    if (!type.startsWith("text/x-script")) return;
    if (referer?.path === path) return;
  } else if (!type.startsWith("text/html")) return;
  if (isAdminPath(path) || path.startsWith("/api/")) return;
  const userAgent = headers["user-agent"];
  const agent = userAgent ? agentOf(userAgent) : "robo";
  if (!userAgent || agent === "robo") return;
  const cookies = headers.cookie ? parseCookies(headers.cookie) : null;
  if (cookies && ADMIN_COOKIES.some((name) => cookies[name] !== undefined)) return;
  const own = referer !== null && isOwnHost(referer.host, headers.host);
  // Coming from the site's own admin pages is the staff (signing out lands on the home page,
  // without the admin session any more): not a visitor.
  if (own && isAdminPath(referer.path)) return;

  // As the routes see it (an IPv6 address as its /64), so a click finds the visit it came from.
  const address = rateLimitAddress(clientAddress(req, env.TRUST_PROXY));
  const day = today();
  const load = loadOf(address, day);
  if (!load) return;
  add(day, "visualizacoes", path);
  let source = "";
  let campaign = "";
  if (!own) {
    // A visit: someone arriving from elsewhere (or typing the address), not a step inside the site.
    source = referer ? sourceOf(referer.host) : "direto";
    add(day, "origem", source);
    campaign = target.campaign;
    if (campaign) add(day, "campanha", campaign);
    add(day, "dispositivo", agent);
  }
  const id = `${day}\n${address}\n${userAgent}`;
  const pending = pendingVisitors.get(id);
  if (!pending) {
    if (admitsVisitor(load, userAgent)) pendingVisitors.set(id, { day, address, userAgent, source, campaign });
  } else if (source && !pending.source) Object.assign(pending, { source, campaign });
}

const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;

function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/**
 * What `address` may still count now, or null when it is past VIEWS_PER_ADDRESS_PER_MINUTE: the
 * view is then not counted at all (nor its visit).
 */
function loadOf(address: string, day: string): AddressLoad | null {
  const minute = Math.floor(Date.now() / 60_000);
  let load = loads.get(address);
  if (!load || load.day !== day) {
    load = { day, minute, views: 0, agents: new Set() };
    loads.set(address, load);
  }
  if (load.minute !== minute) Object.assign(load, { minute, views: 0 });
  return ++load.views > VIEWS_PER_ADDRESS_PER_MINUTE ? null : load;
}

/** Whether this user agent may count as a visitor of the address today (VISITORS_PER_ADDRESS_PER_DAY). */
function admitsVisitor(load: AddressLoad, userAgent: string): boolean {
  const agent = quickHash(userAgent);
  if (load.agents.has(agent)) return true;
  if (load.agents.size >= VISITORS_PER_ADDRESS_PER_DAY) return false;
  load.agents.add(agent);
  return true;
}

/** A 32-bit FNV-1a hash: enough to tell a few user agents of one address apart, and small to keep. */
function quickHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The one spelling of a page's path that is counted: the server's reading of a path
 * (app/lib/request-path.ts: decoded, dot segments resolved, lower-case, as the router matches
 * it), without a trailing slash. `/CONTATO`, `/%63ontato` and `/contato/` are all `/contato`.
 */
export function countedPath(path: string): string {
  const normalized = policyPath(path);
  return normalized.length > 1 && normalized.endsWith("/") ? normalized.slice(0, -1) : normalized;
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
    path: countedPath(dataRequest ? pageUrl(url).pathname : url.pathname),
    dataRequest,
    campaign: url.search ? campaignOf(url.search.slice(1)) : "",
  };
}, 1_000);

/** Browsers' speculative loads (link prefetch, prerender) say so; nobody saw those pages. */
function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose);
}

/** The page a Referer names: its host (lower-case, without `www.`) and its counted path. */
const refererOf = memoize((referer: string): { host: string; path: string } | null => {
  const url = URL.parse(referer);
  return url ? { host: withoutWww(url.hostname.toLowerCase()), path: countedPath(url.pathname) } : null;
}, 2_000);

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
  const part = (name: string) => (params.get(name) ?? "").trim().toLowerCase().replaceAll("/", "-").slice(0, MAX_CAMPAIGN_PART);
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

/** The class of a person's device for a user agent, or null for a bot (not counted). */
export function deviceOf(userAgent: string): "celular" | "tablet" | "computador" | null {
  const agent = agentOf(userAgent);
  return agent === "robo" ? null : agent;
}

/** Counts one page view's Core Web Vitals (already checked) in the day's histograms of its page and device. */
export function countVitals(page: string, device: string, values: Partial<Record<Vital, number>>): void {
  if (!analyticsEnabled) return;
  const day = today();
  for (const [vital, value] of Object.entries(values) as Array<[Vital, number]>) add(day, `vital_${vital}`, `${page}|${device}|${bucketOf(vital, value)}`);
}

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

/**
 * The visit `visitor` came in by today (its source, and its `source/medium/campaign` key), as a
 * click is credited to it; null when the insights are off or do not know the visit. The leads
 * (app/lib/leads/) keep it with each contact.
 */
export function visitCredit(visitor: Visitor): Promise<{ source: string; campaign: string } | null> {
  if (!analyticsEnabled) return Promise.resolve(null);
  return creditFor(today(), visitor).catch(() => null);
}

/**
 * The source and campaign a visitor's click is credited to: the visit they came in by today. An
 * entry of the last seconds (not flushed yet) knows it only when it saw that visit; one for a
 * later view inside the site has none, and the visit is then read from what this instance stored,
 * or from the database.
 */
async function creditFor(day: string, visitor: Visitor): Promise<Credit | null> {
  const pending = pendingVisitors.get(`${day}\n${visitor.address}\n${visitor.userAgent}`);
  if (pending?.source) return pending;
  const hash = hashVisitor(day, visitor.address, visitor.userAgent);
  const known = knownVisitors.day === day ? knownVisitors.byHash.get(hash) : undefined;
  if (known?.source) return known;
  return db.analyticsVisitor.findUnique({ where: { day_hash: { day, hash } }, select: { source: true, campaign: true } });
}

function hashVisitor(day: string, address: string, userAgent: string): string {
  return createHash("sha256")
    .update(`${saltOf(day)}\n${address}\n${userAgent}`)
    .digest("base64url")
    .slice(0, 24);
}

/** The day's salt: the same on every instance, and only ever in memory (derived, never stored). */
function saltOf(day: string): string {
  if (salt.day !== day) salt = { day, value: keyedHash("insights-visitor-salt", day) };
  return salt.value;
}

let forgotten = "";
/** Deletes the visitor hashes of the days before `day` (also run by the housekeeping). */
async function forgetPastVisitors(day: string = saoPauloDay()): Promise<number> {
  const { count } = await db.analyticsVisitor.deleteMany({ where: { day: { lt: day } } });
  forgotten = day;
  return count;
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
  let entries: Array<[string, number]>;
  try {
    entries = await withinKeyLimit(batch);
  } catch (error) {
    for (const [id, total] of batch) counts.set(id, (counts.get(id) ?? 0) + total);
    logFailure(error);
    return;
  }
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
  const current = today();
  // Once a day, the first flush of the new day deletes the days before's hashes.
  if (byDay.size > 0 && forgotten !== current) await forgetPastVisitors(current);
  for (const [day, list] of byDay) {
    if (knownVisitors.day !== day && day === current) knownVisitors = { day, byHash: new Map() };
    const known = knownVisitors.day === day ? knownVisitors.byHash : new Map<string, Credit>();
    const rows = list
      .map((v) => ({ hash: hashVisitor(day, v.address, v.userAgent), source: v.source, campaign: v.campaign }))
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

/**
 * The batch with each day's keys held to KEYS_PER_DAY per metric: a key the day already has in
 * the database adds to its row; a new one takes a row while the day and metric have fewer than
 * that many, and adds to OTHER after. What the database holds is read again whenever a batch
 * brings keys this instance has not seen (another instance may have added them), so instances
 * together stay at the limit, give or take what they add at the same moment.
 */
async function withinKeyLimit(batch: Map<string, number>): Promise<Array<[string, number]>> {
  const groups = new Map<string, Array<[string, number]>>();
  for (const [id, total] of batch) {
    const cut = id.lastIndexOf("\t");
    const group = id.slice(0, cut);
    let entries = groups.get(group);
    if (!entries) groups.set(group, (entries = []));
    entries.push([id.slice(cut + 1), total]);
  }
  // Only the days being counted are remembered (a day's keys are of no use once it is over).
  for (const group of storedKeys.keys()) if (!groups.has(group) && !group.startsWith(today())) storedKeys.delete(group);
  const kept = new Map<string, number>();
  for (const [group, entries] of groups) {
    let keys = storedKeys.get(group);
    if (!keys || entries.some(([key]) => !keys!.has(key))) {
      const [day, metric] = group.split("\t") as [string, string];
      const rows = await db.analyticsDaily.findMany({ where: { day, metric }, select: { key: true } });
      keys = new Set(rows.map((row) => row.key));
      storedKeys.set(group, keys);
    }
    for (const [key, total] of entries) {
      let counted = key;
      if (!keys.has(key)) {
        const limit = group.includes("\tvital_") ? VITAL_KEYS_PER_DAY : KEYS_PER_DAY;
        if (key !== OTHER && keys.size - (keys.has(OTHER) ? 1 : 0) >= limit) counted = OTHER;
        keys.add(counted);
      }
      const id = `${group}\t${counted}`;
      kept.set(id, (kept.get(id) ?? 0) + total);
    }
  }
  return [...kept];
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
