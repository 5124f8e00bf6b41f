// Media figures against their budgets, printed by `npm run bench` or on its own:
//   node scripts/bench/media.ts
// 1. Uploading a 150 MB video grows the server's resident memory by less than 100 MB, on local
//    disk and on an S3-protocol store (s3rver), and serving it back through /media too.
// 2. A cached image variant is served at least 10x faster than its first resize.
// 3. The real admin path: the production server (server/index.ts on the build in BUILD_DIR,
//    default build/, made if missing) on a fresh seeded database; sign in as the demo admin and
//    POST a 150 MB video through the course-testimonials form (multipart, streamed, no
//    Content-Length), on local disk and on s3rver; the server's RSS (/proc/<pid>/status) must
//    grow by less than 100 MB, and the stored video must be the bytes sent.
// For 1 and 2 the measured server is a child process running the app's own storage module and
// the /media and /img route loaders behind Node's HTTP server, so its RSS holds nothing but that work.
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { RouterContext } from "react-router";
import { freePort, waitFor } from "./demo-server.ts";
import { productionServerArgs } from "../lib/server-process.ts";

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
  const { storage, randomKey } = await import("../../app/lib/storage/index.server.ts");
  // The route modules come from the production build (its `routes`, part of React Router's server
  // build API): the app's sources use bundler-style imports that Node alone does not resolve.
  const buildDir = resolve(root, process.env.BUILD_DIR || "build");
  const { build, requestInfoContext } = (await import(join(buildDir, "server/index.js"))) as {
    build: { routes: Record<string, { module: { loader: (args: never) => Promise<Response> } }> };
    requestInfoContext: RouterContext<{ ip: string; requestId: string }>;
  };
  const { RouterContextProvider } = await import("react-router");
  const media = build.routes["routes/media.$"]!.module;
  const img = build.routes["routes/img"]!.module;

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
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "127.0.0.1", requestId: "bench" });
    const args = (params: Record<string, string>) => ({ request, params, context }) as never;
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
  // A database of its own: /img counts its misses in the rate-limit table.
  const databaseDir = mkdtempSync(join(tmpdir(), "bench-media-db-"));
  const childEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: "bench-secret-0123456789",
    DATABASE_URL: `file:${join(databaseDir, "media.db")}`,
    ...env,
  };
  const migrated = spawnSync(process.execPath, [join(root, "scripts/migrate.ts")], { cwd: root, env: childEnv, stdio: ["ignore", "ignore", "inherit"] });
  if (migrated.status !== 0) throw new Error("media bench: migrating its database failed");
  const proc = fork(new URL(import.meta.url).pathname, ["--child"], {
    env: childEnv,
    execArgv: ["--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once("message", (m: { port: number }) => resolve(m.port));
    proc.once("exit", (code) => reject(new Error(`media bench server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      proc.kill("SIGTERM");
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
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
      res.on("end", () =>
        res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString())) : reject(new Error(`upload answered ${res.statusCode}`)),
      );
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
    {
      name: `serve 150 MB video via /media (${label}): RSS growth`,
      value: downloadGrowth,
      unit: "MB",
      budget: `< ${RSS_BUDGET_MB} MB`,
      ok: downloadGrowth < RSS_BUDGET_MB,
    },
  ];
}

async function measureImage(server: Measured): Promise<MediaBenchResult[]> {
  const { default: sharp } = await import("sharp");
  // A 3000x2000 photo-like JPEG: softened noise keeps detail everywhere, like a real photo.
  const noise = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  const photo = await sharp(noise).blur(2).jpeg({ quality: 85 }).toBuffer();
  const stored = await postStream(`${server.base}/upload?ext=jpg`, Readable.from([photo]), "image/jpeg");
  const results: MediaBenchResult[] = [];
  for (const [format, accept] of [
    ["AVIF", "image/avif,image/webp,*/*"],
    ["WebP", "image/webp,*/*"],
  ] as const) {
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
      {
        name: `image 1280px ${format}: cached speed-up`,
        value: first / median,
        unit: "x",
        budget: `>= ${SPEEDUP_BUDGET}x`,
        ok: first / median >= SPEEDUP_BUDGET,
      },
    );
  }
  return results;
}

// ---------------------------------------------------------------- the admin path, end to end
const root = new URL("../..", import.meta.url).pathname;
const ADMIN = { email: "admin@winddigital.com.br", password: "vento-laranja-janela-42" };

function ensureBuild(buildDir: string) {
  if (existsSync(join(buildDir, "server/index.js"))) return;
  console.error(`media bench: building into ${buildDir}`);
  const built = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) throw new Error("react-router build failed");
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

interface ProductionServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

async function startProductionServer(dir: string, extraEnv: NodeJS.ProcessEnv): Promise<ProductionServer> {
  const buildDir = resolve(root, process.env.BUILD_DIR || "build");
  ensureBuild(buildDir);
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    BUILD_DIR: buildDir,
    DATABASE_URL: `file:${join(dir, "admin-bench.db")}`,
    UPLOADS_DIR: join(dir, "uploads"),
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    SITE_URL: base,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  };
  for (const name of ["CHAT_WEBHOOK_URL", "MAX_VIDEO_MB", "MAX_IMAGE_MB", ...(extraEnv.S3_ENDPOINT ? [] : ["S3_ENDPOINT"])])
    if (!(name in extraEnv)) delete env[name];
  for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
    const result = spawnSync(process.execPath, [join(root, script)], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
  const child: ChildProcess = spawn(process.execPath, productionServerArgs(), { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  await waitFor(`${base}/healthz`);
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__admin_session="));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie;
}

/** The course-testimonial form as the browser sends it without JavaScript: multipart, streamed. */
function testimonialForm(boundary: string, video: Readable): Readable {
  const part = (headers: string) => Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`);
  async function* body() {
    yield part('Content-Disposition: form-data; name="student_name"');
    yield Buffer.from("Aluna do benchmark\r\n");
    yield part('Content-Disposition: form-data; name="display_order"');
    yield Buffer.from("0\r\n");
    yield part('Content-Disposition: form-data; name="video_url"; filename="depoimento.mp4"\r\nContent-Type: video/mp4');
    yield* video;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return Readable.from(body(), { objectMode: false });
}

/** A 150 MB "video": an MP4 header (so the type sniffs as video/mp4), then distinct megabytes. */
function mp4Stream(hash: ReturnType<typeof createHash>): Readable {
  const header = Buffer.concat([Buffer.from("0000001c667479706d703432000000006d7034326d70343169736f6d", "hex"), Buffer.alloc(64)]);
  const inner = videoStream(createHash("sha256"));
  let first = true;
  async function* bytes() {
    for await (const chunk of inner) {
      const piece = first ? Buffer.concat([header, (chunk as Buffer).subarray(header.length)]) : (chunk as Buffer);
      first = false;
      hash.update(piece);
      yield piece;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

function postMultipart(url: string, cookie: string, origin: string, boundary: string, body: Readable): Promise<{ status: number; location: string | null }> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie, Origin: origin } },
      (res: IncomingMessage) => {
        res.resume();
        res.on("end", () => done({ status: res.statusCode ?? 0, location: (res.headers.location as string | undefined) ?? null }));
      },
    );
    req.on("error", fail);
    pipeline(body, req).catch(fail);
  });
}

async function measureAdminUpload(label: string, dir: string, extraEnv: NodeJS.ProcessEnv): Promise<MediaBenchResult[]> {
  const server = await startProductionServer(dir, extraEnv);
  try {
    const cookie = await signIn(server.base);
    const page = `${server.base}/admin/course-testimonials`;
    // Warm up the route (modules, database, storage) before the baseline.
    await (await fetch(page, { headers: { Cookie: cookie } })).text();
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 10);

    const sent = createHash("sha256");
    const boundary = `----bench${randomBytes(8).toString("hex")}`;
    const started = performance.now();
    let answer: { status: number; location: string | null };
    try {
      answer = await postMultipart(page, cookie, server.base, boundary, testimonialForm(boundary, mp4Stream(sent)));
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 302 || !answer.location?.startsWith("/admin/course-testimonials"))
      throw new Error(`${label}: the admin form answered ${answer.status} ${answer.location}`);

    // The stored video is the bytes sent: fetched back from its URL on the list page.
    const html = await (await fetch(page, { headers: { Cookie: cookie } })).text();
    const videoUrl = html.match(/<video[^>]*\ssrc="([^"]+)"/)?.[1];
    if (!videoUrl) throw new Error(`${label}: the uploaded video is not on the list page`);
    const received = createHash("sha256");
    const download = await fetch(new URL(videoUrl.replaceAll("&amp;", "&"), server.base));
    let size = 0;
    for await (const piece of download.body!) {
      size += piece.length;
      received.update(piece);
    }
    if (size !== VIDEO_BYTES || received.digest("hex") !== sent.digest("hex"))
      throw new Error(`${label}: stored ${size} bytes that differ from the ${VIDEO_BYTES} sent`);

    const growth = (peak - before) / MB;
    return [
      {
        name: `admin form, 150 MB video (${label}): server RSS growth`,
        value: growth,
        unit: "MB",
        budget: `< ${RSS_BUDGET_MB} MB`,
        ok: growth < RSS_BUDGET_MB,
      },
      { name: `admin form, 150 MB video (${label}): throughput`, value: 150 / seconds, unit: "MB/s", budget: "-", ok: true },
    ];
  } finally {
    await server.stop();
  }
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
      try {
        results.push(...(await measureUpload("S3, s3rver", s3)));
      } finally {
        s3.stop();
      }
      results.push(
        ...(await measureAdminUpload("production server, local disk", join(dir, "admin-local"), {})),
        ...(await measureAdminUpload("production server, S3", join(dir, "admin-s3"), {
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_ACCESS_KEY_ID: "S3RVER",
          S3_SECRET_ACCESS_KEY: "S3RVER",
        })),
      );
    } finally {
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
