// Media figures against their budgets (issue 6), printed by `npm run bench` or on its own:
//   node scripts/bench/media.ts
// 1. Uploading a 150 MB video grows the server's resident memory by less than 100 MB, on local
//    disk and on an S3-protocol store (s3rver), and serving it back through /media too.
// 2. A cached image variant is served at least 10x faster than its first resize.
// The measured server is a child process running the app's own storage module and the /media
// and /img route loaders behind Node's HTTP server, so its RSS holds nothing but that work.
import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const MB = 1024 * 1024;
const VIDEO_BYTES = 150 * MB;
const RSS_BUDGET_MB = 100;
const SPEEDUP_BUDGET = 10;

export interface MediaBenchResult {
  name: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
}

// ---------------------------------------------------------------- child: the measured server
async function child() {
  const { createRequestListener } = await import("@remix-run/node-fetch-server");
  const { createServer } = await import("node:http");
  const { storage, randomKey } = await import("../../app/lib/storage.server.ts");
  const media = await import("../../app/routes/media.$.ts");
  const img = await import("../../app/routes/img.ts");

  let peak = 0;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5).unref();
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc?.();
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const listener = createRequestListener(async (request) => {
    const url = new URL(request.url);
    const args = (params: Record<string, string>) => ({ request, params, context: {} }) as never;
    if (url.pathname === "/rss/reset") {
      await settle();
      peak = process.memoryUsage.rss();
      return Response.json({ rss: peak });
    }
    if (url.pathname === "/rss/peak") return Response.json({ peak });
    if (url.pathname === "/upload" && request.method === "POST" && request.body) {
      const bucket = "portfolio-media";
      const key = randomKey(url.searchParams.get("ext") ?? "bin", "bench");
      const store = await storage();
      const size = await store.put(bucket, key, Readable.fromWeb(request.body as never), request.headers.get("Content-Type") ?? "");
      return Response.json({ url: store.publicUrl(bucket, key), path: `/media/${bucket}/${key}`, size });
    }
    if (url.pathname.startsWith("/media/")) return media.loader(args({ "*": url.pathname.slice("/media/".length) }));
    if (url.pathname === "/img") return img.loader(args({}));
    return new Response("Not found", { status: 404 });
  });
  await storage(); // S3: creates the buckets now, as the server does at start
  const server = createServer(listener).listen(0, "127.0.0.1", () => {
    process.send!({ port: (server.address() as { port: number }).port });
  });
}

// ---------------------------------------------------------------- parent: the client
interface Measured {
  base: string;
  stop(): void;
}

async function startChild(env: NodeJS.ProcessEnv): Promise<Measured> {
  const proc = fork(new URL(import.meta.url).pathname, ["--child"], {
    env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "bench-secret-0123456789", ...env },
    execArgv: ["--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once("message", (m: { port: number }) => resolve(m.port));
    proc.once("exit", (code) => reject(new Error(`media bench server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => proc.kill("SIGTERM") };
}

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;

/** 150 MB made chunk by chunk (never held whole), hashed as it goes. */
function videoStream(hash: ReturnType<typeof createHash>): Readable {
  const chunk = randomBytes(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= VIDEO_BYTES) return this.push(null);
      const piece = Buffer.from(chunk);
      piece.writeUInt32BE(sent / MB, 0); // every megabyte differs
      sent += piece.length;
      hash.update(piece);
      this.push(piece);
    },
  });
}

function postStream(url: string, body: Readable, contentType: string): Promise<{ path: string; size: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { "Content-Type": contentType } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString())) : reject(new Error(`upload answered ${res.statusCode}`))));
    });
    req.on("error", reject);
    pipeline(body, req).catch(reject);
  });
}

async function measureUpload(label: string, server: Measured): Promise<MediaBenchResult[]> {
  const { rss } = await json<{ rss: number }>(`${server.base}/rss/reset`);
  const sent = createHash("sha256");
  const started = performance.now();
  const stored = await postStream(`${server.base}/upload?ext=mp4`, videoStream(sent), "video/mp4");
  const seconds = (performance.now() - started) / 1000;
  const uploadPeak = (await json<{ peak: number }>(`${server.base}/rss/peak`)).peak;
  if (stored.size !== VIDEO_BYTES) throw new Error(`${label}: stored ${stored.size} bytes of ${VIDEO_BYTES}`);

  const { rss: beforeDownload } = await json<{ rss: number }>(`${server.base}/rss/reset`);
  const received = createHash("sha256");
  const response = await fetch(`${server.base}${stored.path}`);
  for await (const piece of response.body!) received.update(piece);
  const downloadPeak = (await json<{ peak: number }>(`${server.base}/rss/peak`)).peak;
  if (received.digest("hex") !== sent.digest("hex")) throw new Error(`${label}: the video came back different`);

  const uploadGrowth = (uploadPeak - rss) / MB;
  const downloadGrowth = (downloadPeak - beforeDownload) / MB;
  return [
    { name: `upload 150 MB video (${label}): RSS growth`, value: uploadGrowth, unit: "MB", budget: `< ${RSS_BUDGET_MB} MB`, ok: uploadGrowth < RSS_BUDGET_MB },
    { name: `upload 150 MB video (${label}): throughput`, value: 150 / seconds, unit: "MB/s", budget: "-", ok: true },
    { name: `serve 150 MB video via /media (${label}): RSS growth`, value: downloadGrowth, unit: "MB", budget: `< ${RSS_BUDGET_MB} MB`, ok: downloadGrowth < RSS_BUDGET_MB },
  ];
}

async function measureImage(server: Measured): Promise<MediaBenchResult[]> {
  const { default: sharp } = await import("sharp");
  // A 3000x2000 photo-like JPEG: softened noise keeps detail everywhere, like a real photo.
  const noise = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  const photo = await sharp(noise)
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer();
  const stored = await postStream(`${server.base}/upload?ext=jpg`, Readable.from([photo]), "image/jpeg");
  const results: MediaBenchResult[] = [];
  for (const [format, accept] of [["AVIF", "image/avif,image/webp,*/*"], ["WebP", "image/webp,*/*"]] as const) {
    const url = `${server.base}/img?src=${encodeURIComponent(stored.path)}&w=1280`;
    const timed = async () => {
      const t = performance.now();
      const response = await fetch(url, { headers: { Accept: accept } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/img answered ${response.status}`);
      return performance.now() - t;
    };
    const first = await timed();
    const cached: number[] = [];
    for (let i = 0; i < 30; i++) cached.push(await timed());
    cached.sort((a, b) => a - b);
    const median = cached[Math.floor(cached.length / 2)]!;
    results.push(
      { name: `image 3000px -> 1280px ${format}: first resize`, value: first, unit: "ms", budget: "-", ok: true },
      { name: `image 1280px ${format}: cached (median of 30)`, value: median, unit: "ms", budget: "-", ok: true },
      { name: `image 1280px ${format}: cached speed-up`, value: first / median, unit: "x", budget: `>= ${SPEEDUP_BUDGET}x`, ok: first / median >= SPEEDUP_BUDGET },
    );
  }
  return results;
}

export async function runMediaBench(): Promise<MediaBenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-media-"));
  const results: MediaBenchResult[] = [];
  try {
    const local = await startChild({ UPLOADS_DIR: join(dir, "local") });
    try {
      results.push(...(await measureUpload("local disk", local)), ...(await measureImage(local)));
    } finally {
      local.stop();
    }

    const { default: S3rver } = await import("s3rver");
    const s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: join(dir, "s3") });
    const { port } = await s3rver.run();
    const s3 = await startChild({
      UPLOADS_DIR: join(dir, "s3-cache"),
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    try {
      results.push(...(await measureUpload("S3, s3rver", s3)));
    } finally {
      s3.stop();
      await s3rver.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

export function printResults(results: MediaBenchResult[]) {
  for (const r of results) {
    console.log(`${r.ok ? "ok  " : "FAIL"}  media: ${r.name}: ${r.value.toFixed(1)} ${r.unit}${r.budget === "-" ? "" : ` (budget ${r.budget})`}`);
  }
}

if (process.argv.includes("--child")) {
  await child();
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runMediaBench();
  printResults(results);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}
