// The activity log: every create, update, delete, reorder, upload, settings change, sign-in and
// sign-out through the real actions lands in activity_log with who, which section, which row and
// what changed; refused or failed changes add nothing; /admin/atividade filters by section and
// person; and a log that cannot be written never fails the change itself.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { db } from "~/lib/db.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { describeChanges, withLinks } from "~/lib/activity.server";
import { entryVerb } from "~/lib/activity";
import * as blog from "~/routes/admin.blog";
import * as logos from "~/routes/admin.client-logos";
import * as settings from "~/routes/admin.configuracoes";
import * as media from "~/routes/admin.midia";
import * as activity from "~/routes/admin.atividade";
import * as dashboard from "~/routes/admin.dashboard";
import { action as loginAction } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { site } from "~/content/site";
import { demoSettingsForm } from "../helpers/settings-form";
import { createUser, dataOf, formRequest, getRequest, PASSWORD, png, responseOf, routeArgs, signedIn, underAdminLayout } from "./admin-fixtures";

const post = { title: "Guia de tráfego pago", excerpt: "Resumo.", content: "<p>Primeira versão</p>", is_published: "on" };

async function latest() {
  return db.activityEntry.findFirstOrThrow({ orderBy: { id: "desc" } });
}

function loginRequest(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.9", requestId: "t" });
  return { request: formRequest("/admin/login", fields), params: {}, context, unstable_pattern: "" } as never;
}

describe("activity log", () => {
  it("records a post's creation, the fields an edit changed and its deletion, with who did it", async () => {
    const { user, cookie } = await signedIn();
    await responseOf(blog.action, formRequest("/admin/blog", { ...post, cover_image: png("capa.png") }, { cookie }));
    const row = await db.blogPost.findFirstOrThrow();
    const created = await latest();
    expect(created).toMatchObject({ actorEmail: user.email, section: "blog", action: "create", targetId: row.id, targetLabel: "Guia de tráfego pago" });
    expect(created.summary).toMatch(/^Arquivo enviado: capa-[a-z2-7]{13}\.png$/);

    await responseOf(
      blog.action,
      formRequest(
        "/admin/blog",
        { ...post, id: row.id, slug: row.slug, title: "Guia de tráfego pago 2027", content: "<p>Segunda versão</p>", is_published: "" },
        { cookie },
      ),
    );
    const updated = await latest();
    expect(updated).toMatchObject({ action: "update", targetId: row.id, targetLabel: "Guia de tráfego pago 2027" });
    expect(updated.summary).toContain("Título: “Guia de tráfego pago” → “Guia de tráfego pago 2027”");
    expect(updated.summary).toContain("Publicado: sim → não");
    expect(updated.summary).toContain("Alterou: Conteúdo");
    expect(updated.summary).not.toContain("Resumo");

    await responseOf(blog.action, formRequest("/admin/blog", { intent: "delete", id: row.id }, { cookie }));
    expect(await latest()).toMatchObject({ action: "delete", targetId: row.id, targetLabel: "Guia de tráfego pago 2027", actorEmail: user.email });
  });

  it("adds nothing for a refused save, an unknown row or a stale delete", async () => {
    const { cookie } = await signedIn();
    const before = await db.activityEntry.count();
    expect((await dataOf(logos.action, formRequest("/admin/client-logos", { client_name: "" }, { cookie }))).status).toBe(400);
    expect((await dataOf(logos.action, formRequest("/admin/client-logos", { intent: "delete", id: "nao-existe" }, { cookie }))).status).toBe(404);
    expect((await dataOf(logos.action, formRequest("/admin/client-logos", { intent: "reorder", id: "nao-existe", move: "up" }, { cookie }))).status).toBe(404);
    expect(await db.activityEntry.count()).toBe(before);
  });

  it("records a reorder with the new order, and the media library's uploads and deletions", async () => {
    const { user, cookie } = await signedIn();
    for (const name of ["Alfa", "Beta", "Gama"]) {
      await responseOf(logos.action, formRequest("/admin/client-logos", { client_name: name, logo_url: "https://cdn.example.com/l.png" }, { cookie }));
    }
    const gama = await db.clientLogo.findFirstOrThrow({ where: { clientName: "Gama" } });
    await responseOf(logos.action, formRequest("/admin/client-logos", { intent: "reorder", id: gama.id, move: "up" }, { cookie }));
    expect(await latest()).toMatchObject({
      section: "client-logos",
      action: "reorder",
      targetId: gama.id,
      targetLabel: "Gama",
      summary: "Da posição 3 para a 2. Nova ordem: Alfa, Gama, Beta",
    });

    await responseOf(media.action, formRequest("/admin/midia", { arquivo_blog: png("banner.png") }, { cookie }));
    const uploaded = await latest();
    expect(uploaded).toMatchObject({ actorEmail: user.email, section: "midia", action: "upload" });
    // Named by the file's name, not by where storage keeps it.
    expect(uploaded.targetLabel).toMatch(/^banner-[a-z2-7]{13}\.png$/);
    await responseOf(media.action, formRequest("/admin/midia", { intent: "delete", id: `blog-media/biblioteca/${uploaded.targetLabel}` }, { cookie }));
    expect(await latest()).toMatchObject({ section: "midia", action: "delete_file", targetLabel: uploaded.targetLabel });
  });

  it("records a settings change field by field", async () => {
    const { cookie } = await signedIn();
    const form = { ...demoSettingsForm, email: "contato@novo-dominio.com.br", hours: "Seg-Sex 8h-17h" };
    await responseOf(settings.action, formRequest("/admin/configuracoes", form, { cookie }));
    const entry = await latest();
    expect(entry).toMatchObject({ section: "configuracoes", action: "settings" });
    expect(entry.summary).toBe(`E-mail: “${site.email}” → “contato@novo-dominio.com.br”; Horário de atendimento: “${site.hours}” → “Seg-Sex 8h-17h”`);
  });

  it("names the row a drag moved, or the list when several rows moved, and the row moved to a position", async () => {
    const { cookie } = await signedIn();
    await db.clientLogo.deleteMany();
    for (const name of ["Alfa", "Beta", "Gama", "Delta"]) {
      await responseOf(logos.action, formRequest("/admin/client-logos", { client_name: name, logo_url: "https://cdn.example.com/l.png" }, { cookie }));
    }
    const id = new Map((await db.clientLogo.findMany()).map((row) => [row.clientName, row.id]));
    const order = (...names: string[]) => names.map((name) => id.get(name)!).join(",");
    const reorder = (fields: Record<string, string>) =>
      responseOf(logos.action, formRequest("/admin/client-logos", { intent: "reorder", ...fields }, { cookie }));

    // The browser's drag sends the whole order and the dragged row.
    await reorder({ order: order("Delta", "Alfa", "Beta", "Gama"), id: id.get("Delta")! });
    expect(await latest()).toMatchObject({
      action: "reorder",
      targetId: id.get("Delta"),
      targetLabel: "Delta",
      summary: "Da posição 4 para a 1. Nova ordem: Delta, Alfa, Beta, Gama",
    });
    // A whole order without the row: the one row whose place changed is found.
    await reorder({ order: order("Alfa", "Beta", "Delta", "Gama") });
    expect(await latest()).toMatchObject({
      targetId: id.get("Delta"),
      targetLabel: "Delta",
      summary: "Da posição 1 para a 3. Nova ordem: Alfa, Beta, Delta, Gama",
    });
    // Several rows moved: no single row to name; the sentence names the list.
    await reorder({ order: order("Gama", "Delta", "Beta", "Alfa") });
    const several = await latest();
    expect(several).toMatchObject({ targetId: null, targetLabel: null, summary: "Nova ordem: Gama, Delta, Beta, Alfa" });
    expect(entryVerb(several.action, several.targetLabel)).toBe("reordenou a lista");
    await reorder({ id: id.get("Alfa")!, position: "1" });
    const moved = await latest();
    expect(moved).toMatchObject({ targetLabel: "Alfa", summary: "Da posição 4 para a 1. Nova ordem: Alfa, Gama, Delta, Beta" });
    expect(entryVerb(moved.action, moved.targetLabel)).toBe("moveu");
    // Nothing changed: nothing logged.
    const count = await db.activityEntry.count();
    await reorder({ id: id.get("Alfa")!, position: "1" });
    expect(await db.activityEntry.count()).toBe(count);
  });

  it("links each entry to its row's edit form while the row exists, in every section with rows; plain text once deleted", async () => {
    const { cookie } = await signedIn();
    await responseOf(logos.action, formRequest("/admin/client-logos", { client_name: "Vai ficar", logo_url: "https://cdn.example.com/a.png" }, { cookie }));
    await responseOf(logos.action, formRequest("/admin/client-logos", { client_name: "Vai sair", logo_url: "https://cdn.example.com/b.png" }, { cookie }));
    const kept = await db.clientLogo.findFirstOrThrow({ where: { clientName: "Vai ficar" } });
    const gone = await db.clientLogo.findFirstOrThrow({ where: { clientName: "Vai sair" } });
    await responseOf(logos.action, formRequest("/admin/client-logos", { intent: "delete", id: gone.id }, { cookie }));
    await responseOf(blog.action, formRequest("/admin/blog", { ...post, title: "Post com link", cover_image: png() }, { cookie }));
    const postRow = await db.blogPost.findFirstOrThrow({ where: { title: "Post com link" } });

    const load = underAdminLayout(activity.loader as never);
    const page = (await load(routeArgs(getRequest("/admin/atividade", { cookie })))) as Awaited<ReturnType<typeof activity.loader>>;
    const hrefOf = (targetId: string) => page.entries.filter((entry) => entry.targetId === targetId).map((entry) => entry.href);
    expect(hrefOf(kept.id)).toEqual([`/admin/client-logos?editar=${kept.id}`]);
    expect(hrefOf(gone.id)).toEqual([null, null]);
    expect(hrefOf(postRow.id)).toEqual([`/admin/blog?editar=${postRow.id}`]);
    // Entries about no row (sign-in, settings) have no link.
    expect(page.entries.filter((entry) => !entry.targetId).every((entry) => entry.href === null)).toBe(true);

    // Every section whose rows have an edit form: an entry naming an existing row links to it.
    const rows = {
      portfolio: (await db.portfolioItem.create({ data: { title: "P", category: "IA", description: "d", result: "r", images: [], videos: [] } })).id,
      "led-panels": (await db.ledPanel.create({ data: { title: "L", description: "d", primaryFlow: "1", reach: "2", flow: "3" } })).id,
      "window-films-portfolio": (await db.windowFilmsProject.create({ data: { title: "W", category: "Corporativo", images: [], videos: [] } })).id,
      "window-films-testimonials": (await db.windowFilmsTestimonial.create({ data: { clientName: "T", testimonial: "t", rating: 5 } })).id,
      "client-logos": kept.id,
      "course-testimonials": (await db.courseTestimonial.create({ data: { studentName: "C", videoUrl: "/media/portfolio-media/v.mp4" } })).id,
      blog: postRow.id,
    };
    const entries = Object.entries(rows).map(([section, targetId]) => ({ section, targetId }));
    expect((await withLinks(entries)).map((entry) => entry.href)).toEqual(
      Object.entries(rows).map(([section, targetId]) => `/admin/${section}?editar=${targetId}`),
    );

    const home = (await underAdminLayout(dashboard.loader as never)(routeArgs(getRequest("/admin/dashboard", { cookie })))) as Awaited<
      ReturnType<typeof dashboard.loader>
    >;
    expect(home.activity![0]).toMatchObject({ targetId: postRow.id, href: `/admin/blog?editar=${postRow.id}` });
  });

  it("records sign-in and sign-out, and a failed sign-in with the e-mail typed but never the password", async () => {
    const user = await createUser({ email: "registro@agencia.com.br" });
    await dataOf(loginAction as never, formRequest("/admin/login", { email: user.email, password: "errada-secreta" })).catch(() => undefined);
    const failed = await db.activityEntry.findMany({ where: { actorEmail: user.email } });
    expect(failed).toMatchObject([{ section: "login", action: "sign_in_failed" }]);
    expect(JSON.stringify(failed)).not.toContain("errada-secreta");
    const response = (await loginAction(loginRequest({ email: user.email, password: PASSWORD }))) as Response;
    expect(response.status).toBe(302);
    expect(await latest()).toMatchObject({ actorEmail: user.email, section: "login", action: "sign_in" });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await logoutAction(routeArgs(formRequest("/admin/logout", {}, { cookie })));
    expect(await latest()).toMatchObject({ actorEmail: user.email, section: "login", action: "sign_out" });
  });

  it("lists the log newest first, filtered by section and person; the dashboard shows the latest", async () => {
    const ana = await signedIn();
    const bia = await signedIn();
    await responseOf(
      logos.action,
      formRequest("/admin/client-logos", { client_name: "Logo da Ana", logo_url: "https://cdn.example.com/a.png" }, { cookie: ana.cookie }),
    );
    await responseOf(blog.action, formRequest("/admin/blog", { ...post, title: "Post da Bia", cover_image: png() }, { cookie: bia.cookie }));
    const load = underAdminLayout(activity.loader as never);
    const all = (await load(routeArgs(getRequest("/admin/atividade", { cookie: ana.cookie })))) as Awaited<ReturnType<typeof activity.loader>>;
    expect(all.entries[0]).toMatchObject({ targetLabel: "Post da Bia", actorEmail: bia.user.email });
    expect(all.people).toEqual(expect.arrayContaining([ana.user.email, bia.user.email]));

    const bySection = (await load(routeArgs(getRequest("/admin/atividade?secao=client-logos", { cookie: ana.cookie })))) as typeof all;
    expect(bySection.entries.length).toBeGreaterThan(0);
    expect(bySection.entries.every((entry) => entry.section === "client-logos")).toBe(true);
    expect(bySection.filters).toEqual({ secao: "client-logos", pessoa: "" });

    const byPerson = (await load(routeArgs(getRequest(`/admin/atividade?pessoa=${encodeURIComponent(bia.user.email)}`, { cookie: ana.cookie })))) as typeof all;
    expect(byPerson.entries.map((entry) => entry.targetLabel)).toEqual(["Post da Bia"]);

    // An unknown section is no filter, not an error.
    const unknown = (await load(routeArgs(getRequest("/admin/atividade?secao=%3Cscript%3E", { cookie: ana.cookie })))) as typeof all;
    expect(unknown.filters.secao).toBe("");
    expect(unknown.total).toBe(all.total);
    // Nor is any name every object inherits: only the log's own sections filter.
    for (const inherited of [...Object.getOwnPropertyNames(Object.prototype), "__proto__", "prototype"]) {
      const loaded = (await load(routeArgs(getRequest(`/admin/atividade?secao=${encodeURIComponent(inherited)}`, { cookie: ana.cookie })))) as typeof all;
      expect(loaded.filters.secao, inherited).toBe("");
      expect(loaded.total, inherited).toBe(all.total);
    }

    const home = (await underAdminLayout(dashboard.loader as never)(routeArgs(getRequest("/admin/dashboard", { cookie: ana.cookie })))) as Awaited<
      ReturnType<typeof dashboard.loader>
    >;
    expect(home.activity![0]).toMatchObject({ targetLabel: "Post da Bia" });
    expect(home.activity!.length).toBeLessThanOrEqual(8);
  });

  it("summarises changes: short values quoted, long texts and files named, nothing when nothing changed", () => {
    expect(
      describeChanges(
        { title: "A", content: "x".repeat(200), coverImage: "/media/a.png", rating: 4 },
        { title: "B", content: "y".repeat(200), coverImage: "/media/b.png", rating: 4 },
      ),
    ).toBe("Título: “A” → “B”; Alterou: Conteúdo, Imagem de capa");
    expect(describeChanges({ clientRole: null }, { clientRole: "CEO" })).toBe("Cargo: (vazio) → “CEO”");
    expect(describeChanges({ title: "A" }, { title: "A" })).toBe("Nenhum campo alterado");
  });

  it("says an emptied field was removed (with what it held when short), not that it changed", () => {
    expect(
      describeChanges(
        { clientRole: "CEO", videoUrl: "https://youtu.be/abc", images: ["/media/a.png"], content: "x".repeat(200), title: "A" },
        { clientRole: null, videoUrl: "", images: [], content: "y".repeat(200), title: "B" },
      ),
    ).toBe("Título: “A” → “B”; Removeu: Cargo (“CEO”), Vídeo, Imagens; Alterou: Conteúdo");
    expect(describeChanges({ coverImage: "/media/a.png" }, { coverImage: null })).toBe("Removeu: Imagem de capa");
    // An empty list that stays empty is no change.
    expect(describeChanges({ images: [] }, { images: [] })).toBe("Nenhum campo alterado");
    expect(describeChanges({ title: "A" }, { title: "A" })).toBe("Nenhum campo alterado");
  });

  it("a log that cannot be written does not fail the change", async () => {
    const errors = expectErrorOutput();
    const { cookie } = await signedIn();
    await db.$executeRawUnsafe('DROP TABLE "activity_log"');
    const response = await responseOf(
      logos.action,
      formRequest("/admin/client-logos", { client_name: "Sem registro", logo_url: "https://cdn.example.com/s.png" }, { cookie }),
    );
    expect(response.status).toBe(302);
    expect(await db.clientLogo.count({ where: { clientName: "Sem registro" } })).toBe(1);
    expect(errors()).toEqual([expect.objectContaining({ msg: "activity log write failed", action: "create", err: expect.any(Error) })]);
  });
});
