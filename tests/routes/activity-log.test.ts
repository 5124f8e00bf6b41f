// The activity log: every create, update, delete, reorder, upload, settings change, sign-in and
// sign-out through the real actions lands in activity_log with who, which section, which row and
// what changed; refused or failed changes add nothing; /admin/atividade filters by section and
// person; and a log that cannot be written never fails the change itself.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { db } from "~/lib/db.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { describeChanges } from "~/lib/activity.server";
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
    expect(created.summary).toMatch(/^Arquivo enviado: capa(-\d+)?\.png$/);

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
    expect(await latest()).toMatchObject({ section: "client-logos", action: "reorder", targetLabel: "Gama", summary: "Nova ordem: Alfa, Gama, Beta" });

    await responseOf(media.action, formRequest("/admin/midia", { arquivo_blog: png("banner.png") }, { cookie }));
    const uploaded = await latest();
    expect(uploaded).toMatchObject({ actorEmail: user.email, section: "midia", action: "upload" });
    // Named by the file's name, not by where storage keeps it.
    expect(uploaded.targetLabel).toMatch(/^banner(-\d+)?\.png$/);
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

  it("records sign-in and sign-out, and not a failed sign-in", async () => {
    const user = await createUser({ email: "registro@agencia.com.br" });
    await dataOf(loginAction as never, formRequest("/admin/login", { email: user.email, password: "errada" })).catch(() => undefined);
    expect(await db.activityEntry.count({ where: { actorEmail: user.email } })).toBe(0);
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
