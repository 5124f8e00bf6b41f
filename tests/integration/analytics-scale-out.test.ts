// The insights add up exactly across instances and restarts: two production server processes on
// one PostgreSQL database count a known number of page views, visitors and WhatsApp clicks, while
// each instance in turn gets SIGTERM in the middle of a burst of requests and starts again (a
// rolling restart). What an instance counted in memory is added to the database when it stops, so
// the totals equal exactly what the visitors were answered; a visitor seen by both instances is
// one visitor.
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster.ts";
import { startServer, type RunningServer } from "../helpers/platform-server.ts";
import { site } from "../../app/content/site.ts";
import pg from "pg";

const root = new URL("../..", import.meta.url).pathname;
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SALES = site.salesPhone.replace(/\D/g, "");
const VISITORS = 12;

let cluster: PgCluster;
let env: Record<string, string>;
let sql: pg.Client;
const live: RunningServer[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  const databaseUrl = await cluster.createDatabase("insights_scale");
  env = { NODE_ENV: "production", DATABASE_URL: databaseUrl, SESSION_SECRET: "insights-scale-secret-0123456789", TRUST_PROXY: "1" };
  const run = spawnSync(process.execPath, [`${root}scripts/migrate.ts`], { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`migrate: ${run.stderr}`);
  live.push(...(await Promise.all([startServer(env), startServer(env)])));
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all(live.map((server) => server.stop()));
  cluster?.stop();
});

/**
 * One request on a connection of its own (no keep-alive pool): refused or reset before any
 * answer means the instance never handled it (it is stopping), so it goes to another one.
 */
function send(method: string, path: string, visitor: number, attempt = 0): Promise<number> {
  const server = live[(visitor + attempt) % live.length]!;
  return new Promise<number>((resolve, reject) => {
    const req = request(`${server.baseUrl}${path}`, {
      method,
      agent: false,
      headers: {
        "User-Agent": UA,
        "X-Forwarded-For": `10.1.0.${visitor % VISITORS}`,
        ...(method === "POST" ? { "Content-Type": "text/ping", "Content-Length": "4" } : {}),
      },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (attempt < 5 && (error.code === "ECONNREFUSED" || error.code === "ECONNRESET")) resolve(send(method, path, visitor, attempt + 1));
      else reject(error);
    });
    req.end(method === "POST" ? "PING" : undefined);
  });
}

const answered = { views: 0, clicks: 0 };
let sent = 0;

/** `views` page views and `clicks` WhatsApp clicks at once, spread over the visitors and instances. */
async function burst(views: number, clicks: number): Promise<void> {
  const requests = [
    ...Array.from({ length: views }, () => send("GET", "/servicos", sent++).then((status) => status === 200 && answered.views++)),
    ...Array.from({ length: clicks }, () =>
      send("POST", `/api/estatisticas?evento=whatsapp&botao=vendas&numero=${SALES}&pagina=%2Fservicos`, sent++).then(
        (status) => status === 204 && answered.clicks++,
      ),
    ),
  ];
  await Promise.all(requests);
}

/** SIGTERM to instance `index` in the middle of a burst, then a new instance in its place. */
async function restartDuringBurst(index: number): Promise<void> {
  const stopping = live[index]!;
  const load = burst(30, 6);
  // Some of the burst is on its way or answered when the signal comes.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const stopped = stopping.stop();
  await load;
  expect(await stopped).toBe(0);
  live[index] = await startServer(env);
}

async function total(metric: string, key: string): Promise<number> {
  const { rows } = await sql.query<{ sum: string | null }>("SELECT SUM(total) AS sum FROM analytics_daily WHERE metric = $1 AND key = $2", [metric, key]);
  return Number(rows[0]?.sum ?? 0);
}

describe("insights on two instances", () => {
  it("count views, visitors and clicks exactly, through a rolling restart", async () => {
    await burst(24, 6);
    await restartDuringBurst(0);
    await burst(24, 6);
    await restartDuringBurst(1);
    await burst(24, 6);
    // Every request was answered (none lost to the restarts).
    expect(answered).toEqual({ views: 24 * 3 + 30 * 2, clicks: 6 * 3 + 6 * 2 });
    // The last two stop gracefully too: what they counted since their last flush is stored.
    for (const server of live.splice(0)) expect(await server.stop()).toBe(0);

    expect(await total("visualizacoes", "/servicos")).toBe(answered.views);
    expect(await total("whatsapp", `vendas:${SALES}`)).toBe(answered.clicks);
    expect(await total("whatsapp_pagina", "/servicos")).toBe(answered.clicks);
    // Each visitor was seen by several instances, and counts once.
    expect(await total("visitantes", "")).toBe(VISITORS);
    expect(await total("origem", "direto")).toBe(answered.views);
  }, 180_000);
});
