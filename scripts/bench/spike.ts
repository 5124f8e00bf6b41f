// The campaign spike, measured (part of `npm run bench`; alone: `node scripts/bench.ts --only spike,chat,cookie`).
//   - spike: 200 visitors browse the public pages with think time (half of them chatted with
//     JavaScript before, a chat cookie holding a session id; 2% without JavaScript, a stored
//     conversation shown on every page; every page view loads two of its images through /img,
//     never one the visitor's browser already has), 100 visitors chat with a webhook that takes
//     5 s to answer, and one admin saves content every 30 s (each save expires every cached
//     page); once on one production instance (SQLite), once on two instances sharing a
//     throwaway PostgreSQL cluster (requests alternate between them, as a round-robin load
//     balancer sends them). Everyone arrives within the first 3 s, on servers warmed as by earlier
//     traffic. Reports throughput, p50/p99 per kind of request, errors and each server's RSS over
//     the run.
//   - chat pile-up: 1,000 chat messages pending at once on a webhook that takes 10 s
//     (CHAT_WEBHOOK_CONCURRENCY=1000), 100 more beyond the cap, page views meanwhile. The 1,000
//     are sent from a process of their own (scripts/bench/chat-crowd.ts), so the page views and
//     the 100 refusals are timed by a process that does not also hold 1,000 pending requests.
//   - visitor cookies: a chat cookie holding only a session id gets the shared cached page
//     (X-Cache: HIT); pages with a no-JavaScript conversation, rendered per request, under
//     autocannon at 10 connections.
// Everything runs on loopback; the load generator shares the machine with the servers, so compare
// the figures of one run (ratios), not absolute values across machines.
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { startWebhookServer, type WebhookProcess } from "../../tests/helpers/webhook-server.ts";
import { freePort } from "../lib/free-port.ts";
import { startPgCluster } from "../lib/pg-cluster.ts";
import { startVarnish } from "../lib/varnish.ts";
import type { CrowdCommand, CrowdEvent } from "./chat-crowd.ts";
import { sendChatMessage, type ChatAnswer } from "./chat-message.ts";
import { startDemoServer, type DemoServer } from "./demo-server.ts";
import { compareThroughput, hammer, startBareServer } from "./load.ts";

export interface BenchRow {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}

const note = (line: string) => console.error(`bench: ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

const PAGES = ["/", "/servicos", "/portfolio", "/portfolio?categoria=IA", "/led-panels", "/window-films", "/curso", "/blog", "/sobre", "/contato"];
const ADMIN = { email: "admin@winddigital.com.br", password: "vento-laranja-janela-42" };
const REPLY_ERROR = "Desculpe, ocorreu um erro. Tente novamente.";

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples each server's RSS every second. */
function rssSampler(servers: DemoServer[]) {
  const start = servers.map((s) => rssMb(s.pid));
  const series: number[][] = servers.map(() => []);
  const timer = setInterval(() => servers.forEach((s, i) => series[i]!.push(rssMb(s.pid))), 1000);
  return {
    stop() {
      clearInterval(timer);
      servers.forEach((s, i) => series[i]!.push(rssMb(s.pid)));
      return servers.map((_, i) => ({ start: start[i]!, max: Math.max(start[i]!, ...series[i]!), end: series[i]!.at(-1)!, series: series[i]! }));
    },
  };
}

/** Latencies and failures per kind of request. */
class Recorder {
  kinds = new Map<string, { ms: number[]; errors: number; statuses: Map<string, number> }>();
  started = performance.now();

  record(kind: string, ms: number, status: string, ok: boolean) {
    let k = this.kinds.get(kind);
    if (!k) this.kinds.set(kind, (k = { ms: [], errors: 0, statuses: new Map() }));
    k.ms.push(ms);
    if (!ok) {
      k.errors++;
      k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
    }
  }

  stats(kind: string) {
    const k = this.kinds.get(kind);
    const ms = [...(k?.ms ?? [])].sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? NaN;
    return { count: ms.length, p50: at(50), p99: at(99), errors: k?.errors ?? 0, statuses: k?.statuses ?? new Map<string, number>() };
  }

  /** p99 of several kinds together (e.g. every page view). */
  p99(kinds: string[]): number {
    const ms = kinds.flatMap((kind) => this.kinds.get(kind)?.ms ?? []).sort((a, b) => a - b);
    return ms[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))] ?? NaN;
  }
}

/** Fetches, reads the whole body and records the time; a network error counts as an error. */
async function timed(rec: Recorder, kind: string, url: string, init: RequestInit, ok: (status: number) => boolean) {
  const started = performance.now();
  try {
    const response = await fetch(url, { redirect: "manual", ...init });
    const body = await response.text();
    rec.record(kind, performance.now() - started, String(response.status), ok(response.status));
    return { response, body };
  } catch (error) {
    rec.record(kind, performance.now() - started, `network: ${(error as Error).message}`, false);
    return null;
  }
}

/** Image URLs of a page, as the browser would request them through /img. */
function imagesOf(html: string): string[] {
  return [...html.matchAll(/\ssrc="(\/img\?[^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

/** A visitor's chat cookie after one message sent with JavaScript (JSON): a session id alone. */
async function javaScriptChatCookie(origin: string, message: string): Promise<string> {
  const response = await fetch(`${origin}/api/chat`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ message }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__chat="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`no chat cookie (status ${response.status})`);
  return cookie;
}

/**
 * A visitor's chat cookie after one message sent through the chat's form (as without JavaScript),
 * and the page the answer redirects to: the server keeps that conversation and shows it on every
 * page the visitor opens, so their pages are rendered for them.
 */
async function chatCookie(origin: string, message: string): Promise<string> {
  const response = await fetch(`${origin}/api/chat`, {
    method: "POST",
    headers: { Origin: origin },
    body: new URLSearchParams({ message, redirectTo: "/" }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  // The session and the conversation's mark.
  const pairs = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("__chat"));
  if (!pairs.some((c) => c.startsWith("__chat_conversa="))) throw new Error(`no conversation cookie (status ${response.status})`);
  const cookie = pairs.join("; ");
  const location = response.headers.get("Location");
  if (location) await (await fetch(new URL(location, origin), { headers: { Cookie: cookie } })).arrayBuffer();
  return cookie;
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
    headers: { Origin: origin },
  });
  const session = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__admin_session="))
    ?.split(";")[0];
  if (!session) throw new Error(`admin sign-in failed (${response.status})`);
  return session;
}

const PAGE_ANON = "page view, anonymous";
const PAGE_CHAT = "page view, chatted with JavaScript";
const PAGE_CONVERSATION = "page view, no-JavaScript conversation";
const IMAGE = "image via /img";
const CHAT = "chat message (5 s webhook)";
const ADMIN_SAVE = "admin save";

/**
 * A visitor reading pages: one page, two of its images this visitor's browser does not have yet,
 * then 1–3 s reading. /img answers are immutable (Cache-Control), so a browser never asks for an
 * image twice.
 */
async function browse(rec: Recorder, origin: () => string, visitor: { cookie: string; kind: string } | null, until: number, edge?: EdgeCount) {
  const cookie = visitor?.cookie ?? null;
  const inBrowserCache = new Set<string>();
  while (Date.now() < until) {
    const base = origin();
    const headers: Record<string, string> = { "Accept-Encoding": "br, gzip" };
    if (cookie) headers.Cookie = cookie;
    const page = await timed(rec, visitor?.kind ?? PAGE_ANON, `${base}${pick(PAGES)}`, { headers }, (s) => s === 200);
    // Anonymous visitors, with or without a chat session (both get the page everyone gets).
    if (edge && visitor?.kind !== PAGE_CONVERSATION && page) {
      edge.views++;
      if (page.response.headers.get("x-edge") === "HIT") edge.hits++;
    }
    const images = page ? imagesOf(page.body).filter((src) => !inBrowserCache.has(src)) : [];
    for (let i = 0; i < 2 && images.length > 0; i++) {
      const src = images.splice(Math.floor(Math.random() * images.length), 1)[0]!;
      const imageHeaders: Record<string, string> = { Accept: "image/avif,image/webp,*/*" };
      if (cookie) imageHeaders.Cookie = cookie;
      const image = await timed(rec, IMAGE, `${base}${src}`, { headers: imageHeaders }, (s) => s === 200);
      if (image?.response.status === 200) inBrowserCache.add(src);
    }
    await sleep(between(1000, 3000));
  }
}

/** A visitor talking to the chat: a message, the 5 s answer, then 1–3 s typing the next one. */
async function chat(rec: Recorder, origin: () => string, until: number, id: number) {
  let cookie = "";
  for (let n = 0; Date.now() < until; n++) {
    const base = origin();
    const result = await timed(
      rec,
      CHAT,
      `${base}/api/chat`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ message: `Visitante ${id}, pergunta ${n}: quanto custa um site?` }),
      },
      (s) => s === 200,
    );
    cookie ||=
      result?.response.headers
        .getSetCookie()
        .find((c) => c.startsWith("__chat="))
        ?.split(";")[0] ?? "";
    await sleep(between(1000, 3000));
  }
}

/** Anonymous page views through the edge, and how many it answered itself; each save's delay until the edge showed it. */
interface EdgeCount {
  url: string;
  views: number;
  hits: number;
  visibleMs: number[];
}

/**
 * An admin editing: a save (a new LED panel) every 30 s, the first within the first 3 s. Through
 * an edge, each save is then looked for on the edge's /led-panels every 20 ms (up to 5 s).
 */
async function administer(rec: Recorder, origin: string, session: string, until: number, id: number, edge?: EdgeCount) {
  for (let n = 0; Date.now() < until; n++) {
    const form = new FormData();
    form.set("title", `Painel pico ${id}-${n}`);
    form.set("primary_flow", "Av. 85");
    form.set("reach", "100 mil");
    form.set("flow", "Alto");
    form.set("description", "Criado pelo cenário de pico do benchmark.");
    await timed(rec, ADMIN_SAVE, `${origin}/admin/led-panels`, { method: "POST", body: form, headers: { Origin: origin, Cookie: session } }, (s) => s === 302);
    if (edge) {
      const saved = performance.now();
      let seen = Infinity;
      while (performance.now() - saved < 5000) {
        if ((await (await fetch(`${edge.url}/led-panels`)).text()).includes(`Painel pico ${id}-${n}<`)) {
          seen = performance.now() - saved;
          break;
        }
        await sleep(20);
      }
      edge.visibleMs.push(seen);
    }
    await sleep(30_000);
  }
}

/**
 * A server as it is when a campaign starts: every image variant the pages use made once (their
 * first resize is what the media figures measure), and the code that renders pages made hot by
 * V8's compiler by earlier traffic (each page rendered 20 times, bypassing the page cache).
 */
async function warm(origins: string[]) {
  for (const origin of origins) {
    const images = new Set<string>();
    for (const page of PAGES) for (const image of imagesOf(await (await fetch(`${origin}${page}`)).text())) images.add(image);
    for (let round = 0; round < 20; round++) {
      for (const page of PAGES) await (await fetch(`${origin}${page}`, { headers: { Cookie: "bench_uncached=1" } })).arrayBuffer();
    }
    const queue = [...images];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let image = queue.pop(); image; image = queue.pop()) {
          await (await fetch(`${origin}${image}`, { headers: { Accept: "image/avif,image/webp,*/*" } })).arrayBuffer();
        }
      }),
    );
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function spike(label: string, servers: DemoServer[], seconds: number, edgeUrl?: string): Promise<BenchRow[]> {
  const instances = servers.map((s) => s.baseUrl);
  // Through an edge, every visitor asks the edge; the admin saves on an instance.
  const origins = edgeUrl ? [edgeUrl] : instances;
  const edge: EdgeCount | undefined = edgeUrl ? { url: edgeUrl, views: 0, hits: 0, visibleMs: [] } : undefined;
  let turn = 0;
  const next = () => origins[turn++ % origins.length]!;
  note(`spike (${label}): warming up, then ${seconds} s of 200 visitors, 100 chatting, 1 admin`);
  await warm(instances);
  // Half the browsing visitors chatted with JavaScript, 2% without (4 of 200), the rest never.
  // (Made 20 at a time: they are set-up, not the measured crowd.)
  const visitors: Array<{ cookie: string; kind: string } | null> = [];
  for (let batch = 0; batch < 200; batch += 20) {
    visitors.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const i = batch + j;
          if (i % 2 === 1) return { cookie: await javaScriptChatCookie(next(), "modo:reply Olá"), kind: PAGE_CHAT };
          if (i % 50 === 0) return { cookie: await chatCookie(next(), "modo:reply Olá"), kind: PAGE_CONVERSATION };
          return null;
        }),
      )),
    );
  }
  const sessions = [await signIn(instances[0]!)];
  const rec = new Recorder();
  const rss = rssSampler(servers);
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  // Everyone arrives within the first 3 s (one think time), as a crowd does, rather than all 305
  // in the same millisecond: that would measure 305 connections opened at once by one load
  // generator sharing the servers' cores, not visitors.
  const arrive = () => sleep(between(0, 3000));
  await Promise.all([
    ...visitors.map((visitor) => arrive().then(() => browse(rec, next, visitor, until, edge))),
    ...Array.from({ length: 100 }, (_, i) => arrive().then(() => chat(rec, next, until, i))),
    ...sessions.map((session, i) => arrive().then(() => administer(rec, instances[i % instances.length]!, session, until, i, edge))),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const memory = rss.stop();

  const kinds = [PAGE_ANON, PAGE_CHAT, PAGE_CONVERSATION, IMAGE, CHAT, ADMIN_SAVE];
  const total = kinds.reduce((sum, kind) => sum + rec.stats(kind).count, 0);
  const errors = kinds.reduce((sum, kind) => sum + rec.stats(kind).errors, 0);
  for (const kind of kinds) {
    const s = rec.stats(kind);
    if (s.errors) note(`spike (${label}): ${kind}: ${[...s.statuses].map(([status, n]) => `${n}× ${status}`).join(", ")}`);
  }
  memory.forEach((m, i) =>
    note(
      `spike (${label}): instance ${i + 1} RSS every 5 s: ${m.series
        .filter((_, j) => j % 5 === 0)
        .map((v) => v.toFixed(0))
        .join(", ")} MB`,
    ),
  );
  const pageP99 = rec.p99([PAGE_ANON, PAGE_CHAT, PAGE_CONVERSATION]);
  const growth = Math.max(...memory.map((m) => m.max - m.start));
  const rows: BenchRow[] = [
    {
      figure: `spike (${label}): throughput`,
      value: `${Math.round(total / elapsed)} req/s (${kinds.map((k) => rec.stats(k).count).join(" / ")} pages anon / pages JS chat / pages no-JS conversation / img / chat / admin)`,
      budget: "-",
      pass: true,
    },
    { figure: `spike (${label}): errors`, value: `${errors} of ${total}`, budget: "0", pass: errors === 0 },
    edge
      ? { figure: `spike (${label}): page views p99`, value: ms(pageP99), budget: "< 50 ms", pass: pageP99 < 50 }
      : { figure: `spike (${label}): page views p99`, value: ms(pageP99), budget: "< 100 ms", pass: pageP99 < 100 },
  ];
  if (edge) {
    const ratio = edge.views > 0 ? edge.hits / edge.views : 0;
    rows.push({
      figure: `spike (${label}): edge hit ratio, anonymous page views (a chat session or none)`,
      value: `${(ratio * 100).toFixed(1)}% (${edge.hits} of ${edge.views})`,
      budget: "≥ 95%",
      pass: ratio >= 0.95,
    });
    const worst = Math.max(...edge.visibleMs);
    rows.push({
      figure: `spike (${label}): each save (every 30 s) visible through the edge`,
      value: `${edge.visibleMs.map((v) => (Number.isFinite(v) ? ms(v) : "never")).join(", ")}`,
      budget: "all, < 1000 ms",
      pass: edge.visibleMs.length > 0 && worst < 1000,
    });
  }
  for (const kind of kinds) {
    const s = rec.stats(kind);
    rows.push({ figure: `spike (${label}): ${kind} p50 / p99`, value: `${ms(s.p50)} / ${ms(s.p99)}`, budget: "-", pass: true });
  }
  rows.push({
    figure: `spike (${label}): server RSS growth${servers.length > 1 ? " (worst instance)" : ""}`,
    value: `${growth.toFixed(1)} MB (${memory.map((m) => `${m.start.toFixed(0)} → max ${m.max.toFixed(0)}`).join("; ")} MB)`,
    budget: "< 150 MB",
    pass: growth < 150,
  });
  return rows;
}

export async function runSpikeBench(buildDir: string, seconds: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const webhook = await startWebhookServer({ WEBHOOK_MODE: "slow", WEBHOOK_SLOW_MS: "5000" });
  // Every chat visitor comes from 127.0.0.1: the per-address limit would refuse a crowd of them.
  const chatEnv = { CHAT_WEBHOOK_URL: webhook.url, CHAT_RATE_LIMIT: "1000000" };
  try {
    const single = await startDemoServer(buildDir, chatEnv);
    try {
      rows.push(...(await spike("SQLite, 1 instance", [single], seconds)));
    } finally {
      await single.stop();
    }

    note("spike: starting a throwaway PostgreSQL cluster and two instances");
    const cluster = await startPgCluster();
    try {
      const databaseUrl = await cluster.createDatabase("bench_spike");
      const a = await startDemoServer(buildDir, { ...chatEnv, DATABASE_URL: databaseUrl });
      const b = await startDemoServer(buildDir, { ...chatEnv, DATABASE_URL: databaseUrl });
      try {
        rows.push(...(await spike("PostgreSQL, 2 instances", [a, b], seconds)));
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      cluster.stop();
    }

    rows.push(...(await edgeSpike(buildDir, seconds, chatEnv)));
  } finally {
    await webhook.stop();
  }
  return rows;
}

/**
 * The spike a third time, through Varnish (deploy/varnish/default.vcl) in front of two instances on
 * PostgreSQL that purge it on every save (EDGE_PURGE_URL); then Varnish's throughput for GET /
 * against a bare Node server answering the same bytes, in this run.
 */
async function edgeSpike(buildDir: string, seconds: number, chatEnv: Record<string, string>): Promise<BenchRow[]> {
  note("spike: a throwaway PostgreSQL cluster, two instances and Varnish in front");
  const rows: BenchRow[] = [];
  const cluster = await startPgCluster();
  try {
    const databaseUrl = await cluster.createDatabase("bench_edge");
    const port = await freePort();
    const env = { ...chatEnv, DATABASE_URL: databaseUrl, EDGE_PURGE_URL: `http://127.0.0.1:${port}/`, TRUST_PROXY: "1" };
    const a = await startDemoServer(buildDir, env);
    const b = await startDemoServer(buildDir, env);
    const varnish = await startVarnish([a.baseUrl, b.baseUrl], { port });
    try {
      rows.push(...(await spike("Varnish, PostgreSQL, 2 instances", [a, b], seconds, varnish.baseUrl)));
      const home = Buffer.from(await (await fetch(`${varnish.baseUrl}/`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
      const bare = await startBareServer(home);
      try {
        note("spike: GET / through Varnish against a bare Node server, 50 connections, alternating rounds");
        const comparison = await compareThroughput(`${varnish.baseUrl}/`, bare.url, { seconds: 10, rounds: 4 });
        rows.push({
          figure: "GET / served by Varnish vs bare Node (same bytes, same run)",
          value: `${Math.round(comparison.a.requestsPerSecond)} vs ${Math.round(comparison.b.requestsPerSecond)} req/s (${Math.round(comparison.ratio * 100)}%), p99 ${ms(comparison.a.p99Ms)} vs ${ms(comparison.b.p99Ms)}, ${comparison.a.errors + comparison.a.non2xx} errors`,
          budget: "-",
          pass: comparison.a.errors + comparison.a.non2xx === 0,
        });
      } finally {
        bare.stop();
      }
    } finally {
      await varnish.stop();
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    cluster.stop();
  }
  return rows;
}

/** 1,000 messages pending at once on a 10 s webhook, 100 more beyond the cap, page views meanwhile. */
export async function runChatPileUpBench(buildDir: string): Promise<BenchRow[]> {
  const PENDING = 1000;
  const EXTRA = 100;
  const webhook: WebhookProcess = await startWebhookServer({ WEBHOOK_MODE: "slow", WEBHOOK_SLOW_MS: "10000" });
  const server = await startDemoServer(buildDir, {
    CHAT_WEBHOOK_URL: webhook.url,
    CHAT_RATE_LIMIT: "1000000",
    CHAT_WEBHOOK_CONCURRENCY: String(PENDING),
  });
  const origin = server.baseUrl;
  let answered = 0;
  const crowd = await chatCrowd(origin, () => answered++);
  try {
    note(`chat: ${PENDING} messages pending at once on a 10 s webhook, ${EXTRA} beyond the cap, 50 visitors browsing meanwhile`);
    await warm([origin]);
    // Page views are recorded by phase: while the messages arrive (a burst of 1,000 requests on
    // one event loop), while the 100 extra are refused, while all of them just wait on the
    // webhook, and while their answers come back.
    const phases = { arriving: new Recorder(), refusing: new Recorder(), pending: new Recorder(), answering: new Recorder() };
    let phase: keyof typeof phases = "arriving";
    const rss = rssSampler([server]);
    let browsing = true;
    const viewers = Array.from({ length: 50 }, async () => {
      while (browsing) {
        const page = await timed(phases[phase], PAGE_ANON, `${origin}${pick(PAGES)}`, { headers: { "Accept-Encoding": "br, gzip" } }, (s) => s === 200);
        const images = page ? imagesOf(page.body) : [];
        if (images.length)
          await timed(phases[phase], IMAGE, `${origin}${pick(images)}`, { headers: { Accept: "image/avif,image/webp,*/*" } }, (s) => s === 200);
        await sleep(between(100, 300));
      }
    });
    const sent = performance.now();
    const pending = crowd.send(PENDING);
    // Wait until all of them wait on the webhook.
    while ((await webhook.requests()).length < PENDING && performance.now() - sent < 60_000) await sleep(250);
    const reached = (await webhook.requests()).length;
    const ramp = performance.now() - sent;
    phase = "refusing";
    const answeredBeforeExtra = answered;
    // The 100 extra are sent from here, each on its own like a visitor's browser: only the crowd's
    // process holds the 1,000 pending ones.
    const extra = await Promise.all(Array.from({ length: EXTRA }, (_, i) => sendChatMessage(origin, `a mais ${i}`)));
    phase = "pending";
    // Page views go on while all of them wait, until the webhook starts answering (10 s after each arrived).
    while (answered === 0 && performance.now() - sent < 10_000) await sleep(100);
    phase = "answering";
    const results = await pending;
    browsing = false;
    await Promise.all(viewers);
    const [memory] = rss.stop();

    const ok = results.filter((r) => r.status === 200 && r.reply?.startsWith("Resposta lenta:")).length;
    const refused = extra.filter((r) => r.status === 502 && r.reply === REPLY_ERROR).length;
    const slowestRefusal = Math.max(...extra.map((r) => r.ms));
    const growth = memory!.max - memory!.start;
    const p99 = (name: keyof typeof phases) => `${ms(phases[name].p99([PAGE_ANON]))} (${phases[name].stats(PAGE_ANON).count})`;
    const pageP99 = phases.pending.p99([PAGE_ANON]);
    const pendingViews = phases.pending.stats(PAGE_ANON).count;
    const pageErrors = Object.values(phases).reduce((sum, rec) => sum + rec.stats(PAGE_ANON).errors + rec.stats(IMAGE).errors, 0);
    note(`chat: all ${reached} reached the webhook ${Math.round(ramp)} ms after sending; ${answeredBeforeExtra} answered before the extra ${EXTRA} were sent`);
    note(
      `chat: RSS every 5 s: ${memory!.series
        .filter((_, j) => j % 5 === 0)
        .map((v) => v.toFixed(0))
        .join(", ")} MB`,
    );
    return [
      {
        figure: `chat: ${PENDING} pending on a 10 s webhook: answered`,
        value: `${ok} of ${PENDING} (all pending after ${(ramp / 1000).toFixed(1)} s)`,
        budget: "all",
        pass: ok === PENDING && reached >= PENDING && answeredBeforeExtra === 0,
      },
      {
        figure: `chat: ${PENDING} pending: server RSS growth`,
        value: `${growth.toFixed(1)} MB (${memory!.start.toFixed(0)} → max ${memory!.max.toFixed(0)} MB)`,
        budget: "< 200 MB",
        pass: growth < 200,
      },
      {
        figure: `chat: ${PENDING} pending: page views p99 while they wait`,
        // With no moment when all of them wait (they took longer to arrive than the webhook takes
        // to answer the first), there is nothing to measure: said so, and not a pass.
        value:
          pendingViews === 0
            ? `not measured: the ${PENDING} took ${(ramp / 1000).toFixed(1)} s to arrive, the webhook answers the first after 10 s (${pageErrors} errors in all phases)`
            : `${ms(pageP99)} (${pendingViews} views, ${pageErrors} errors in all phases)`,
        budget: "< 100 ms",
        pass: pageP99 < 100 && pageErrors === 0,
      },
      {
        figure: `chat: ${PENDING} pending: page views p99 (views) as they arrive / as ${EXTRA} are refused / as they are answered`,
        value: `${p99("arriving")} / ${p99("refusing")} / ${p99("answering")}`,
        budget: "-",
        pass: true,
      },
      {
        figure: `chat: ${EXTRA} beyond the cap: error answer`,
        value: `${refused} of ${EXTRA}, slowest ${ms(slowestRefusal)}`,
        budget: "all, < 1000 ms",
        pass: refused === EXTRA && slowestRefusal < 1000,
      },
    ];
  } finally {
    crowd.stop();
    await server.stop();
    await webhook.stop();
  }
}

/**
 * The pending messages' own process (scripts/bench/chat-crowd.ts). `send` starts them, each
 * pending on its own request, and resolves with their answers; `onAnswer` hears each one.
 */
async function chatCrowd(origin: string, onAnswer: () => void) {
  const child = fork(new URL("./chat-crowd.ts", import.meta.url).pathname, { env: { ...process.env, BENCH_ORIGIN: origin }, stdio: "inherit" });
  let finish: (results: ChatAnswer[]) => void = () => {};
  const done = new Promise<ChatAnswer[]>((resolve) => (finish = resolve));
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the chat crowd's process exited (${code})`)));
    child.on("message", (event: CrowdEvent) => {
      if ("ready" in event) resolve();
      else if ("answered" in event) onAnswer();
      else finish(event.results);
    });
  });
  return {
    send(count: number): Promise<ChatAnswer[]> {
      child.send({ send: count } satisfies CrowdCommand);
      return done;
    },
    stop: () => child.kill("SIGTERM"),
  };
}

/**
 * Visitor cookies: a chat cookie holding a session id alone (the chat with JavaScript) gets the
 * shared cached page; a no-JavaScript conversation's pages are rendered per request, measured
 * with autocannon at 10 connections.
 */
export async function runVisitorCookieBench(baseUrl: string, seconds: number): Promise<BenchRow[]> {
  const url = `${baseUrl}/servicos`;
  const encoding = { "accept-encoding": "br, gzip" };
  const sessionOnly = await javaScriptChatCookie(baseUrl, "Olá");
  await (await fetch(url, { headers: { ...encoding, cookie: sessionOnly } })).arrayBuffer();
  const shared = await fetch(url, { headers: { ...encoding, cookie: sessionOnly } });
  await shared.arrayBuffer();
  const cache = shared.headers.get("x-cache") ?? "none";

  const conversation = await chatCookie(baseUrl, "Olá");
  note(`visitor cookies: GET /servicos with a no-JavaScript conversation, ${seconds} s, 10 connections, br/gzip accepted`);
  await hammer(url, 2, 10, { ...encoding, cookie: conversation });
  const personal = await hammer(url, seconds, 10, { ...encoding, cookie: conversation });
  return [
    { figure: "GET /servicos with a session-only chat cookie (chat with JavaScript)", value: `X-Cache: ${cache}`, budget: "HIT", pass: cache === "HIT" },
    {
      figure: "p99 latency GET /servicos with a no-JavaScript conversation, 10 connections",
      value: `${personal.p99Ms} ms (${Math.round(personal.requestsPerSecond)} req/s)`,
      budget: "< 100 ms",
      pass: personal.p99Ms < 100 && personal.errors === 0 && personal.non2xx === 0,
    },
  ];
}
