// A rolling restart under load loses nothing. Two production server processes (server/index.ts)
// share one PostgreSQL database behind a tiny round-robin proxy written here: like nginx with
// `keepalive` and `proxy_next_upstream error`, it keeps idle connections to each instance (closing
// them after 2 s idle, as deploy/nginx.conf's `keepalive_timeout 2s`) and sends a request whose
// connection is refused to the other instance, since a refused connection never reached an
// instance, as it does a read whose kept-alive connection the instance closed before answering;
// any other upstream error is a failure. While a steady, bounded load of page reads and
// admin writes runs, each instance in turn gets SIGTERM, exits, starts again on its port and
// answers /healthz. Every request must succeed and every acknowledged write must be in the database.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { Agent, createServer, request, type IncomingMessage, type Server } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster.ts";
import { productionServerArgs } from "../../scripts/lib/server-process.ts";
import { BUILD_DIR, ensureBuild } from "../helpers/platform-server.ts";

const root = new URL("../..", import.meta.url).pathname;
const ADMIN = { email: "rolagem@winddigital.com.br", password: "senha-rolagem-123" };
const WORKERS = 6;

interface Instance {
  port: number;
  child: ChildProcess;
  output: string;
}

let cluster: PgCluster;
let databaseUrl: string;
let proxy: Server;
let proxyUrl: string;
let env: NodeJS.ProcessEnv;
const instances: Instance[] = [];

function start(port: number): Instance {
  const child = spawn(process.execPath, productionServerArgs(), {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance: Instance = { port, child, output: "" };
  child.stdout!.on("data", (c: Buffer) => (instance.output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (instance.output += c.toString()));
  return instance;
}

async function healthy(instance: Instance): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`instance exited:\n${instance.output}`);
    const ok = await fetch(`http://127.0.0.1:${instance.port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`instance did not become healthy:\n${instance.output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The round-robin proxy. Upstream errors other than a refused connection answer 502. */
function startProxy(port: number): Promise<Server> {
  const agent = new Agent({ keepAlive: true, timeout: 2_000 });
  let next = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = next++ % instances.length;
    for (let attempt = 0; attempt < instances.length; attempt++) {
      const upstream = instances[(first + attempt) % instances.length]!;
      try {
        const response = await new Promise<IncomingMessage>((resolve, reject) => {
          const forward = request({ host: "127.0.0.1", port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, resolve);
          forward.on("error", reject);
          forward.end(body);
        });
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
        return;
      } catch (error) {
        // Never reached an instance, or (a read) found its kept-alive connection closed by the
        // instance's drain before any answer: nginx passes both to the next upstream, and so does
        // this proxy. A write whose connection broke after it was sent is a failure.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ECONNREFUSED" || (code === "ECONNRESET" && (req.method === "GET" || req.method === "HEAD"))) continue;
        res.writeHead(502, { "Content-Type": "text/plain" });
        res.end(`upstream ${upstream.port}: ${(error as Error).message}`);
        return;
      }
    }
    res.writeHead(502, { "Content-Type": "text/plain" });
    res.end("every upstream refused the connection");
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  ensureBuild();
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase("rolling_restart");
  const proxyPort = await freePort();
  proxyUrl = `http://127.0.0.1:${proxyPort}`;
  env = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "rolling-restart-secret-0123456789",
    SITE_URL: proxyUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  delete env.CHAT_WEBHOOK_URL;
  delete env.S3_ENDPOINT;
  for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
    const run = spawnSync(process.execPath, [`${root}${script}`, "--admin-only"], { cwd: root, env, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${script}: ${run.stderr}`);
  }
  for (const port of [await freePort(), await freePort()]) instances.push(start(port));
  await Promise.all(instances.map(healthy));
  proxy = await startProxy(proxyPort);
}, 180_000);

afterAll(async () => {
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await Promise.all(
    instances.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }),
  );
  cluster?.stop();
});

describe("rolling restart of two instances under load", () => {
  it("fails no request and loses no acknowledged write", async () => {
    const login = await fetch(`${proxyUrl}/admin/login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      redirect: "manual",
      headers: { Origin: proxyUrl },
    });
    expect(login.status).toBe(302);
    const session = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("__admin_session="))!
      .split(";")[0]!;

    const failures: string[] = [];
    const acknowledged: string[] = [];
    let requests = 0;
    let running = true;
    const reads = ["/", "/servicos", "/portfolio", "/blog", "/contato"];

    async function worker(id: number) {
      for (let i = 0; running; i++) {
        const write = i % 3 === 0;
        const title = `Carga ${id}-${i}`;
        try {
          let response: Response;
          if (write) {
            const form = new FormData();
            form.set("title", title);
            form.set("category", "IA");
            form.set("description", "Projeto criado durante o reinício em sequência.");
            form.set("result", "+10% de leads");
            response = await fetch(`${proxyUrl}/admin/portfolio`, {
              method: "POST",
              body: form,
              redirect: "manual",
              headers: { Origin: proxyUrl, Cookie: session },
            });
          } else {
            response = await fetch(`${proxyUrl}${reads[i % reads.length]}`, { redirect: "manual" });
          }
          const text = await response.text();
          requests++;
          if (write && response.status === 302) acknowledged.push(title);
          else if (write || response.status !== 200) failures.push(`${write ? "POST" : "GET"} ${response.status} ${text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${write ? "POST" : "GET"} ${String(error)}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    const load = Array.from({ length: WORKERS }, (_, id) => worker(id));
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      for (let index = 0; index < instances.length; index++) {
        await pause(1_500);
        const old = instances[index]!;
        const exited = new Promise<number | null>((r) => old.child.once("exit", (code) => r(code)));
        old.child.kill("SIGTERM");
        expect(await exited, old.output).toBe(0);
        const fresh = start(old.port);
        instances[index] = fresh;
        await healthy(fresh);
      }
      await pause(1_500);
    } finally {
      running = false;
      await Promise.all(load);
    }

    expect(failures, failures.slice(0, 5).join("\n")).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    expect(acknowledged.length).toBeGreaterThan(20);
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      const rows = await sql.query<{ title: string }>(`SELECT title FROM portfolio_items WHERE title LIKE 'Carga %'`);
      const stored = new Set(rows.rows.map((r) => r.title));
      expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
