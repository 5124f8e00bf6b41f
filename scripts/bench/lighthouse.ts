// Lighthouse, mobile profile (its default), on Debian's Chromium with the flags of scripts/lib/chromium.ts.
// An absolute score on a shared two-core machine measures the machine as much as the page, so each
// page is measured against itself with its scripts removed (served by a small proxy in front of
// the app, startScriptlessProxy), the two measured alternately in one run: what the scripts cost.
// Each page is measured RUNS times (5, as Lighthouse's documentation on variability advises) and
// the median run is reported, chosen by Lighthouse's own computeMedianRun (the run nearest the
// median FCP and TTI): on this shared two-core machine one run's score moves by several points.
//
// Before its measured runs each page is visited once, unmeasured, as a visitor before: a fresh
// server resizes a page's images on their first request (cached on disk afterwards), and on two
// cores that work competed with the browser in the first run (in six series of five runs, three
// pages on two builds, the first run scored lowest every time). A production server has long done it.
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium.ts";
import { compressBoth } from "../../server/compression.ts";

export const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

export interface PageScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  /** Total blocking time, ms. */
  tbtMs: number;
  /** Same-origin scripts and style sheets the page loaded. */
  assets: Array<{ url: string; type: "script" | "stylesheet" }>;
  failedAudits: string[];
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 5);

/**
 * Each page with its scripts and the same page without them (`scriptless(url)`), measured
 * alternately, RUNS times each; the median run of each.
 */
export async function runLighthousePairs(
  urls: string[],
  scriptless: (url: string) => string,
): Promise<Array<{ withScripts: PageScores; withoutScripts: PageScores }>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  const results: Array<{ withScripts: PageScores; withoutScripts: PageScores }> = [];
  try {
    for (const url of urls) {
      const other = scriptless(url);
      await lighthouseRun(url, chrome.port);
      await lighthouseRun(other, chrome.port);
      const runs: Lhr[] = [];
      const bare: Lhr[] = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await lighthouseRun(url, chrome.port));
        bare.push(await lighthouseRun(other, chrome.port));
      }
      results.push({ withScripts: scoresOf(url, runs), withoutScripts: scoresOf(url, bare) });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

type Lhr = Awaited<ReturnType<typeof lighthouseRun>>;

function scoresOf(url: string, runs: Lhr[]): PageScores {
  const lhr = computeMedianRun(runs) as Lhr;
  const scores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
  console.error(
    `bench: ${runs[0]?.finalDisplayedUrl ?? url}: performance of the ${runs.length} runs ${scores.join(", ")}; the median run scored ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`,
  );
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const origin = new URL(url).origin;
  const requests = (lhr.audits["network-requests"]?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
  const assets = requests
    .filter((r) => r.url.startsWith(origin) && (r.resourceType === "Script" || r.resourceType === "Stylesheet"))
    .map((r) => ({ url: r.url, type: r.resourceType === "Script" ? ("script" as const) : ("stylesheet" as const) }));
  const failedAudits = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]!))
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
  return {
    url,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
    assets,
    failedAudits: [...new Set(failedAudits)],
  };
}

/**
 * The app's pages with every script removed (inline and external, and their modulepreload links),
 * everything else as the app answers it: a proxy in front of `appOrigin`. Responses keep the app's
 * compression (the page itself is compressed again after the scripts are cut out, the way the app
 * compresses the pages it caches): the page without scripts must cost the network and the server
 * what the page costs, less its scripts.
 */
export async function startScriptlessProxy(appOrigin: string): Promise<{ origin: string; stop(): void }> {
  const app = new URL(appOrigin);
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: app.host };
    const upstreamRequest = request({ host: app.hostname, port: app.port, path: req.url, method: req.method, headers }, (upstream) => {
      if (!String(upstream.headers["content-type"] ?? "").startsWith("text/html")) {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      upstream.on("data", (chunk: Buffer) => chunks.push(chunk));
      upstream.on("end", async () => {
        const html = decoded(Buffer.concat(chunks), upstream.headers["content-encoding"])
          .toString("utf8")
          .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
          .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
        const brotli = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
        const body = brotli ? (await compressBoth(Buffer.from(html))).br : Buffer.from(html);
        const { "content-length": _length, "transfer-encoding": _chunked, "content-encoding": _encoding, ...rest } = upstream.headers;
        res.writeHead(upstream.statusCode ?? 502, { ...rest, ...(brotli ? { "content-encoding": "br" } : {}), "content-length": body.length });
        res.end(body);
      });
    });
    upstreamRequest.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstreamRequest);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => server.close() };
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  return body;
}

/** One Lighthouse run. A run that Lighthouse itself could not complete (no trace, a protocol
 * timeout) says nothing about the page: it is tried once more, and fails the bench if it fails again. */
async function lighthouseRun(url: string, port: number) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    const lhr = (await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES }))?.lhr;
    if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) return lhr;
    console.error(`bench: Lighthouse run ${attempt} on ${url} failed: ${lhr?.runtimeError?.message ?? "no result"}`);
  }
  throw new Error(`Lighthouse could not measure ${url}`);
}
