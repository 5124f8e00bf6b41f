// `npm run bench`: the performance figures against their budgets, in one table.
// Builds only when the build is missing or older than the sources, starts the production server
// on the demo seed in a temporary folder, then measures:
//   - Lighthouse (mobile) on /, /servicos, /portfolio, /window-films, /blog and one blog post
//     (BENCH_LIGHTHOUSE_PAGES=3 keeps the first three), each against the same page with its scripts
//     removed, measured alternately, the median run of each;
//   - JavaScript and CSS bytes (gzip) on first load of /;
//   - throughput of anonymous GET / against a bare Node http server with the same bytes, p99, with
//     the access log on (LOG_LEVEL=info) and, beside it, at LOG_LEVEL=warn;
//   - the median time of an uncached render of /;
//   - visitor cookies: a session-only chat cookie gets the cached page; pages with a no-JavaScript
//     conversation at 10 connections (scripts/bench/spike.ts);
//   - the campaign spike on SQLite, on two PostgreSQL instances and through Varnish in front of
//     two (edge hit ratio, each save through the edge, Varnish against bare Node), and 1,000 chat
//     messages pending on a slow webhook (scripts/bench/spike.ts);
//   - the media figures of scripts/bench/media.ts (its runMediaBench()), if present;
//   - cached GET / with the insights counting against the same build with ANALYTICS=off (scripts/bench/analytics.ts);
//   - /admin/estatisticas and its CSV at a year of a busy site (scripts/bench/insights-scale.ts);
//   - the backup of the demo site plus 500 MB of media (RSS growth, page-view p99 meanwhile) and
//     its restore's time (scripts/bench/backup.ts; BENCH_BACKUP_MB changes the 500).
// Options (env): BUILD_DIR (default build; when given and present, used as it is), BENCH_SECONDS (autocannon time per side, default 15),
// BENCH_SKIP_LIGHTHOUSE=1, BENCH_LIGHTHOUSE_RUNS (runs per page and variant, default 5; the median run is reported), BENCH_LIGHTHOUSE_PAGES (how many pages),
// BENCH_SPIKE_SECONDS (length of each spike run, default 30).
//   - leads: 1,000 mixed form and chat submissions with a flaky webhook, the inbox at 10,000 leads,
//     a staff reply reaching a polling visitor across two instances (scripts/bench/leads.ts);
// `--only main,cookie,spike,chat,media,analytics,insights,backup,leads` runs only those parts (main: Lighthouse, bytes, throughput, uncached render).
// Exits 1 when a budget is missed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { request } from "node:http";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { startDemoServer } from "./bench/demo-server.ts";
import { runLighthousePairs, startScriptlessProxy, type PageScores } from "./bench/lighthouse.ts";
import { compareThroughput, startBareServer, uncachedRenderMedian } from "./bench/load.ts";
import { runChatPileUpBench, runSpikeBench, runVisitorCookieBench } from "./bench/spike.ts";
import { runAnalyticsBench } from "./bench/analytics.ts";
import { runInsightsScaleBench } from "./bench/insights-scale.ts";
import { runBackupBench } from "./bench/backup.ts";
import { runLeadsBench } from "./bench/leads.ts";

const root = new URL("..", import.meta.url).pathname;
const buildDir = resolve(root, process.env.BUILD_DIR || "build");
const seconds = Number(process.env.BENCH_SECONDS || 15);
const spikeSeconds = Number(process.env.BENCH_SPIKE_SECONDS || 30);
const PARTS = ["main", "cookie", "spike", "chat", "media", "analytics", "insights", "backup", "leads"];
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? (process.argv[onlyIndex + 1] ?? "").split(",") : PARTS;
const unknownPart = only.find((part) => !PARTS.includes(part));
if (unknownPart !== undefined) {
  console.error(`bench: unknown part "${unknownPart}" (--only takes ${PARTS.join(",")})`);
  process.exit(2);
}
const runs = (part: string) => only.includes(part);

interface Row {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}
const rows: Row[] = [];
const row = (figure: string, value: string, budget: string, pass: boolean) => rows.push({ figure, value, budget, pass });
const note = (line: string) => console.error(`bench: ${line}`);

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureBuild() {
  const serverEntry = join(buildDir, "server/index.js");
  if (process.env.BUILD_DIR && existsSync(serverEntry)) {
    note(`using the build in ${buildDir} as it is (BUILD_DIR was given)`);
    return;
  }
  const sources = Math.max(...["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map((p) => newestMtime(join(root, p))));
  if (existsSync(serverEntry) && statSync(serverEntry).mtimeMs > sources) {
    note(`using the existing build in ${buildDir}: newer than the sources`);
    return;
  }
  note(`building into ${buildDir}`);
  const bin = (name: string) => join(root, "node_modules/.bin", name);
  // Always: a client generated from an older schema builds fine and fails at the first query.
  run(process.execPath, ["scripts/prisma-generate.ts"]);
  run(bin("react-router"), ["build"]);
  run(process.execPath, ["server/precompress.ts", buildDir]);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

/** Bytes on the wire of a same-origin asset fetched with gzip (sirv serves the .gz twin). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
    })
      .on("error", reject)
      .end();
  });
}

function assetsInHtml(html: string, baseUrl: string): Array<{ url: string; type: "script" | "stylesheet" }> {
  const found: Array<{ url: string; type: "script" | "stylesheet" }> = [];
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) found.push({ url: new URL(src!, baseUrl).href, type: "script" });
  for (const [tag] of html.matchAll(/<link[^>]*>/g)) {
    const href = tag.match(/\shref="([^"]+)"/)?.[1];
    if (!href) continue;
    if (/rel="modulepreload"/.test(tag)) found.push({ url: new URL(href, baseUrl).href, type: "script" });
    if (/rel="stylesheet"/.test(tag)) found.push({ url: new URL(href, baseUrl).href, type: "stylesheet" });
  }
  for (const [, src] of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) found.push({ url: new URL(src!, baseUrl).href, type: "script" });
  return found;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type BudgetRow = { figure: string; value: string; budget: string; pass: boolean };
/** One part of the bench; a part that crashes is a failed row, and the parts after it still run. */
async function part(name: string, measure: () => Promise<BudgetRow[] | void>) {
  if (!runs(name)) return;
  try {
    for (const r of (await measure()) ?? []) row(r.figure, r.value, r.budget, r.pass);
  } catch (error) {
    console.error(error);
    row(`${name}: the part ran to the end`, error instanceof Error ? error.message : String(error), "no error", false);
  }
}

ensureBuild();
const loadBefore = loadavg();
note("starting the production server on the demo seed");
const server = await startDemoServer(buildDir);
try {
  await part("main", mainFigures);
  await part("cookie", () => runVisitorCookieBench(server.baseUrl, seconds));
} finally {
  await server.stop();
}
await part("spike", () => runSpikeBench(buildDir, spikeSeconds));
await part("chat", () => runChatPileUpBench(buildDir));
await part("analytics", () => runAnalyticsBench(buildDir, seconds));
await part("insights", () => runInsightsScaleBench(buildDir));
await part("backup", () => runBackupBench(buildDir));
await part("leads", () => runLeadsBench(buildDir));

async function mainFigures(): Promise<void> {
  const home = await fetch(`${server.baseUrl}/`);
  const homeHtml = await home.text();
  const blogHtml = await (await fetch(`${server.baseUrl}/blog`)).text();
  const postPath = blogHtml.match(/href="(\/blog\/[^"/?#]+)"/)?.[1];
  const allPages = ["/", "/servicos", "/portfolio", "/window-films", "/blog", ...(postPath ? [postPath] : [])];
  const pages = allPages.slice(0, Number(process.env.BENCH_LIGHTHOUSE_PAGES || allPages.length));
  if (!postPath) row("Lighthouse: a blog post", "no post linked from /blog", "a published post", false);

  let lighthouse: PageScores[] = [];
  if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") {
    note(`Lighthouse (mobile) on ${pages.join(", ")}, each with and without its scripts, alternately`);
    const scriptless = await startScriptlessProxy(server.baseUrl);
    try {
      const pairs = await runLighthousePairs(
        pages.map((p) => `${server.baseUrl}${p}`),
        (url) => url.replace(server.baseUrl, scriptless.origin),
      );
      lighthouse = pairs.map((pair) => pair.withScripts);
      for (const { withScripts: page, withoutScripts: bare } of pairs) {
        const path = new URL(page.url).pathname;
        const others = page.accessibility === 100 && page.bestPractices === 100 && page.seo === 100;
        // 4 points is the framework's floor in Lighthouse's model (docs/performance.md): React and
        // React Router are preloaded and count in the simulated first paint, 1-4 points in every run.
        // A page is judged by the median of three full runs of this row.
        const ok = page.performance >= bare.performance - 4 && page.tbtMs <= bare.tbtMs + 50 && others;
        row(
          `Lighthouse ${path}: perf with / without scripts, TBT, a11y / best / SEO`,
          `${page.performance} / ${bare.performance}, TBT ${Math.round(page.tbtMs)} / ${Math.round(bare.tbtMs)} ms, ${page.accessibility} / ${page.bestPractices} / ${page.seo}`,
          "perf ≥ without − 4, TBT ≤ without + 50 ms, 100 / 100 / 100",
          ok,
        );
        if (page.failedAudits.length) note(`${path}: audits below 0.9: ${page.failedAudits.join(", ")}`);
      }
    } finally {
      scriptless.stop();
    }
    const worstCls = Math.max(...lighthouse.map((p) => p.cls));
    row("Cumulative layout shift (worst page)", worstCls.toFixed(3), "< 0.05", worstCls < 0.05);
  }

  // First load of /: what the HTML references plus whatever the browser loaded after it.
  const assets = new Map<string, "script" | "stylesheet">();
  for (const a of assetsInHtml(homeHtml, server.baseUrl)) assets.set(a.url, a.type);
  // web-vitals (the real visitors' Core Web Vitals, its chunk vitals-client-*.js) is fetched once
  // the page is idle: Lighthouse's trace may see it, but it is no part of the first load.
  for (const a of lighthouse.find((p) => new URL(p.url).pathname === "/")?.assets ?? [])
    if (!/\/vitals-client-[^/]*\.js$/.test(a.url)) assets.set(a.url, a.type);
  let jsBytes = 0;
  let cssBytes = 0;
  for (const [url, type] of assets) {
    const bytes = await gzipBytes(url);
    if (type === "script") jsBytes += bytes;
    else cssBytes += bytes;
  }
  row("JavaScript on first load of / (gzip; web-vitals loads after idle, not counted)", kb(jsBytes), "≤ 120 KB", jsBytes <= 120 * 1024);
  row("CSS on first load of / (gzip)", kb(cssBytes), "≤ 30 KB", cssBytes <= 30 * 1024);

  note(`throughput: ${seconds} s each, in alternating rounds, against a bare Node server and the app, 50 connections`);
  const bare = await startBareServer(Buffer.from(homeHtml));
  // The same build with LOG_LEVEL=warn beside it: what the access line (written at info, one per
  // request) costs a page served from the cache.
  const quiet = await startDemoServer(buildDir, { LOG_LEVEL: "warn" });
  let comparison;
  let quietComparison;
  try {
    comparison = await compareThroughput(`${server.baseUrl}/`, bare.url, { seconds });
    quietComparison = await compareThroughput(`${quiet.baseUrl}/`, bare.url, { seconds });
  } finally {
    bare.stop();
    await quiet.stop();
  }
  const { a: app, b: bareResult, ratio } = comparison;
  row(
    "Throughput GET / vs bare Node, access log on (LOG_LEVEL=info; req/s, median of the rounds' ratios)",
    `${Math.round(app.requestsPerSecond)} / ${Math.round(bareResult.requestsPerSecond)}, ${(ratio * 100).toFixed(0)}%`,
    "≥ 85%",
    ratio >= 0.85 && app.errors === 0 && app.non2xx === 0,
  );
  row(
    "Throughput GET / vs bare Node, LOG_LEVEL=warn (for comparison)",
    `${Math.round(quietComparison.a.requestsPerSecond)} / ${Math.round(quietComparison.b.requestsPerSecond)}, ${(quietComparison.ratio * 100).toFixed(0)}%`,
    "reported",
    quietComparison.a.errors === 0 && quietComparison.a.non2xx === 0,
  );
  row("p99 latency GET /, 50 connections", `${app.p99Ms} ms`, "< 50 ms", app.p99Ms < 50);
  if (app.errors || app.non2xx) note(`the app answered ${app.non2xx} non-2xx and ${app.errors} errors under load`);

  const median = await uncachedRenderMedian(`${server.baseUrl}/`, 100);
  row("Uncached render of / (median)", `${median.toFixed(1)} ms`, "≤ 5 ms", median <= 5);
}

// The media figures: it starts servers of its own, so it runs alone.
const mediaScript = join(root, "scripts/bench/media.ts");
if (existsSync(mediaScript)) {
  await part("media", async () => {
    note("media figures (scripts/bench/media.ts)");
    const media = (await import(mediaScript)) as {
      runMediaBench: () => Promise<Array<{ name: string; value: number; unit: string; budget: string; ok: boolean }>>;
    };
    return (await media.runMediaBench()).map((r) => ({ figure: `media: ${r.name}`, value: `${r.value.toFixed(1)} ${r.unit}`, budget: r.budget, pass: r.ok }));
  });
}

const width = (key: keyof Row) => Math.max(key.length, ...rows.map((r) => String(key === "pass" ? "pass" : r[key]).length));
const [wf, wv, wb] = [width("figure"), width("value"), width("budget")];
console.log(`\n| ${"figure".padEnd(wf)} | ${"value".padEnd(wv)} | ${"budget".padEnd(wb)} | result |`);
console.log(`|${"-".repeat(wf + 2)}|${"-".repeat(wv + 2)}|${"-".repeat(wb + 2)}|--------|`);
for (const r of rows) console.log(`| ${r.figure.padEnd(wf)} | ${r.value.padEnd(wv)} | ${r.budget.padEnd(wb)} | ${r.pass ? "pass  " : "FAIL  "} |`);
const failed = rows.filter((r) => !r.pass).length;
console.log(`\n${rows.length - failed} of ${rows.length} budgets met (${new Date().toISOString().slice(0, 10)}, ${process.version}).`);
// The machine's load when the bench started and ended (1-minute average, cores): absolute
// figures taken under load measure the load, so they are printed beside the table.
const loadAfter = loadavg();
console.log(`Load average: ${loadBefore[0]!.toFixed(1)} at the start, ${loadAfter[0]!.toFixed(1)} at the end, on ${cpus().length} cores.`);
process.exit(failed === 0 ? 0 : 1);
