// Lead notifications through a real SMTP server (tests/helpers/smtp-server.ts): a staff member who
// asked on /admin/conta is e-mailed on every new lead and on new messages in a chat they hold; the
// e-mail names the lead and links to it, and never carries what the person wrote; staff who did
// not ask, or may not see leads, get nothing. The app reads SMTP_URL when its modules load, so the
// server starts first and the app's modules are imported after it.
import { afterAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { readMailbox, startSmtpServer, waitForMail, linkIn } from "../helpers/smtp-server";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
afterAll(() => smtp.stop());

const { db } = await import("~/lib/db.server");
const { requestInfoContext } = await import("~/lib/request-info.server");
const { call, signedIn, createUser } = await import("./admin-fixtures");
const { cookiesFrom, formRequest, ORIGIN } = await import("../helpers/request");
const account = await import("~/routes/admin.conta");
const contato = await import("~/routes/_site.contato");
const chat = await import("~/routes/api.chat");
const { takeOver } = await import("~/lib/leads/takeover.server");

let addresses = 0;
function args(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: `192.0.2.${++addresses}`, requestId: "t" });
  return { request, params: {}, context, unstable_pattern: "" } as never;
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    return (await promise) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const SECRET = "texto-secreto-da-mensagem";

describe("lead notifications", () => {
  it("a staff member who asks on /admin/conta is e-mailed on each new lead, with its name and link and without its text", async () => {
    const staff = await signedIn();
    const quiet = await createUser();
    const outsider = await createUser({ admin: false });
    await db.user.update({ where: { id: outsider.id }, data: { notifyNewLeads: true } });
    const saved = (await call(account.action as never, formRequest("/admin/conta?avisos", { novos: "on" }, { cookie: staff.cookie }))) as Response;
    expect(saved.status).toBe(302);
    expect(await db.user.findUniqueOrThrow({ where: { id: staff.user.id } })).toMatchObject({ notifyNewLeads: true, notifyHeldMessages: false });

    const since = Date.now();
    const name = `<script>alert(1)</script> Maria ${addresses}`;
    const response = await thrown(
      contato.action(args(formRequest("/contato", { name, email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: `Olá ${SECRET}` }))),
    );
    expect(response.status).toBe(302);
    const mail = await waitForMail(smtp.mailboxUrl, staff.user.email, since);
    const lead = await db.lead.findFirstOrThrow({ where: { name } });
    expect(mail.subject).toBe(`Novo contato pelo site — Contato: ${name}`);
    expect(linkIn(mail)).toBe(`http://localhost:3000/admin/contatos/${lead.id}`);
    expect(mail.text).not.toContain(SECRET);
    expect(mail.html).not.toContain(SECRET);
    // The name is text in the HTML part: escaped, never markup.
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    const everyone = (await readMailbox(smtp.mailboxUrl)).filter((m) => m.receivedAt >= since);
    expect(everyone.some((m) => m.to.includes(quiet.email.toLowerCase()))).toBe(false);
    expect(everyone.some((m) => m.to.includes(outsider.email.toLowerCase()))).toBe(false);
  });

  it("the holder of a chat who asked is e-mailed on the visitor's new messages, without their text", async () => {
    const staff = await signedIn();
    await call(account.action as never, formRequest("/admin/conta?avisos", { conversas: "on" }, { cookie: staff.cookie }));
    const jsonChat = (message: string, cookie?: string) =>
      new Request(`${ORIGIN}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ message }),
      });
    const first: Response = await chat.action(args(jsonChat("Olá")));
    const cookie = cookiesFrom(first).split(";")[0]!;
    const lead = await db.lead.findFirstOrThrow({ where: { kind: "chat" }, orderBy: { createdAt: "desc" } });
    await takeOver(lead.id, staff.user);
    const since = Date.now();
    const held: Response = await chat.action(args(jsonChat(`Ainda está aí? ${SECRET}`, cookie)));
    expect(await held.json()).toEqual({ held: true });
    const mail = await waitForMail(smtp.mailboxUrl, staff.user.email, since);
    expect(mail.subject).toBe("Nova mensagem na conversa que você assumiu — Chat: visitante do chat");
    expect(linkIn(mail)).toBe(`http://localhost:3000/admin/contatos/${lead.id}`);
    expect(mail.text).not.toContain(SECRET);
  });
});
