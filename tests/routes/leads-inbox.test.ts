// /admin/contatos and /admin/contatos/<id>: the inbox lists every lead newest first with its
// kind, name, contact, status, owner, attribution and age, filtered by status, kind, owner,
// period and a search (all in the address); on a lead's page status, owner and notes persist as
// a timeline that names who and when, and the first of them is the time to first response. Only
// admins reach them (the admin layout's guard); the dashboard's card counts the new leads.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import * as dashboard from "~/routes/admin.dashboard";
import * as inbox from "~/routes/admin.contatos";
import * as leadPage from "~/routes/admin.contatos_.$id";
import { call, dataOf, expectGuarded, formRequest, getRequest, responseOf, signedIn, toastOf, underAdminLayout } from "./admin-fixtures";

/** What a loader returned (a plain object, or the body of its data()). */
async function loaded(handler: unknown, request: Request): Promise<Record<string, unknown>> {
  const result = (await call(handler as never, request)) as unknown as Record<string, unknown>;
  if (result instanceof Response) throw new Error(`expected data, got Response ${result.status}`);
  return "data" in result && "init" in result ? (result.data as Record<string, unknown>) : result;
}

type LeadPageData = Exclude<Awaited<ReturnType<typeof leadPage.loader>>, { init: unknown }>;

type Handler = (args: { params: Record<string, string> }) => Promise<unknown>;
/** The lead page's loader or action for lead `id` (its route param, as the router passes it). */
const withId =
  (handler: unknown, id: string): Handler =>
  (args) =>
    (handler as Handler)({ ...args, params: { id } });

beforeEach(async () => {
  await db.lead.deleteMany();
});

const HOUR = 60 * 60 * 1000;

async function seedLeads() {
  const now = Date.now();
  const owner = await signedIn();
  await db.user.update({ where: { id: owner.user.id }, data: { name: "Ana Paula" } });
  const contact = await db.lead.create({
    data: {
      kind: "contato",
      name: "Maria Souza",
      email: "maria@exemplo.com.br",
      phone: "(11) 98765-4321",
      message: "Quero um site",
      source: "google.com",
      campaign: "google/cpc/verao",
      medium: "cpc",
      searchText: "maria souza maria@exemplo.com.br (11) 98765-4321 quero um site 11987654321",
      createdAt: new Date(now - 2 * HOUR),
      ownerId: owner.user.id,
      status: "em_atendimento",
    },
  });
  const diagnostic = await db.lead.create({
    data: {
      kind: "diagnostico",
      name: "João Lima",
      phone: "(21) 99876-5432",
      searchText: "joão lima (21) 99876-5432 21998765432",
      createdAt: new Date(now - HOUR),
      source: "direto",
    },
  });
  const chat = await db.lead.create({
    data: {
      kind: "chat",
      chatSessionId: crypto.randomUUID(),
      message: "Vocês fazem tráfego pago?",
      searchText: "vocês fazem tráfego pago?",
      createdAt: new Date(now - 40 * 24 * HOUR),
    },
  });
  return { owner, contact, diagnostic, chat };
}

async function list(query: string, cookie: string) {
  return (await loaded(inbox.loader, getRequest(`/admin/contatos${query}`, { cookie }))) as unknown as Awaited<ReturnType<typeof inbox.loader>>;
}

describe("the inbox", () => {
  it("lists leads newest first with kind, name, contact, status, owner, attribution and age", async () => {
    const { owner, contact, diagnostic, chat } = await seedLeads();
    const { rows, total } = await list("", owner.cookie);
    expect(total).toBe(3);
    expect(rows.map((row) => row.id)).toEqual([diagnostic.id, contact.id, chat.id]);
    expect(rows[1]).toMatchObject({
      kind: "Contato",
      name: "Maria Souza",
      contact: "(11) 98765-4321",
      status: "Em atendimento",
      owner: "Ana Paula",
      origin: "google.com · google/cpc/verao",
      age: "há 2 h",
    });
    expect(rows[0]).toMatchObject({ kind: "Diagnóstico", status: "Novo", owner: "", origin: "direto", age: "há 1 h" });
    expect(rows[2]).toMatchObject({ kind: "Chat", name: "Visitante do chat", preview: "Vocês fazem tráfego pago?" });
  });

  it("filters by status, kind, owner, period and search, all in the address", async () => {
    const { owner, contact, diagnostic, chat } = await seedLeads();
    const ids = async (query: string) => (await list(query, owner.cookie)).rows.map((row) => row.id);
    expect(await ids("?status=novo")).toEqual([diagnostic.id, chat.id]);
    expect(await ids("?tipo=chat")).toEqual([chat.id]);
    expect(await ids(`?responsavel=${owner.user.id}`)).toEqual([contact.id]);
    expect(await ids("?responsavel=ninguem")).toEqual([diagnostic.id, chat.id]);
    expect(await ids("?periodo=30")).toEqual([diagnostic.id, contact.id]);
    expect(await ids("?busca=MARIA@exemplo")).toEqual([contact.id]);
    expect(await ids("?busca=21998765432")).toEqual([diagnostic.id]);
    expect(await ids("?busca=(21) 99876")).toEqual([diagnostic.id]);
    expect(await ids("?busca=tráfego")).toEqual([chat.id]);
    expect(await ids("?status=ganho")).toEqual([]);
    // Unknown values are ignored, never an error.
    expect(await ids("?status=constructor&tipo=toString&periodo=999")).toHaveLength(3);
    expect((await list("?status=novo&tipo=chat", owner.cookie)).filters).toEqual({ status: "novo", tipo: "chat" });
  });

  it("is only for admins: anonymous visitors go to the sign-in, others are refused", async () => {
    const anonymous = await responseOf(underAdminLayout(inbox.loader), getRequest("/admin/contatos"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/contatos")}`);
    const { cookie } = await signedIn({ admin: false });
    const refused = await responseOf(underAdminLayout(inbox.loader), getRequest("/admin/contatos", { cookie }));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/login");
    const { contact } = await seedLeads();
    const page = await responseOf(underAdminLayout(withId(leadPage.loader, contact.id) as never), getRequest(`/admin/contatos/${contact.id}`));
    expect(page.status).toBe(302);
    await expectGuarded(withId(leadPage.action, contact.id) as never, `/admin/contatos/${contact.id}`, { intent: "note", text: "oi" });
    expect(await db.leadNote.count()).toBe(0);
  });

  it("the dashboard card counts the new leads", async () => {
    const { owner } = await seedLeads();
    const result = await loaded(dashboard.loader, getRequest("/admin/dashboard", { cookie: owner.cookie }));
    expect(result.newLeads).toBe(2);
  });
});

describe("a lead's page", () => {
  const post = (id: string, fields: Record<string, string>, cookie: string) =>
    responseOf(withId(leadPage.action, id) as never, formRequest(`/admin/contatos/${id}`, fields, { cookie }));

  async function page(id: string, cookie: string) {
    return { body: await loaded(withId(leadPage.loader, id), getRequest(`/admin/contatos/${id}`, { cookie })) };
  }

  it("status, owner and notes persist as a timeline (who, when); the first change is the first response", async () => {
    const { owner, diagnostic } = await seedLeads();
    const args = (fields: Record<string, string>) => post(diagnostic.id, fields, owner.cookie);
    let response = await args({ intent: "status", status: "em_atendimento" });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Status salvo" });
    const afterFirst = await db.lead.findUniqueOrThrow({ where: { id: diagnostic.id } });
    expect(afterFirst.status).toBe("em_atendimento");
    expect(afterFirst.firstResponseAt).not.toBeNull();
    response = await args({ intent: "owner", ownerId: owner.user.id });
    expect(response.status).toBe(302);
    response = await args({ intent: "note", text: "Liguei, pediu retorno amanhã." });
    expect(response.status).toBe(302);
    const after = await db.lead.findUniqueOrThrow({ where: { id: diagnostic.id }, include: { notes: { orderBy: { id: "asc" } } } });
    expect(after.ownerId).toBe(owner.user.id);
    // The first response stays the first change's time.
    expect(after.firstResponseAt).toEqual(afterFirst.firstResponseAt);
    expect(after.notes.map((note) => [note.kind, note.text, note.authorEmail])).toEqual([
      ["status", "Status: Novo → Em atendimento", owner.user.email],
      ["owner", "Responsável: Ana Paula", owner.user.email],
      ["note", "Liguei, pediu retorno amanhã.", owner.user.email],
    ]);
    const { body } = await page(diagnostic.id, owner.cookie);
    const lead = (body as unknown as LeadPageData).lead!;
    expect(lead.notes).toHaveLength(3);
    expect(lead.firstResponse).toMatch(/min|h/);
    expect(lead.status).toBe("em_atendimento");
  });

  it("refuses an empty or too long note, an unknown status or owner, with a Portuguese message and the text kept", async () => {
    const { owner, diagnostic } = await seedLeads();
    const call = async (fields: Record<string, string>) =>
      dataOf(withId(leadPage.action, diagnostic.id) as never, formRequest(`/admin/contatos/${diagnostic.id}`, fields, { cookie: owner.cookie }));
    const long = "x".repeat(2001);
    const tooLong = await call({ intent: "note", text: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ errors: { text: ["A nota pode ter no máximo 2000 caracteres."] }, text: long });
    expect((await call({ intent: "note", text: "  " })).body).toMatchObject({ errors: { text: ["Escreva a nota antes de adicionar."] } });
    expect((await call({ intent: "status", status: "constructor" })).status).toBe(400);
    const { user: outsider } = await signedIn({ admin: false });
    expect((await call({ intent: "owner", ownerId: outsider.id })).body).toMatchObject({ errors: { ownerId: ["Escolha uma pessoa da equipe."] } });
    expect(await db.leadNote.count()).toBe(0);
    expect((await db.lead.findUniqueOrThrow({ where: { id: diagnostic.id } })).firstResponseAt).toBeNull();
  });

  it("opens the lead's WhatsApp with a short greeting naming the agency", async () => {
    const { owner, contact } = await seedLeads();
    const { body } = await page(contact.id, owner.cookie);
    const lead = (body as unknown as LeadPageData).lead!;
    expect(lead.whatsapp).toBe(
      `https://wa.me/5511987654321?text=${encodeURIComponent("Olá, Maria! Aqui é da Wind Digital. Recebemos seu contato pelo site e estamos à disposição.")}`,
    );
  });

  it("answers 404 for a lead that does not exist", async () => {
    const { owner } = await seedLeads();
    const result = await dataOf(withId(leadPage.loader, "nao-existe") as never, getRequest("/admin/contatos/nao-existe", { cookie: owner.cookie }));
    expect(result.status).toBe(404);
    const write = await post("nao-existe", { intent: "note", text: "oi" }, owner.cookie);
    expect(write.headers.get("Location")).toBe("/admin/contatos");
  });
});
