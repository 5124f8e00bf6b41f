// The insights page and its CSV export at a year of a busy site: the production server on the demo
// seed, with 365 days of daily counts added straight to its database. A busy day here has 150
// pages viewed, 60 sources, 25 campaigns, the click credits of a third of those, every button and
// number, devices, chat and forms. Then /admin/estatisticas (30 days, the default, and a whole
// year) and the CSV (30 days and a year) are each asked for several times by a signed-in admin;
// the figure is the median. Last, every day is filled to the limits the counting allows
// (KEYS_PER_DAY keys for pages, sources, campaigns and their click credits: the most a year can
// hold, whoever sends what) and the 30-day page and CSV are timed again, for the record.
import { startDemoServer } from "./demo-server.ts";
import { median } from "./load.ts";

/** As app/lib/analytics/counter.server.ts: the distinct keys a day keeps per metric. */
const KEYS_PER_DAY = 150;
/** A busy site's distinct keys a day: pages, sources, campaigns (click credits: a third of each). */
const BUSY = { pages: 150, sources: 60, campaigns: 25 };
const DAYS = 365;
const RUNS = 7;
const DAY_MS = 86_400_000;

interface Figure {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}

/** One day's rows with so many pages, sources and campaigns: [metric, key, total]. */
function dayRows(size: { pages: number; sources: number; campaigns: number; credits: number }): Array<[string, string, number]> {
  const rows: Array<[string, string, number]> = [];
  const keyed = (metric: string, prefix: string, count: number) => {
    for (let i = 0; i < count; i++) rows.push([metric, `${prefix}${i}`, 1 + Math.floor(4000 / (i + 1))]);
  };
  keyed("visualizacoes", "/blog/post-", size.pages);
  keyed("origem", "site-", size.sources);
  keyed("campanha", "fonte/midia/campanha-", size.campaigns);
  keyed("whatsapp_pagina", "/blog/post-", Math.ceil(size.pages * size.credits));
  keyed("whatsapp_origem", "site-", Math.ceil(size.sources * size.credits));
  keyed("whatsapp_campanha", "fonte/midia/campanha-", Math.ceil(size.campaigns * size.credits));
  for (const device of ["celular", "tablet", "computador"]) rows.push(["dispositivo", device, 1500]);
  for (const button of ["vendas", "window-films", "curso", "chat", "formulario"]) {
    for (const phone of ["5562991234567", "5562998765432", "5562987654321"]) rows.push(["whatsapp", `${button}:${phone}`, 20]);
  }
  for (const key of ["conversas", "mensagens", "falhas"]) rows.push(["chat", key, 50]);
  for (const key of ["diagnostico", "contato"]) rows.push(["formulario", key, 15]);
  rows.push(["visitantes", "", 4000]);
  return rows;
}

async function seedYear(databaseUrl: string, template: Array<[string, string, number]>): Promise<number> {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: databaseUrl });
  const today = Date.now();
  let written = 0;
  try {
    for (let d = 0; d < DAYS; d++) {
      const day = new Date(today - d * DAY_MS).toISOString().slice(0, 10);
      // The demo seed's own history is replaced, so every day holds exactly the rows above.
      await client.batch(
        [
          { sql: "DELETE FROM analytics_daily WHERE day = ?", args: [day] },
          ...template.map(([metric, key, total]) => ({
            sql: "INSERT INTO analytics_daily (day, metric, key, total) VALUES (?, ?, ?, ?)",
            args: [day, metric, key, total],
          })),
        ],
        "write",
      );
      written += template.length;
    }
  } finally {
    client.close();
  }
  return written;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("__admin_session="));
  if (!cookie) throw new Error(`sign-in failed (${response.status})`);
  return cookie;
}

/** The median time of `RUNS` full answers (after one warm-up), and the size of the last. */
async function timed(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i > 0) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { ms: median(times), bytes };
}

export async function runInsightsScaleBench(buildDir: string): Promise<Figure[]> {
  const server = await startDemoServer(buildDir);
  try {
    let rows = await seedYear(server.env.DATABASE_URL!, dayRows({ ...BUSY, credits: 1 / 3 }));
    const cookie = await signIn(server.baseUrl, server.env.ADMIN_EMAIL!, server.env.ADMIN_PASSWORD!);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const year = `de=${from}&ate=${to}`;
    const figures: Figure[] = [];
    const measure = async (label: string, path: string, budgetMs: number | null) => {
      const { ms, bytes } = await timed(`${server.baseUrl}${path}`, cookie);
      figures.push({
        figure: `Insights, ${label} (${rows.toLocaleString("en")} rows in the year; median of ${RUNS})`,
        value: `${Math.round(ms)} ms, ${(bytes / 1024).toFixed(0)} KB`,
        budget: budgetMs === null ? "reported" : `< ${budgetMs} ms`,
        pass: budgetMs === null || ms < budgetMs,
      });
    };
    await measure("a year of a busy site: /admin/estatisticas, 30 days", "/admin/estatisticas", 500);
    // A whole year on one page sums every row of the year: reported, the budget is for the page as it opens.
    await measure("a year of a busy site: /admin/estatisticas, the whole year", `/admin/estatisticas?${year}`, null);
    await measure("a year of a busy site: CSV, 30 days", "/admin/estatisticas.csv", 500);
    await measure("a year of a busy site: CSV, the whole year", `/admin/estatisticas.csv?${year}`, 3000);
    rows = await seedYear(server.env.DATABASE_URL!, dayRows({ pages: KEYS_PER_DAY, sources: KEYS_PER_DAY, campaigns: KEYS_PER_DAY, credits: 1 }));
    await measure("every day at the key limits: /admin/estatisticas, 30 days", "/admin/estatisticas", null);
    await measure("every day at the key limits: CSV, 30 days", "/admin/estatisticas.csv", null);
    return figures;
  } finally {
    await server.stop();
  }
}
