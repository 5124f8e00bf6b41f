// Starts the built production server for the browser tests on a fresh, seeded database in a
// temporary folder (and the test webhook the chat talks to, and a real SMTP server the app sends
// its e-mails to). Stops everything on exit.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { E2E_ADMIN, E2E_SESSION_SECRET, e2eDatabaseUrl } from "../tests/helpers/e2e-env.ts";
import { startS3rver } from "../tests/helpers/s3rver.ts";
import { startWebhookServer } from "../tests/helpers/webhook-server.ts";
import { e2eMailboxFile, startSmtpServer } from "../tests/helpers/smtp-server.ts";
import { productionServerArgs } from "./lib/server-process.ts";

const root = new URL("..", import.meta.url).pathname;
const port = process.env.E2E_PORT || "4173";
// playwright.config.ts picks the folder (E2E_DIR) so the tests can reach the same database.
const dir = process.env.E2E_DIR || mkdtempSync(join(tmpdir(), "e2e-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATABASE_URL: e2eDatabaseUrl(dir),
  UPLOADS_DIR: join(dir, "uploads"),
  SESSION_SECRET: E2E_SESSION_SECRET,
  SITE_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  E2E: "1",
  // The least bcrypt cost: the browser tests create and sign in accounts many times.
  BCRYPT_COST: process.env.BCRYPT_COST || "4",
};

// The chat's automation webhook: a local stand-in (modes chosen per message, see the helper).
// Messages with "modo:slow" wait 2.5 s, long enough to see the typing indicator.
const webhook = await startWebhookServer({ WEBHOOK_SLOW_MS: "2500" });
env.CHAT_WEBHOOK_URL = webhook.url;

// E-mail (invitations, password resets) goes to a real SMTP server; the browser tests read its
// mailbox at the address written to e2eMailboxFile(port).
const smtp = await startSmtpServer();
env.SMTP_URL = smtp.url;
writeFileSync(e2eMailboxFile(port), JSON.stringify({ mailboxUrl: smtp.mailboxUrl }));

// E2E_S3=1: uploads go to a real S3-protocol server (s3rver) instead of the local disk.
const s3 = process.env.E2E_S3 === "1" ? await startS3rver() : null;
if (s3) Object.assign(env, { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey });

const children: ChildProcess[] = [];
function run(script: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script)], { env: { ...env, ...extraEnv }, stdio: "inherit", cwd: root });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`))));
  });
}
/**
 * Starts a server process. Its log goes to this process's stdout (which Playwright shows only with
 * E2E_VERBOSE=1), and its error lines also to stderr, which Playwright always shows: a browser test
 * that fails on a 500 then has the server's reason beside it, in CI's output too.
 */
function start(args: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "inherit"], cwd: root });
  createInterface({ input: child.stdout! }).on("line", (line) => {
    process.stdout.write(`${line}\n`);
    if (/"level":"(error|fatal)"/.test(line)) process.stderr.write(`${line}\n`);
  });
  children.push(child);
  return child;
}
function stopAll() {
  for (const c of children) c.kill("SIGTERM");
  void webhook.stop();
  void smtp.stop();
  rmSync(e2eMailboxFile(port), { force: true });
  void s3?.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.on("SIGTERM", () => {
  stopAll();
  process.exit(0);
});
process.on("SIGINT", () => {
  stopAll();
  process.exit(0);
});
process.on("exit", stopAll);

await run("scripts/migrate.ts");
await run("scripts/seed.ts");
const server = start(productionServerArgs());
server.on("exit", (code) => {
  console.error(`server exited with ${code}`);
  process.exit(1);
});
