// Two production server processes with the same configuration, on one PostgreSQL
// cluster and one S3-protocol server. Nothing may depend on instance-local state.
import { spawnSync } from "node:child_process";
import sharp from "sharp";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster.ts";
import { startS3rver, type RunningS3 } from "../helpers/s3rver.ts";
import { startServer, type RunningServer } from "../helpers/platform-server.ts";
import { startWebhookServer, type WebhookProcess } from "../helpers/webhook-server.ts";

const root = new URL("../..", import.meta.url).pathname;
const ADMIN = { email: "escala@winddigital.com.br", password: "senha-escala-123" };

let cluster: PgCluster;
let s3: RunningS3;
let webhook: WebhookProcess;
let a: RunningServer;
let b: RunningServer;
let databaseUrl: string;
let sql: pg.Client;

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase("scale_out");
  [s3, webhook] = await Promise.all([startS3rver(), startWebhookServer()]);
  const env = {
    CHAT_WEBHOOK_URL: webhook.url,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    SESSION_SECRET: "scale-out-secret-0123456789abcdef",
    SITE_URL: "http://wind.test",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    CHAT_RATE_LIMIT: "6",
  };
  // Migrations and the seed run once per release, before the instances start.
  for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
    const run = spawnSync(process.execPath, [`${root}${script}`], { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${script}: ${run.stderr}`);
  }
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([s3?.stop(), webhook?.stop()]);
  cluster?.stop();
});

/** A same-origin browser-like request to one instance. */
function post(server: RunningServer, path: string, body: FormData | URLSearchParams, cookie = "") {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.baseUrl, Cookie: cookie },
  });
}

function get(server: RunningServer, path: string, cookie = "") {
  return fetch(`${server.baseUrl}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

function cookieFrom(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie (status ${response.status})`);
  return line.split(";")[0]!;
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await post(server, "/admin/login", new URLSearchParams(ADMIN));
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  return cookieFrom(response, "__admin_session");
}

function portfolioForm(title: string): FormData {
  const form = new FormData();
  form.set("title", title);
  form.set("category", "IA");
  form.set("description", "Projeto criado no teste de escala.");
  form.set("result", "+40% de leads");
  return form;
}

describe("two instances on one PostgreSQL and one S3 store", () => {
  it("a session signed in on A works on B, and a sign-out on B ends it on A", async () => {
    const session = await signIn(a);
    expect((await get(b, "/admin/dashboard", session)).status).toBe(200);
    expect((await get(a, "/admin/dashboard", session)).status).toBe(200);

    const logout = await post(b, "/admin/logout", new FormData(), session);
    expect(logout.status).toBeGreaterThanOrEqual(300);
    const after = await get(a, "/admin/dashboard", session);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toContain("/admin/login");
  });

  it("an upload through A is stored in the bucket and served to B's visitors", async () => {
    const session = await signIn(a);
    const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#2563eb" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("title", "Painel Escala Marista");
    form.set("primary_flow", "Avenida 85");
    form.set("reach", "120 mil pessoas/mês");
    form.set("flow", "Alto fluxo");
    form.set("description", "Painel criado pela instância A.");
    form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/png" }), "painel.png");
    const saved = await post(a, "/admin/led-panels", form, session);
    expect(saved.status).toBe(302);

    const row = (await sql.query(`SELECT photo FROM led_panels WHERE title = $1`, ["Painel Escala Marista"])).rows[0];
    expect(row.photo).toMatch(new RegExp(`^${s3.endpoint}/blog-media/`));
    const page = await (await get(b, "/led-panels")).text();
    expect(page).toContain("Painel Escala Marista");
    expect(page.includes(row.photo) || page.includes(encodeURIComponent(row.photo))).toBe(true);
    const media = await fetch(row.photo);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(photo)).toBe(true);
    // B can resize it too (it reads the object from the shared store).
    const resized = await fetch(`${b.baseUrl}/img?src=${encodeURIComponent(row.photo)}&w=320`, { headers: { Accept: "image/webp" } });
    expect(resized.status).toBe(200);
    const meta = await sharp(Buffer.from(await resized.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);
  });

  it("a content change through A shows on B's public page at once", async () => {
    await get(b, "/portfolio");
    await get(b, "/portfolio"); // B's page cache is warm now
    const session = await signIn(a);
    expect((await post(a, "/admin/portfolio", portfolioForm("Case Escala Instantânea"), session)).status).toBe(302);
    const page = await (await get(b, "/portfolio")).text();
    expect(page).toContain("Case Escala Instantânea");
  });

  it("chat and sign-in rate limits count requests sent to both instances", async () => {
    const first = await fetch(`${a.baseUrl}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: a.baseUrl },
      body: JSON.stringify({ message: "Quanto custa?" }),
    });
    expect(first.status).toBe(200);
    const chatCookie = cookieFrom(first, "__chat");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? b : a;
      const response = await fetch(`${server.baseUrl}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.baseUrl, Cookie: chatCookie },
        body: JSON.stringify({ message: `Pergunta ${i}` }),
      });
      statuses.push(response.status);
    }
    // The limit is 6 a minute: 1 + 5 allowed, the 7th refused, whichever instance gets it.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const wrong = new URLSearchParams({ email: "alvo@winddigital.com.br", password: "senha-errada-000" });
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++) attempts.push((await post(i % 2 === 0 ? a : b, "/admin/login", wrong)).status);
    expect(attempts.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attempts[5]).toBe(429);
  });

  it("a burst of concurrent admin writes split across A and B loses nothing", async () => {
    const [sessionA, sessionB] = await Promise.all([signIn(a), signIn(b)]);
    const titles = Array.from({ length: 40 }, (_, i) => `Rajada ${String(i).padStart(2, "0")}`);
    const responses = await Promise.all(
      titles.map((title, i) =>
        i % 2 === 0 ? post(a, "/admin/portfolio", portfolioForm(title), sessionA) : post(b, "/admin/portfolio", portfolioForm(title), sessionB),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(titles.map(() => 302));
    const rows = await sql.query(`SELECT title FROM portfolio_items WHERE title LIKE 'Rajada %'`);
    expect(rows.rows.map((r) => r.title).sort()).toEqual(titles);
    // Both instances' public pages show every one of them.
    for (const server of [a, b]) {
      const page = await (await get(server, "/portfolio")).text();
      for (const title of titles) expect(page).toContain(title);
    }
  });

  it("a chat taken over on B: the visitor's messages on A skip the webhook, and B's reply reaches A's polling visitor", async () => {
    const chat = (server: RunningServer, message: string, cookie = "") =>
      fetch(`${server.baseUrl}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Origin: server.baseUrl, Cookie: cookie },
        body: JSON.stringify({ message }),
      });
    const first = await chat(a, "Olá, quero falar com alguém da escala");
    expect(await first.json()).toEqual({ reply: "Resposta do webhook: Olá, quero falar com alguém da escala" });
    const visitor = cookieFrom(first, "__chat");
    const leadId = (await sql.query(`SELECT lead_id FROM lead_messages WHERE content = $1`, ["Olá, quero falar com alguém da escala"])).rows[0]
      .lead_id as string;

    const staff = await signIn(b);
    const lead = `/admin/contatos/${leadId}`;
    const takeover = await post(b, lead, new URLSearchParams({ intent: "takeover" }), staff);
    expect(takeover.status).toBe(302);

    // Held: A no longer forwards the visitor's message, and the transcript has it at once on B.
    const seenBefore = (await webhook.requests()).length;
    expect(await (await chat(a, "Tem alguém da escala aí?", visitor)).json()).toEqual({ held: true });
    expect(await (await get(b, lead, staff)).text()).toContain("Tem alguém da escala aí?");
    expect((await webhook.requests()).length).toBe(seenBefore);

    // B's reply reaches the visitor's polling on A (the database is the only shared state).
    const since = (await (await get(a, "/api/chat?desde=0", visitor)).json()) as { messages: unknown[] };
    expect(since.messages).toEqual([]);
    expect((await post(b, lead, new URLSearchParams({ intent: "reply", reply: "Oi, aqui é a equipe na instância B." }), staff)).status).toBe(302);
    const polled = (await (await get(a, "/api/chat?desde=0", visitor)).json()) as { messages: Array<{ content: string; author: string }> };
    expect(polled.messages.map((m) => m.content)).toEqual(["Oi, aqui é a equipe na instância B."]);
    expect(polled.messages[0]!.author).toContain("da equipe Wind Digital");

    // Handed back on A: B forwards the visitor's next message to the webhook again.
    expect((await post(a, lead, new URLSearchParams({ intent: "handback" }), staff)).status).toBe(302);
    expect(await (await chat(b, "Obrigado, escala", visitor)).json()).toEqual({ reply: "Resposta do webhook: Obrigado, escala" });
    expect((await webhook.requests()).length).toBe(seenBefore + 1);
  });
});
