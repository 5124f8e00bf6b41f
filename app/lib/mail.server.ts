// Outgoing e-mail (team invitations, password resets) through SMTP with nodemailer, configured by
// SMTP_URL and MAIL_FROM. Each message has a plain-text part and a simple HTML part, in pt-BR.
//
// Without SMTP_URL nothing is sent. In development, the tests and the demo the message is written
// to the server log instead (the links in it are how a developer follows the flow); in production
// it is not, because a log that holds sign-in links would let whoever reads the logs in. The team
// page then offers each link to copy (see `emailConfigured`).
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";
import { errorFields, log } from "./logger.server.ts";

export interface Message {
  to: string;
  subject: string;
  /** Paragraphs of the message; a link is given separately so both parts show it. */
  paragraphs: string[];
  link: { label: string; url: string };
  /** A closing note below the link (who sent it, what to do if it was not expected). */
  footer: string;
}

let transport: Transporter | null = null;

/** Whether messages really leave the server (SMTP_URL is set). */
export function emailConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

function sender(): string {
  return env.MAIL_FROM ?? `Wind Digital <nao-responda@${new URL(env.SITE_URL).hostname}>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The plain-text and HTML bodies of a message. */
function renderMessage(message: Message): { text: string; html: string } {
  const text = [...message.paragraphs, `${message.link.label}: ${message.link.url}`, message.footer].join("\n\n");
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
${message.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(message.link.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(message.link.label)}</a></p>
<p style="font-size:13px;color:#475569">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(message.link.url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(message.footer)}</p>
</body></html>`;
  return { text, html };
}

/**
 * Sends the message. Returns whether it was handed to the SMTP server; never throws (a failure is
 * logged: the caller's answer must not depend on the mail server, nor reveal it).
 */
export async function sendMail(message: Message): Promise<boolean> {
  const { text, html } = renderMessage(message);
  if (!env.SMTP_URL) {
    if (env.NODE_ENV !== "production") {
      log("info", "e-mail not sent (SMTP_URL unset)", { to: message.to, subject: message.subject, text });
    }
    return false;
  }
  try {
    transport ??= nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail({ from: sender(), to: message.to, subject: message.subject, text, html });
    return true;
  } catch (error) {
    log("error", "e-mail not sent", errorFields(error));
    return false;
  }
}
