// Load test: N concurrent clients for D seconds against a production server on the
// demo seed: public pages, chat messages (to a local webhook process) and admin saves.
// Passes with zero 5xx, every acknowledged admin write present afterwards, and memory flat
// after warm-up. CI runs it with modest numbers; by hand:
//   node scripts/load.ts --connections 50 --duration 60
// Needs a build (npm run build; BUILD_DIR picks another one).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "./lib/pg-cluster.ts";
import { productionServerArgs } from "./lib/server-process.ts";
import { startWebhookServer } from "../tests/helpers/webhook-server.ts";

const { values } = parseArgs({
  options: { connections: { type: "string", default: "50" }, duration: { type: "string", default: "60" } },
});
const connections = Number(values.connections);
const durationMs = Number(values.duration) * 1000;
const root = new URL("..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "load-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const admin = { email: "carga@winddigital.com.br", password: "senha-carga-123" };
const webhook = await startWebhookServer({});
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  DATABASE_URL: process.env.DATABASE_URL || `file:${join(dir, "load.db")}`,
  UPLOADS_DIR: join(dir, "uploads"),
  SESSION_SECRET: "load-test-secret-0123456789abcdef",
  SITE_URL: base,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  CHAT_WEBHOOK_URL: webhook.url,
  CHAT_RATE_LIMIT: "1000000",
};
for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
  const r = spawnSync(process.execPath, [join(root, script)], { env, cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${script}: ${r.stderr}`);
}
const server = spawn(process.execPath, productionServerArgs(), { env, cwd: root, stdio: ["ignore", "ignore", "pipe"] });
let serverErrors = "";
server.stderr!.on("data", (d) => (serverErrors += d));
const cleanup = () => {
  server.kill("SIGTERM");
  void webhook.stop();
  rmSync(dir, { recursive: true, force: true });
};
process.on("exit", cleanup);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // Not listening yet: try again.
  }
  if (i > 150) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const login = await fetch(`${base}/admin/login`, {
  method: "POST",
  body: new URLSearchParams(admin),
  redirect: "manual",
  headers: { Origin: base },
});
const session = login.headers
  .getSetCookie()
  .find((c) => c.startsWith("__admin_session="))
  ?.split(";")[0];
if (!session) throw new Error(`admin sign-in failed (${login.status})`);

const pages = ["/", "/servicos", "/portfolio", "/portfolio?categoria=IA", "/led-panels", "/window-films", "/curso", "/blog", "/sobre", "/contato"];
const latencies: number[] = [];
const statusCounts = new Map<string, number>();
const acknowledged: string[] = [];
let networkErrors = 0;
let writeSeq = 0;

async function timed(kind: string, run: () => Promise<Response>) {
  const start = performance.now();
  try {
    const response = await run();
    await response.arrayBuffer();
    latencies.push(performance.now() - start);
    const key = `${kind} ${response.status}`;
    statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
    return response;
  } catch {
    networkErrors++;
    return null;
  }
}

async function client(deadline: number) {
  while (Date.now() < deadline) {
    const roll = Math.random();
    if (roll < 0.7) {
      await timed("GET", () => fetch(`${base}${pages[Math.floor(Math.random() * pages.length)]}`, { headers: { "Accept-Encoding": "br, gzip" } }));
    } else if (roll < 0.85) {
      await timed("chat", () =>
        fetch(`${base}/api/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base },
          body: JSON.stringify({ message: "Quanto custa um site?" }),
        }),
      );
    } else {
      const title = `Painel carga ${++writeSeq}`;
      const form = new FormData();
      form.set("title", title);
      form.set("primary_flow", "Av. 85");
      form.set("reach", "100 mil");
      form.set("flow", "Alto");
      form.set("description", "Criado pelo teste de carga.");
      const response = await timed("admin-save", () =>
        fetch(`${base}/admin/led-panels`, { method: "POST", body: form, redirect: "manual", headers: { Origin: base, Cookie: session! } }),
      );
      if (response && response.status === 302) acknowledged.push(title);
    }
  }
}

const started = Date.now();
const deadline = started + durationMs;
let warmRss = 0;
const warmTimer = setTimeout(() => (warmRss = rssMb()), durationMs * 0.25);
await Promise.all(Array.from({ length: connections }, () => client(deadline)));
clearTimeout(warmTimer);
const endRss = rssMb();

// This process reads the database itself: it takes the server's configuration (the app's env
// check refuses to run in production without a session secret).
Object.assign(process.env, { NODE_ENV: env.NODE_ENV, DATABASE_URL: env.DATABASE_URL, SESSION_SECRET: env.SESSION_SECRET });
const { db } = await import("../app/lib/db.server.ts");
const stored = new Set((await db.ledPanel.findMany({ where: { title: { startsWith: "Painel carga " } }, select: { title: true } })).map((p) => p.title));
const lost = acknowledged.filter((t) => !stored.has(t));

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
const fiveXx = [...statusCounts].filter(([k]) => Number(k.split(" ")[1]) >= 500).reduce((s, [, n]) => s + n, 0);
const memoryFlat = warmRss === 0 || endRss < warmRss * 1.5 + 50;

console.log(`load: ${connections} clients for ${durationMs / 1000} s`);
console.log(`requests served   ${latencies.length} (${(latencies.length / ((Date.now() - started) / 1000)).toFixed(0)}/s)`);
console.log(`by kind/status    ${[...statusCounts].map(([k, n]) => `${k}: ${n}`).join(", ")}`);
console.log(`errors            ${fiveXx} 5xx, ${networkErrors} network`);
console.log(`latency           p50 ${pct(50)} ms, p99 ${pct(99)} ms`);
console.log(`writes verified   ${acknowledged.length - lost.length}/${acknowledged.length} acknowledged admin saves present`);
console.log(`memory (RSS)      ${warmRss.toFixed(0)} MB after warm-up, ${endRss.toFixed(0)} MB at the end`);
const ok = fiveXx === 0 && networkErrors === 0 && lost.length === 0 && acknowledged.length > 0 && memoryFlat;
if (!ok && serverErrors) console.log(serverErrors.slice(-2000));
console.log(ok ? "load: PASS" : "load: FAIL");
await db.$disconnect();
process.exit(ok ? 0 : 1);
