// SIGTERM on the built production server (server/index.ts, built by ensureBuild): it stops
// accepting connections, lets an in-flight request finish, answers what still arrives on an open
// keep-alive connection with `Connection: close` (and /healthz with 503, so a load balancer takes
// it out), and exits 0. The in-flight request is a chat message waiting on a slow automation
// webhook. Started directly and through the `npm start` command line (npm passes the signal to its
// shell, which must hand it to node). tests/integration/rolling-restart.test.ts restarts two
// instances under load.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, createServer, request, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/pg-cluster.ts";
import { productionServerArgs } from "../../scripts/lib/server-process.ts";
import { BUILD_DIR as buildDir, ensureBuild } from "../helpers/platform-server.ts";

const root = join(import.meta.dirname, "../..");
const WEBHOOK_DELAY_MS = 1500;

let webhook: Server;
let webhookUrl = "";

beforeAll(async () => {
  ensureBuild();
  webhook = createServer(async (req, res) => {
    for await (const _ of req);
    await new Promise((r) => setTimeout(r, WEBHOOK_DELAY_MS));
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ reply: "Resposta depois de um tempo." }));
  });
  const port = await freePort();
  await new Promise<void>((r) => webhook.listen(port, "127.0.0.1", r));
  webhookUrl = `http://127.0.0.1:${port}/webhook/windapp`;
}, 180_000);

afterAll(() => new Promise<void>((r) => (webhook ? webhook.close(() => r()) : r())));

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

/** A POST with node:http (no connection pooling), resolving with status and body. */
function post(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return send(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, body);
}

function send(url: string, options: { method: string; headers?: Record<string, string>; agent?: Agent | false }, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const startScript = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
const launchers: Array<[string, string, string[]]> = [
  ["node server/index.ts", process.execPath, productionServerArgs()],
  [`sh -c "${startScript}" (npm start)`, "sh", ["-c", startScript]],
];

describe("graceful shutdown", () => {
  it.each(launchers)(
    "%s: finishes the in-flight request, refuses new connections, exits 0 on SIGTERM",
    async (_name, command, args) => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = spawn(command, args, {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          BUILD_DIR: buildDir,
          PORT: String(port),
          SITE_URL: baseUrl,
          SESSION_SECRET: "shutdown-test-secret-0123456789",
          CHAT_WEBHOOK_URL: webhookUrl,
          PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      server.stdout.on("data", (c) => (output += c));
      server.stderr.on("data", (c) => (output += c));
      const exited = new Promise<{ code: number | null; at: number }>((r) => server.once("exit", (code) => r({ code, at: Date.now() })));

      try {
        const deadline = Date.now() + 60_000;
        while (
          !(await fetch(`${baseUrl}/healthz`).then(
            (r) => r.ok,
            () => false,
          ))
        ) {
          if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
          await new Promise((r) => setTimeout(r, 200));
        }

        // A keep-alive connection opened before the signal, left idle in this agent's pool.
        const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
        expect((await send(`${baseUrl}/healthz`, { method: "GET", agent: keepAlive })).status).toBe(200);

        const started = Date.now();
        const inFlight = post(`${baseUrl}/api/chat`, JSON.stringify({ message: "Olá, quero um orçamento" }), {
          "Content-Type": "application/json",
          Origin: baseUrl,
        });
        await new Promise((r) => setTimeout(r, 400));
        server.kill("SIGTERM");
        await new Promise((r) => setTimeout(r, 300));

        // No new connections once the signal arrived...
        await expect(send(`${baseUrl}/healthz`, { method: "GET", agent: false })).rejects.toThrow(/ECONNREFUSED/);
        // ...a request on a connection already open is answered, and that connection closes; the
        // readiness check says the instance is going away.
        const reused = await send(`${baseUrl}/healthz`, { method: "GET", agent: keepAlive });
        expect(reused.status).toBe(503);
        expect(JSON.parse(reused.body)).toEqual({ status: "draining" });
        expect(reused.connection).toBe("close");
        keepAlive.destroy();
        // ...but the request already being served gets its whole answer.
        const response = await inFlight;
        expect(response.status, output).toBe(200);
        expect(JSON.parse(response.body)).toEqual({ reply: "Resposta depois de um tempo." });
        expect(Date.now() - started).toBeGreaterThanOrEqual(WEBHOOK_DELAY_MS - 100);

        const { code, at } = await exited;
        expect(code, output).toBe(0);
        // It exits as soon as the work is done, not at the 10-second fallback.
        expect(at - started).toBeLessThan(8_000);
        expect(output).toContain('"shutting down"');
      } finally {
        if (server.exitCode === null) server.kill("SIGKILL");
      }
    },
    120_000,
  );
});
