// The backup figures of `npm run bench` (part "backup"): the demo site plus 500 MB of media (random
// bytes, as incompressible as real photos and videos) backed up by `npm run backup` while visitors
// keep loading pages, then restored into an empty installation by `npm run restore`.
//   - the backup's RSS growth: its peak RSS with the 500 MB less its peak RSS for the demo site alone
//     (what the library's size costs in memory; budget < 100 MB);
//   - the page-view p99 while the backup runs (four visitors loading /, /blog and /portfolio one
//     page after another; budget < 100 ms);
//   - the restore's wall time (budget < 2 minutes).
import { spawn } from "node:child_process";
import { randomFillSync } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer } from "./demo-server.ts";

const root = new URL("../..", import.meta.url).pathname;
const MEDIA_MB = Number(process.env.BENCH_BACKUP_MB || 500);
const FILE_MB = 10;

interface Row {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}

function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs a script of scripts/ to its end, sampling its RSS every 50 ms; returns its peak and its time. */
function runMeasured(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ peak: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(root, "scripts", script), ...args], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 50);
    child.once("exit", (code) => {
      clearInterval(sampler);
      if (code === 0) resolve({ peak, ms: Date.now() - started });
      else reject(new Error(`${script} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/** Visitors loading pages one after another until `done` settles; every page view's time. */
async function visitors(baseUrl: string, done: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let running = true;
  void done.finally(() => (running = false)).catch(() => undefined);
  const pages = ["/", "/blog", "/portfolio"];
  await Promise.all(
    [0, 1, 2, 3].map(async (n) => {
      for (let i = n; running; i++) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}${pages[i % pages.length]}`);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;

export async function runBackupBench(buildDir: string): Promise<Row[]> {
  const work = mkdtempSync(join(tmpdir(), "bench-backup-"));
  const server = await startDemoServer(buildDir, { ANALYTICS: "off" });
  try {
    const env = { ...server.env };
    const small = await runMeasured("backup.ts", ["--out", join(work, "demo.tar.gz")], env);

    // The media library: MEDIA_MB of random bytes in files of FILE_MB, in both buckets.
    const chunk = Buffer.allocUnsafe(FILE_MB * 1024 * 1024);
    for (let i = 0; i < MEDIA_MB / FILE_MB; i++) {
      const bucket = i % 2 ? "blog-media" : "portfolio-media";
      mkdirSync(join(env.UPLOADS_DIR!, bucket, "bench"), { recursive: true });
      writeFileSync(join(env.UPLOADS_DIR!, bucket, "bench", `video-${i}.mp4`), randomFillSync(chunk));
    }
    // Warm the page cache first: the figure is what a visitor sees during a backup, not a cold start.
    for (const page of ["/", "/blog", "/portfolio"]) await (await fetch(`${server.baseUrl}${page}`)).arrayBuffer();
    const archive = join(work, "site.tar.gz");
    const backup = runMeasured("backup.ts", ["--out", archive], env);
    const [big, times] = await Promise.all([backup, visitors(server.baseUrl, backup)]);

    const target = join(work, "restored");
    const restore = await runMeasured("restore.ts", [archive], {
      ...env,
      DATABASE_URL: `file:${join(target, "app.db")}`,
      UPLOADS_DIR: join(target, "uploads"),
    });
    const growth = (big.peak - small.peak) / 1048576;
    const pageP99 = p99(times);
    return [
      {
        figure: `backup: RSS growth with ${MEDIA_MB} MB of media (peak ${(big.peak / 1048576).toFixed(0)} MB vs ${(small.peak / 1048576).toFixed(0)} MB for the demo alone; ${(big.ms / 1000).toFixed(1)} s)`,
        value: `${growth.toFixed(1)} MB`,
        budget: "< 100 MB",
        pass: growth < 100,
      },
      {
        figure: `backup: page-view p99 during the backup (${times.length} views)`,
        value: `${pageP99.toFixed(1)} ms`,
        budget: "< 100 ms",
        pass: pageP99 < 100,
      },
      {
        figure: `backup: restore of the same archive into an empty installation (${MEDIA_MB} MB, every file read back and checked)`,
        value: `${(restore.ms / 1000).toFixed(1)} s`,
        budget: "< 120 s",
        pass: restore.ms < 120_000,
      },
    ];
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

// Run alone: `node scripts/bench/backup.ts` (BUILD_DIR names the build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runBackupBench(process.env.BUILD_DIR || join(root, "build"));
  for (const r of rows) console.log(`${r.pass ? "ok  " : "FAIL"} ${r.figure}: ${r.value} (${r.budget})`);
}
