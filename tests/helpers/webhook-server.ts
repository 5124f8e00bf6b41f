// A real HTTP stand-in for the chat's automation webhook, run as its own process by the route
// tests (startWebhookServer) and the browser tests (scripts/e2e-server.ts).
//
// The behaviour is chosen per request by a marker in the message, "modo:<mode>", or else by
// WEBHOOK_MODE (default "reply"):
//   reply    200 {"reply": "Resposta do webhook: <message>"}
//   output   200 {"output": ...}            text   200 {"text": ...}
//   missing  200 {"ok": true} (no reply)    500    status 500
//   invalid  200 with a body that is not JSON
//   slow     waits WEBHOOK_SLOW_MS (default 2000) and then replies
//   links    a reply with line breaks and a link      html   a reply that looks like HTML
// GET /__requests lists the JSON bodies received so far.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const MODES = ["reply", "output", "text", "missing", "500", "invalid", "slow", "links", "html"] as const;
type Mode = (typeof MODES)[number];

function modeOf(message: string): Mode {
  const marker = /modo:([a-z0-9]+)/.exec(message)?.[1];
  const chosen = marker ?? process.env.WEBHOOK_MODE ?? "reply";
  return (MODES as readonly string[]).includes(chosen) ? (chosen as Mode) : "reply";
}

function serve() {
  const received: unknown[] = [];
  const slowMs = Number(process.env.WEBHOOK_SLOW_MS || 2000);
  const server = createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/__requests") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(received));
    }
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: { message?: unknown } = {};
    try {
      body = JSON.parse(raw);
    } catch {
      // recorded as received below
    }
    received.push({ contentType: req.headers["content-type"], body: body ?? raw });
    const message = typeof body.message === "string" ? body.message : "";
    const json = (value: unknown) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(value));
    };
    switch (modeOf(message)) {
      case "output":
        return json({ output: `Resposta via output: ${message}` });
      case "text":
        return json({ text: `Resposta via text: ${message}` });
      case "missing":
        return json({ ok: true });
      case "500":
        res.writeHead(500, { "Content-Type": "text/plain" });
        return res.end("Internal Server Error");
      case "invalid":
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end("<html>isto não é JSON");
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, slowMs));
        if (res.destroyed) return;
        return json({ reply: `Resposta lenta: ${message}` });
      case "links":
        return json({ reply: "Primeira linha\nSegunda linha com link: https://example.com/pagina?x=1." });
      case "html":
        return json({ reply: '<img src=x onerror="window.__injected=1"><b>negrito</b>' });
      default:
        return json({ reply: `Resposta do webhook: ${message}` });
    }
  });
  server.listen(Number(process.env.WEBHOOK_PORT || 0), "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    console.log(JSON.stringify({ port }));
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

export interface WebhookProcess {
  url: string;
  /** The JSON bodies (and their content type) the webhook received. */
  requests(): Promise<Array<{ contentType: string; body: unknown }>>;
  stop(): Promise<void>;
}

/** Starts the webhook as a separate Node process and waits until it listens. */
export async function startWebhookServer(env: Record<string, string> = {}): Promise<WebhookProcess> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`webhook server exited with ${code}`)));
    lines.once("line", (line) => resolve(JSON.parse(line).port));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/webhook/windapp`,
    requests: async () => (await fetch(`${origin}/__requests`)).json(),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
