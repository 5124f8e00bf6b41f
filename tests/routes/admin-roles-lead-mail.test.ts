// Lead e-mails follow the roles (app/lib/admin/permissions.ts): someone whose role may see the
// leads (Administrador, Atendimento) and asked for them is e-mailed about a new lead and about a
// conversation they hold; an Editor never is, even with the option ticked (set before their role
// changed, or by hand). Through a real SMTP server (tests/helpers/smtp-server.ts), started before
// the app's modules load, since the app reads SMTP_URL then.
import { afterAll, describe, expect, it } from "vitest";
import { readMailbox, startSmtpServer, waitForMail } from "../helpers/smtp-server";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
afterAll(() => smtp.stop());

const { db } = await import("~/lib/db.server");
const { createUser, underAdminLayout } = await import("./admin-fixtures");
const { createUserSession } = await import("~/lib/session.server");
const { formRequest, getRequest, routeArgs } = await import("../helpers/request");
const account = await import("~/routes/admin.conta");
const { notifyHeldMessage, notifyNewLead } = await import("~/lib/leads/notify.server");

async function person(role: string, email: string) {
  const user = await createUser({ admin: false, email });
  await db.userRole.create({ data: { userId: user.id, role } });
  return db.user.update({ where: { id: user.id }, data: { notifyNewLeads: true, notifyHeldMessages: true } });
}

describe("lead e-mails and roles", () => {
  it("go to Atendimento and administrators who asked, never to an Editor", async () => {
    const sales = await person("atendimento", "vendas@agencia.com.br");
    const editor = await person("editor", "redacao@agencia.com.br");
    const admin = await person("admin", "dona@agencia.com.br");
    const since = Date.now();
    const lead = await db.lead.create({ data: { kind: "contato", name: "Maria", email: "maria@exemplo.com.br", message: "texto" } });
    await notifyNewLead(lead.id);
    await waitForMail(smtp.mailboxUrl, sales.email, since);
    await waitForMail(smtp.mailboxUrl, admin.email, since);

    // A conversation held by someone who became an Editor: no e-mail about it either.
    const held = await db.lead.create({ data: { kind: "chat", name: "", heldById: editor.id } });
    await notifyHeldMessage(held.id);
    const heldBySales = await db.lead.create({ data: { kind: "chat", name: "", heldById: sales.id } });
    await notifyHeldMessage(heldBySales.id);
    await waitForMail(smtp.mailboxUrl, sales.email, Date.now() - 1000);

    const toEditor = (await readMailbox(smtp.mailboxUrl)).filter((mail) => mail.to.includes(editor.email));
    expect(toEditor).toEqual([]);
  });

  it("are offered on Minha conta only to those whose role reads the leads; an Editor's post changes nothing", async () => {
    for (const [role, offered] of [
      ["atendimento", true],
      ["admin", true],
      ["editor", false],
    ] as const) {
      const user = await person(role, `avisos-${role}@agencia.com.br`);
      const cookie = (await createUserSession(user.id)).split(";")[0]!;
      const page = (await underAdminLayout(account.loader as never)(routeArgs(getRequest("/admin/conta", { cookie })))) as { leadNotifications: unknown };
      expect(page.leadNotifications !== null, role).toBe(offered);
    }
    const editor = await db.user.findUniqueOrThrow({ where: { email: "avisos-editor@agencia.com.br" } });
    await db.user.update({ where: { id: editor.id }, data: { notifyNewLeads: false } });
    const cookie = (await createUserSession(editor.id)).split(";")[0]!;
    await underAdminLayout(account.action as never)(routeArgs(formRequest("/admin/conta?avisos", { novos: "on" }, { cookie }))).catch(
      (thrown: unknown) => thrown,
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: editor.id } })).notifyNewLeads).toBe(false);
  });
});
