// Configurações → "Exportar conteúdo": the JSON download holds the seven sections, the blog posts
// with their revisions and old addresses, the settings and the media library's metadata; only
// administrators get it; the same file imports into an empty site with every row as it was, and
// is refused (with a Portuguese message, 4xx, nothing written) by a site with content or when it
// is not an export.
import { describe, expect, it } from "vitest";
import { db, dbReady, isPostgres } from "~/lib/db.server";
import * as settings from "~/routes/admin.configuracoes";
import * as exporter from "~/routes/admin.configuracoes_.exportar";
import { call, dataOf, responseOf, sessionCookie, toastOf } from "./admin-fixtures";
import { formRequest, getRequest } from "../helpers/request";

const CONTENT_TABLES = [
  "portfolioItem",
  "ledPanel",
  "windowFilmsProject",
  "windowFilmsTestimonial",
  "clientLogo",
  "courseTestimonial",
  "blogPost",
  "blogPostRevision",
  "blogSlugRedirect",
  "siteSettings",
  "mediaFile",
] as const;

type Delegate = { findMany(args?: unknown): Promise<unknown[]>; deleteMany(): Promise<unknown> };
const table = (name: (typeof CONTENT_TABLES)[number]) => db[name] as unknown as Delegate;

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const name of CONTENT_TABLES) out[name] = (await table(name).findMany()).map((row) => JSON.stringify(row)).sort();
  return out;
}

async function wipeContent() {
  for (const name of [...CONTENT_TABLES].reverse()) await table(name).deleteMany();
}

async function writeContent() {
  const when = new Date("2026-03-10T12:00:00.000Z");
  await db.portfolioItem.create({
    data: {
      title: "Case exportado",
      category: "IA",
      description: "d",
      result: "r",
      images: ["/media/portfolio-media/a.png"],
      videos: [],
      coverImage: "/media/portfolio-media/capa.png",
      createdAt: when,
    },
  });
  await db.ledPanel.create({ data: { title: "Painel", description: "d", primaryFlow: "Av. 85", reach: "1 mil", flow: "Alto", createdAt: when } });
  await db.windowFilmsProject.create({ data: { title: "Filme", images: [], videos: ["/media/portfolio-media/v.mp4"], createdAt: when } });
  await db.windowFilmsTestimonial.create({ data: { clientName: "Ana", testimonial: "Ótimo", createdAt: when } });
  await db.clientLogo.create({ data: { clientName: "Logo", logoUrl: "/media/portfolio-media/logo.png", createdAt: when } });
  await db.courseTestimonial.create({ data: { studentName: "João", videoUrl: "/media/portfolio-media/curso.mp4", createdAt: when } });
  const post = await db.blogPost.create({
    data: {
      title: "Post com acentuação",
      slug: "post-exportado",
      coverImage: "/media/blog-media/c.png",
      excerpt: "e",
      content: "<p>ação</p>",
      publishedAt: when,
      createdAt: when,
      updatedAt: when,
    },
  });
  await db.blogPostRevision.create({
    data: { postId: post.id, title: post.title, slug: post.slug, snapshot: { title: post.title, content: "<p>ação</p>" }, createdAt: when },
  });
  await db.blogSlugRedirect.create({ data: { fromSlug: "post-antigo", postId: post.id, createdAt: when } });
  await db.siteSettings.upsert({
    where: { id: 1 },
    update: {},
    create: {
      legalName: "Wind",
      cnpj: "12.345.678/0001-90",
      salesPhone: "5562991234567",
      videoPhone: "5562991234567",
      ceoPhone: "5562991234567",
      email: "a@b.com.br",
      street: "Rua",
      city: "Goiânia",
      state: "GO",
      postalCode: "74000-000",
      mapsUrl: "https://maps.example.com",
      hours: "9h-18h",
    },
  });
  await db.mediaFile.create({ data: { bucket: "blog-media", key: "c.png", alt: "Capa do post", caption: "Legenda" } });
}

function importRequest(body: string, cookie: string) {
  return formRequest("/admin/configuracoes?importar", { arquivo: new File([body], "conteudo.json", { type: "application/json" }) }, { cookie });
}

describe("Exportar conteúdo", () => {
  it("downloads every section, the blog with its history, the settings and the media metadata, and imports them into an empty site", async () => {
    await dbReady;
    await wipeContent();
    await writeContent();
    const before = await snapshot();
    const cookie = await sessionCookie();

    const response = await responseOf(exporter.loader, getRequest("/admin/configuracoes/exportar", { cookie }));
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="conteudo-wind-digital-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const file = await response.text();
    const parsed = JSON.parse(file);
    expect(parsed.format).toBe("wind-digital-content/1");
    expect(Object.keys(parsed.content).sort()).toEqual(
      [
        "blog",
        "blog-revisions",
        "blog-slug-redirects",
        "client-logos",
        "course-testimonials",
        "led-panels",
        "media",
        "portfolio",
        "settings",
        "window-films-portfolio",
        "window-films-testimonials",
      ].sort(),
    );
    expect(parsed.content.media[0]).toMatchObject({ bucket: "blog-media", key: "c.png", alt: "Capa do post" });
    expect(parsed.content["blog-revisions"]).toHaveLength(1);
    // Nothing personal or operational: no accounts, sessions or logs.
    expect(file).not.toMatch(/password_hash|passwordHash|sessions|actorEmail": "[^"]+@/);

    await wipeContent();
    // As on a new site, the revisions' id counter starts again from the beginning.
    if (isPostgres) await db.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('blog_post_revisions', 'id'), 1, false)`);
    else await db.$executeRawUnsafe(`DELETE FROM sqlite_sequence WHERE name = 'blog_post_revisions'`);
    const imported = await responseOf(settings.action, importRequest(file, cookie));
    expect(imported.status).toBe(302);
    expect((await toastOf(imported))?.title).toBe("Conteúdo importado com sucesso!");
    expect(await snapshot()).toEqual(before);
    // The history goes on after the imported revisions (PostgreSQL's counter moved past their ids).
    const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "post-exportado" } });
    await db.blogPostRevision.create({ data: { postId: post.id, title: "t", slug: post.slug, snapshot: {} } });
  });

  it("refuses to import into a site that has content, or a file that is not an export, with nothing written", async () => {
    await wipeContent();
    await writeContent();
    const cookie = await sessionCookie();
    const file = await (await responseOf(exporter.loader, getRequest("/admin/configuracoes/exportar", { cookie }))).text();
    const before = await snapshot();

    const busy = await dataOf(settings.action, importRequest(file, cookie));
    expect(busy.status).toBe(409);
    expect(busy.body.toast?.description).toBe("O site já tem conteúdo: a importação só é feita em um site vazio.");

    await wipeContent();
    const notJson = await dataOf(settings.action, importRequest("{ isto não é json", cookie));
    expect(notJson.status).toBe(400);
    expect(notJson.body.toast?.description).toBe("O arquivo não é um JSON válido.");
    const other = await dataOf(settings.action, importRequest(JSON.stringify({ format: "outra-coisa" }), cookie));
    expect(other.status).toBe(400);
    expect(other.body.toast?.description).toBe("O arquivo não é uma exportação de conteúdo deste site.");
    const unknownField = JSON.parse(file);
    unknownField.content.portfolio[0].campoInventado = "x";
    const altered = await dataOf(settings.action, importRequest(JSON.stringify(unknownField), cookie));
    expect(altered.status).toBe(400);
    expect(altered.body.toast?.description).toMatch(/nada foi importado/);
    for (const rows of Object.values(await snapshot())) expect(rows).toEqual([]);
    expect(before.blogPost).toHaveLength(1);
  });

  it("is for signed-in administrators only", async () => {
    const anonymous = await call(exporter.loader, getRequest("/admin/configuracoes/exportar"));
    expect(anonymous instanceof Response && anonymous.status).toBe(302);
    const staff = await call(exporter.loader, getRequest("/admin/configuracoes/exportar", { cookie: await sessionCookie({ admin: false }) }));
    expect(staff instanceof Response).toBe(true);
    expect([302, 403]).toContain((staff as Response).status);
  });
});
