// A save that finds the session ended: the admin guard keeps what the form posted (on the server,
// for an hour, tied to a random id in this browser's cookie), the sign-in page says why it appeared
// and which files could not be kept, signing in ties the draft to that account, and the form's
// page hands it back once (nobody else's sign-in, no other page, no later visit gets it). Account
// forms (passwords, codes) are never kept, and nothing is saved by itself.
import { describe, expect, it } from "vitest";

const { db } = await import("~/lib/db.server");
const { call, createUser, PASSWORD, underAdminLayout } = await import("./admin-fixtures");
const { cookiesFrom, formRequest, getRequest, routeArgs } = await import("../helpers/request");
const adminLayout = await import("~/routes/admin");
const portfolio = await import("~/routes/admin.portfolio");
const settings = await import("~/routes/admin.configuracoes");
const account = await import("~/routes/admin.conta");
const uploadRoute = await import("~/routes/admin.midia.enviar");
const login = await import("~/routes/admin_.login");
const { requestInfoContext } = await import("~/lib/request-info.server");

/** The `name=value` of the draft cookie a response set ("" when none). */
const draftCookieOf = (response: Response) =>
  cookiesFrom(response)
    .split("; ")
    .find((pair) => pair.startsWith("__admin_draft=") && pair !== "__admin_draft=") ?? "";
const sessionCookieOf = (response: Response) =>
  cookiesFrom(response)
    .split("; ")
    .find((pair) => pair.startsWith("__admin_session=") && pair !== "__admin_session=") ?? "";

async function loginPage(cookie: string) {
  return (await login.loader(routeArgs(getRequest("/admin/login", { cookie })) as never)) as { keptDraft: { files: string[] } | null };
}

/** Signs `email` in through the sign-in form, with the browser's other cookies; returns the session cookie. */
async function signInWith(email: string, cookie: string): Promise<string> {
  const args = routeArgs(formRequest("/admin/login", { email, password: PASSWORD, redirectTo: "/admin/dashboard" }, { cookie }));
  args.context.set(requestInfoContext, { ip: "203.0.113.90", requestId: "t" });
  const response = (await login.action(args as never)) as Response;
  expect(response.status).toBe(302);
  return sessionCookieOf(response);
}

/** The layout's data for a page (what the page's form reads its restored draft from). */
async function layoutFor(path: string, cookie: string) {
  return (await underAdminLayout(adminLayout.loader as never)(routeArgs(getRequest(path, { cookie })) as never)) as {
    restoredDraft: { values: Record<string, string | string[]>; files: string[] } | null;
  };
}

async function existingProject() {
  return db.portfolioItem.create({
    data: { title: "Projeto guardado", category: "IA", description: "Descrição.", result: "Resultado.", images: [], videos: [] },
  });
}

describe("a save after the session ended", () => {
  it("is kept, named on the sign-in page, claimed by the sign-in, and handed back once to the form it came from", async () => {
    const user = await createUser();
    const item = await existingProject();
    const path = `/admin/portfolio?editar=${item.id}`;
    const posted = new FormData();
    for (const [name, value] of [
      ["id", item.id],
      ["title", "Título escrito com a sessão encerrada"],
      ["category", "IA"],
      ["description", "Descrição nova."],
      ["result", "Resultado novo."],
      ["images", "https://exemplo.com.br/a.png"],
      ["images", "https://exemplo.com.br/b.png"],
    ])
      posted.append(name, value!);
    posted.append("cover_image", new File([new Uint8Array(64)], "capa-nova.png", { type: "image/png" }));
    const refused = (await call(portfolio.action as never, formRequest(path, posted))) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    const draft = draftCookieOf(refused);
    expect(draft).not.toBe("");
    // Nothing was saved, and no file bytes were kept.
    expect((await db.portfolioItem.findUniqueOrThrow({ where: { id: item.id } })).title).toBe("Projeto guardado");
    const row = await db.formDraft.findFirstOrThrow({ where: { path } });
    expect(row.userId).toBeNull();
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(JSON.parse(row.files)).toEqual(["capa-nova.png"]);
    // The table keeps the id's hash, never the id the browser holds.
    expect(row.id).not.toBe(decodeURIComponent(draft.slice("__admin_draft=".length)));

    expect((await loginPage(draft)).keptDraft).toEqual({ files: ["capa-nova.png"] });
    expect((await loginPage("")).keptDraft).toBeNull();

    const session = await signInWith(user.email, draft);
    expect((await db.formDraft.findFirstOrThrow({ where: { path } })).userId).toBe(user.id);
    // Claimed: the sign-in page no longer speaks of it.
    expect((await loginPage(draft)).keptDraft).toBeNull();

    const cookie = `${session}; ${draft}`;
    // Another page of the admin does not take it.
    expect((await layoutFor("/admin/portfolio", cookie)).restoredDraft).toBeNull();
    const restored = (await layoutFor(path, cookie)).restoredDraft;
    expect(restored).toEqual({
      values: {
        id: item.id,
        title: "Título escrito com a sessão encerrada",
        category: "IA",
        description: "Descrição nova.",
        result: "Resultado novo.",
        images: ["https://exemplo.com.br/a.png", "https://exemplo.com.br/b.png"],
      },
      files: ["capa-nova.png"],
    });
    // Once: gone from the table, and never saved by itself.
    expect(await db.formDraft.count({ where: { path } })).toBe(0);
    expect((await layoutFor(path, cookie)).restoredDraft).toBeNull();
    expect((await db.portfolioItem.findUniqueOrThrow({ where: { id: item.id } })).title).toBe("Projeto guardado");
  });

  it("is never another person's: someone else signing in later, or another browser with the same account, gets nothing", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const refused = (await call(settings.action as never, formRequest("/admin/configuracoes", { email: "contato@exemplo.com.br" }))) as Response;
    const draft = draftCookieOf(refused);
    expect(draft).not.toBe("");
    const ownerSession = await signInWith(owner.email, draft);
    // The same browser, someone else signing in after: the draft is already the owner's.
    const otherSession = await signInWith(other.email, draft);
    expect((await layoutFor("/admin/configuracoes", `${otherSession}; ${draft}`)).restoredDraft).toBeNull();
    // The owner in another browser (without the draft's cookie): nothing either.
    expect((await layoutFor("/admin/configuracoes", ownerSession)).restoredDraft).toBeNull();
    expect((await layoutFor("/admin/configuracoes", `${ownerSession}; ${draft}`)).restoredDraft?.values).toEqual({ email: "contato@exemplo.com.br" });
  });

  it("past its hour it is gone", async () => {
    const user = await createUser();
    const refused = (await call(settings.action as never, formRequest("/admin/configuracoes", { email: "velho@exemplo.com.br" }))) as Response;
    const draft = draftCookieOf(refused);
    await db.formDraft.updateMany({ where: { path: "/admin/configuracoes", userId: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await loginPage(draft)).keptDraft).toBeNull();
    const session = await signInWith(user.email, draft);
    expect((await layoutFor("/admin/configuracoes", `${session}; ${draft}`)).restoredDraft).toBeNull();
  });

  it("keeps no account form (passwords, codes): those posts only lead to the sign-in", async () => {
    const before = await db.formDraft.count();
    const accountForms: Record<string, string>[] = [
      { intent: "password", currentPassword: "senha-atual-123", password: "nova-senha-123", passwordConfirmation: "nova-senha-123" },
      { intent: "2fa-confirm", code: "123456" },
    ];
    for (const fields of accountForms) {
      const refused = (await call(account.action as never, formRequest("/admin/conta", fields))) as Response;
      expect(refused.status).toBe(302);
      expect(draftCookieOf(refused)).toBe("");
    }
    // Nor a list action (a deletion is not something typed), nor a file sent ahead of a save by the upload route.
    const deletion = (await call(portfolio.action as never, formRequest("/admin/portfolio", { intent: "delete", id: "x" }))) as Response;
    expect(draftCookieOf(deletion)).toBe("");
    const upload = (await call(
      uploadRoute.action as never,
      formRequest("/admin/midia/enviar?destino=portfolio%3Acover_image", { file: new File([new Uint8Array(16)], "x.png", { type: "image/png" }) }),
    )) as Response;
    expect(upload.status).toBe(302);
    expect(draftCookieOf(upload)).toBe("");
    expect(await db.formDraft.count()).toBe(before);
    expect(JSON.stringify(await db.formDraft.findMany())).not.toContain("nova-senha-123");
  });

  it("cannot be used to fill the table: at most 10 drafts per address an hour, and none over 4 MB", async () => {
    await db.rateLimit.deleteMany(); // the tests above posted from the same (test) address
    const kept = async () => (await db.formDraft.findMany()).filter((draft) => draft.fields.includes("Rascunho")).length;
    const post = (title: string, long = "") => {
      const form = new FormData();
      form.append("title", title);
      form.append("category", "IA");
      if (long) for (const name of ["description", "result", "images"]) form.append(name, long);
      return call(portfolio.action as never, formRequest("/admin/portfolio", form)) as Promise<Response>;
    };
    // Anyone can post to an admin page without a session: a flood from one address keeps ten.
    for (let i = 0; i < 15; i++) expect((await post(`Rascunho ${i}`)).status).toBe(302);
    expect(await kept()).toBe(10);
    // A post too large to keep is not kept (and the visitor is still sent to the sign-in).
    await db.rateLimit.deleteMany();
    const huge = await post("Rascunho grande", "x".repeat(1.5 * 1024 * 1024));
    expect(huge.status).toBe(302);
    expect(draftCookieOf(huge)).toBe("");
    expect(await kept()).toBe(10);
  });
});
