// The LGPD on leads: "Exportar dados" downloads everything kept about the person (every lead with
// the same e-mail or phone, transcripts and notes), "Excluir" (after its confirmation) deletes all
// of it with the chat's no-JavaScript copy, each written to the activity log without the
// person's data; the housekeeping deletes leads older than LEADS_RETENTION_MONTHS; Configurações
// turns storing off. Only admins reach the export and the delete.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { sweepExpiredRows } from "~/lib/housekeeping.server";
import { leadsCutoff } from "~/lib/leads/privacy.server";
import * as settings from "~/routes/admin.configuracoes";
import * as exportRoute from "~/routes/admin.contatos_.$id_.exportar";
import * as leadPage from "~/routes/admin.contatos_.$id";
import { call, formRequest, getRequest, responseOf, signedIn, underAdminLayout } from "./admin-fixtures";

type Handler = (args: { params: Record<string, string> }) => Promise<unknown>;
const withId =
  (handler: unknown, id: string): Handler =>
  (args) =>
    (handler as Handler)({ ...args, params: { id } });

const PAYLOAD = `<img src=x onerror="alert(1)"><script>alert("x")</script>`;

beforeEach(async () => {
  await db.lead.deleteMany();
  await db.chatConversation.deleteMany();
});

async function seedPerson() {
  const session = crypto.randomUUID();
  const form = await db.lead.create({
    data: {
      kind: "contato",
      name: PAYLOAD,
      email: "Maria@Exemplo.com.br",
      phone: "(11) 98765-4321",
      message: "Quero um site",
      searchText: "maria@exemplo.com.br 11987654321",
    },
  });
  const diagnostic = await db.lead.create({ data: { kind: "diagnostico", name: "Maria", phone: "11 98765 4321", searchText: "maria 11987654321" } });
  const chat = await db.lead.create({
    data: {
      kind: "chat",
      chatSessionId: session,
      email: "maria@exemplo.com.br",
      searchText: "maria@exemplo.com.br oi",
      messages: {
        create: [
          { role: "user", content: "oi" },
          { role: "assistant", content: "Olá!" },
        ],
      },
    },
  });
  await db.chatConversation.create({ data: { id: session, messages: [{ role: "user", content: "oi" }] } });
  await db.leadNote.create({ data: { leadId: form.id, authorEmail: "ana@exemplo.com.br", text: "Ligar amanhã" } });
  const other = await db.lead.create({
    data: { kind: "contato", name: "Outra Pessoa", email: "outra@exemplo.com.br", phone: "(21) 91234-5678", searchText: "outra@exemplo.com.br 21912345678" },
  });
  return { form, diagnostic, chat, other, session };
}

describe("Exportar dados", () => {
  it("downloads JSON of everything kept about the person, and logs it without their data", async () => {
    const { cookie } = await signedIn();
    const { form, diagnostic, chat } = await seedPerson();
    const response = await responseOf(withId(exportRoute.loader, form.id) as never, getRequest(`/admin/contatos/${form.id}/exportar`, { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="contato-/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json();
    expect(body.leads.map((lead: { id: string }) => lead.id).sort()).toEqual([form.id, diagnostic.id, chat.id].sort());
    const exportedForm = body.leads.find((lead: { id: string }) => lead.id === form.id);
    // The name is data in the file, exactly as typed.
    expect(exportedForm.name).toBe(PAYLOAD);
    expect(exportedForm.notes).toEqual([expect.objectContaining({ text: "Ligar amanhã", authorEmail: "ana@exemplo.com.br" })]);
    expect(body.leads.find((lead: { id: string }) => lead.id === chat.id).messages.map((m: { content: string }) => m.content)).toEqual(["oi", "Olá!"]);
    const entry = await db.activityEntry.findFirstOrThrow({ where: { section: "contatos", action: "export_data" } });
    expect(JSON.stringify(entry)).not.toMatch(/maria|98765|img/i);
  });

  it("is only for admins", async () => {
    const { form } = await seedPerson();
    const anonymous = await responseOf(underAdminLayout(withId(exportRoute.loader, form.id) as never), getRequest(`/admin/contatos/${form.id}/exportar`));
    expect(anonymous.status).toBe(302);
    const { cookie } = await signedIn({ admin: false });
    const refused = await responseOf(
      underAdminLayout(withId(exportRoute.loader, form.id) as never),
      getRequest(`/admin/contatos/${form.id}/exportar`, { cookie }),
    );
    expect(refused.headers.get("Location")).toBe("/admin/login");
  });
});

describe("Excluir", () => {
  it("asks first (?excluir), then deletes every lead, message, note and chat copy of the person, and logs it without their data", async () => {
    const { cookie } = await signedIn();
    const { form, other, session } = await seedPerson();
    const confirm = (await call(withId(leadPage.loader, form.id) as never, getRequest(`/admin/contatos/${form.id}?excluir`, { cookie }))) as unknown as {
      confirmDelete: boolean;
    };
    expect(confirm.confirmDelete).toBe(true);
    expect(await db.lead.count()).toBe(4);
    const response = await responseOf(
      withId(leadPage.action, form.id) as never,
      formRequest(`/admin/contatos/${form.id}`, { intent: "delete", id: form.id }, { cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/contatos");
    expect((await db.lead.findMany()).map((lead) => lead.id)).toEqual([other.id]);
    expect(await db.leadMessage.count()).toBe(0);
    expect(await db.leadNote.count()).toBe(0);
    expect(await db.chatConversation.findUnique({ where: { id: session } })).toBeNull();
    const entry = await db.activityEntry.findFirstOrThrow({ where: { section: "contatos", action: "delete" } });
    expect(entry.summary).toBe("Dados pessoais excluídos: 3 registros");
    expect(JSON.stringify(entry)).not.toMatch(/maria|98765|img/i);
  });

  it("is only for admins", async () => {
    const { form } = await seedPerson();
    const { cookie } = await signedIn({ admin: false });
    const refused = await responseOf(
      underAdminLayout(withId(leadPage.action, form.id) as never),
      formRequest(`/admin/contatos/${form.id}`, { intent: "delete" }, { cookie }),
    );
    expect(refused.headers.get("Location")).toBe("/admin/login");
    expect(await db.lead.count()).toBe(4);
  });
});

describe("retention", () => {
  it("the housekeeping deletes leads older than LEADS_RETENTION_MONTHS with their transcripts and notes", async () => {
    const now = new Date("2026-06-15T12:00:00Z");
    const cutoff = leadsCutoff(now);
    expect(cutoff.toISOString()).toBe("2025-06-15T12:00:00.000Z");
    const old = await db.lead.create({
      data: {
        kind: "chat",
        createdAt: new Date(cutoff.getTime() - 1000),
        messages: { create: [{ role: "user", content: "antigo" }] },
        notes: { create: [{ authorEmail: "a@b.c", text: "x" }] },
      },
    });
    const kept = await db.lead.create({ data: { kind: "contato", createdAt: new Date(cutoff.getTime() + 1000) } });
    expect((await sweepExpiredRows(now)).leads).toBe(1);
    expect(await db.lead.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.leadMessage.count({ where: { leadId: old.id } })).toBe(0);
    expect(await db.leadNote.count({ where: { leadId: old.id } })).toBe(0);
    expect(await db.lead.findUnique({ where: { id: kept.id } })).not.toBeNull();
  });
});

describe("Guardar contatos no painel", () => {
  it("turns storing off and on from Configurações", async () => {
    const { cookie } = await signedIn();
    const post = (fields: Record<string, string>) => responseOf(settings.action as never, formRequest("/admin/configuracoes?contatos", fields, { cookie }));
    expect((await post({})).status).toBe(302);
    expect((await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).storeLeads).toBe(false);
    const page = (await call(settings.loader as never, getRequest("/admin/configuracoes", { cookie }))) as unknown as { storeLeads: boolean };
    expect(page.storeLeads).toBe(false);
    await post({ store_leads: "on" });
    expect((await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).storeLeads).toBe(true);
  });
});
