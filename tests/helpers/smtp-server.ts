// A real SMTP server for the tests (the smtp-server package), run as its own Node process by the
// route tests (startSmtpServer) and the browser tests (scripts/e2e-server.ts). The app sends to it
// with nodemailer exactly as to a provider's server; each message it receives is parsed
// (mailparser) and kept, and GET /messages on its small HTTP side lists them as JSON, so tests
// read what a person would find in their inbox. Any user name and password are accepted.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

async function serve() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: "teste" }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: mail.from?.text ?? "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            receivedAt: Date.now(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const http = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(received));
  });
  const listen = (server: { listen(port: number, host: string, cb: () => void): unknown; address?: unknown }, target: { address(): unknown }) =>
    new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => {
        const address = target.address();
        resolve(typeof address === "object" && address ? (address as { port: number }).port : 0);
      }),
    );
  const smtpPort = await listen(smtp, smtp.server);
  const httpPort = await listen(http, http);
  console.log(JSON.stringify({ smtpPort, httpPort }));
  const stop = () => smtp.close(() => http.close(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

export interface SmtpProcess {
  /** What SMTP_URL is set to (with a user name and password, as a provider's would have). */
  url: string;
  /** The mailbox's HTTP address (GET lists the messages). */
  mailboxUrl: string;
  messages(): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

/** Where scripts/e2e-server.ts writes the mailbox's address for the browser tests on `port`. */
export function e2eMailboxFile(port: string | number): string {
  return join(tmpdir(), `e2e-mailbox-${port}.json`);
}

/** Every message received so far at `mailboxUrl`. */
export async function readMailbox(mailboxUrl: string): Promise<ReceivedMail[]> {
  return (await fetch(mailboxUrl)).json() as Promise<ReceivedMail[]>;
}

/**
 * Waits for the newest message to `to` received after `since` (a Date.now() value), polling the
 * mailbox: the app hands some messages over in the background, after it has answered.
 */
export async function waitForMail(mailboxUrl: string, to: string, since = 0, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(mailboxUrl)).filter((mail) => mail.to.includes(to.toLowerCase()) && mail.receivedAt >= since).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link to this site's admin in a message's plain-text part. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/admin\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return link;
}

/** Starts the SMTP server as a separate Node process and waits until it listens. */
export async function startSmtpServer(): Promise<SmtpProcess> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const { smtpPort, httpPort } = await new Promise<{ smtpPort: number; httpPort: number }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`SMTP server exited with ${code}`)));
    lines.once("line", (line) => resolve(JSON.parse(line)));
  });
  const mailboxUrl = `http://127.0.0.1:${httpPort}/messages`;
  return {
    url: `smtp://teste:segredo@127.0.0.1:${smtpPort}`,
    mailboxUrl,
    messages: () => readMailbox(mailboxUrl),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void serve();
