// The blog editors' desk through the route modules on a real database: scheduled publishing
// (São Paulo time, who sees what when), the search and social fields with their validation,
// and the admin-only preview of saved and unsaved posts.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { parseScheduleInput, postStatus, publicationFields, scheduleInputValue } from "~/lib/blog/schedule";
import { publicPostWhere } from "~/lib/blog/schedule.server";
import { getPublishedPost, listPublishedPosts } from "~/lib/public-content.server";
import { INVALID_URL_MESSAGE } from "~/lib/forms/admin-schema";
import { action, META_DESCRIPTION_TOO_LONG, PUBLISHED_AT_INVALID } from "~/routes/admin.blog";
import { action as previewAction, loader as previewLoader } from "~/routes/admin_.blog.preview.$id";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { dataOf, png, responseOf, sessionCookie } from "./admin-fixtures";
import { formRequest, getRequest, routeArgs } from "../helpers/request";

const PATH = "/admin/blog";
const post = { title: "Post agendado", excerpt: "Resumo do post.", content: "<p>Olá</p>", is_published: "on" };

async function create(fields: Record<string, string | Blob>) {
  const cookie = await sessionCookie();
  const response = await responseOf(action, formRequest(PATH, { ...post, cover_image: png(), ...fields }, { cookie }));
  expect(response.status, await response.clone().text()).toBe(302);
  return db.blogPost.findUniqueOrThrow({ where: { slug: String(fields.slug) } });
}

describe("São Paulo time", () => {
  it("reads a datetime-local value as São Paulo time and shows an instant back in it", () => {
    // São Paulo is UTC−3 (no daylight saving since 2019)...
    expect(parseScheduleInput("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T12:30:00.000Z");
    expect(scheduleInputValue(new Date("2026-12-01T12:30:00Z"))).toBe("2026-12-01T09:30");
    // ...and was UTC−2 in its old summer time: the zone's rules, not a fixed offset.
    expect(parseScheduleInput("2018-12-01T09:30")?.toISOString()).toBe("2018-12-01T11:30:00.000Z");
    for (const bad of ["", "amanhã", "2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01", "2026-12-01T25:00", "1900-01-01T10:00"]) {
      expect(parseScheduleInput(bad), bad).toBeNull();
    }
  });

  it("keeps the stored instant when the form shows it unchanged, publishes an only-scheduled post now when the time is cleared", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const stored = new Date("2026-11-20T13:45:27.123Z");
    expect(publicationFields("publish", scheduleInputValue(stored), stored, now).publishedAt).toBe(stored);
    expect(publicationFields("publish", undefined, stored, now).publishedAt).toBe(stored);
    expect(publicationFields("publish", undefined, new Date("2026-12-05T12:00:00Z"), now).publishedAt).toBe(now);
    expect(publicationFields("draft", undefined, null, now)).toEqual({ isPublished: false, publishedAt: null });
    expect(publicationFields("schedule", "2026-12-24T20:00", stored, now).publishedAt?.toISOString()).toBe("2026-12-24T23:00:00.000Z");
  });
});

describe("scheduled publishing", () => {
  it("a future time is 'scheduled': kept off the list, the page and the sitemap until it comes", async () => {
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    const row = await create({ slug: "agendado", published_at: scheduleInputValue(at) });
    expect(row.isPublished).toBe(true);
    expect(scheduleInputValue(row.publishedAt)).toBe(scheduleInputValue(at));
    expect(postStatus(row)).toBe("scheduled");

    expect((await listPublishedPosts()).map((p) => p.slug)).not.toContain("agendado");
    expect(await getPublishedPost("agendado")).toBeNull();
    expect(await (await sitemapLoader()).text()).not.toContain("/blog/agendado");

    // At its time it is public, with no write in between.
    const later = new Date(row.publishedAt!.getTime() + 1000);
    expect(await db.blogPost.count({ where: { ...publicPostWhere(later), slug: "agendado" } })).toBe(1);
    expect(postStatus(row, later)).toBe("published");
  });

  it("a past time backdates a published post; no time publishes now; a draft stays a draft", async () => {
    const past = await create({ slug: "retroativo", published_at: "2024-03-10T08:00" });
    expect(past.publishedAt?.toISOString()).toBe("2024-03-10T11:00:00.000Z");
    expect(await getPublishedPost("retroativo")).not.toBeNull();

    const before = Date.now();
    const now = await create({ slug: "agora", published_at: "" });
    expect(now.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(postStatus(now)).toBe("published");

    const draft = await create({ slug: "rascunho-agendado", is_published: "", published_at: scheduleInputValue(new Date(Date.now() + 3600_000)) });
    expect(postStatus(draft)).toBe("draft");
    expect(await getPublishedPost("rascunho-agendado")).toBeNull();
  });

  it("refuses a date that is not one, in Portuguese, and writes nothing", async () => {
    const cookie = await sessionCookie();
    const count = await db.blogPost.count();
    for (const value of ["amanhã às 10h", "2026-02-30T10:00"]) {
      const { status, body } = await dataOf(action, formRequest(PATH, { ...post, slug: "data-ruim", cover_image: png(), published_at: value }, { cookie }));
      expect(status).toBe(400);
      expect(body.lastResult!.error!.published_at).toEqual([PUBLISHED_AT_INVALID]);
    }
    expect(await db.blogPost.count()).toBe(count);
  });
});

describe("search and social fields", () => {
  it("stores the meta description and a typed social image; empty ones fall back (null)", async () => {
    const row = await create({ slug: "seo", meta_description: "  Descrição para o Google.  ", social_image_url: "https://imagens.exemplo.com.br/social.jpg" });
    expect(row).toMatchObject({ metaDescription: "Descrição para o Google.", socialImage: "https://imagens.exemplo.com.br/social.jpg" });
    const plain = await create({ slug: "sem-seo", meta_description: "", social_image_url: "" });
    expect(plain).toMatchObject({ metaDescription: null, socialImage: null });
  });

  it("an uploaded social image goes to storage and wins over a typed URL; emptying the field deletes it", async () => {
    const row = await create({ slug: "social-upload", social_image: png("social.png"), social_image_url: "https://exemplo.com.br/x.jpg" });
    expect(row.socialImage).toMatch(/^\/media\/blog-media\/blog-covers\/social-[a-z2-7]{13}\.png$/);
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...post, id: row.id, slug: "social-upload", social_image_url: "" }, { cookie }));
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: row.id } })).socialImage).toBeNull();
  });

  it("refuses a meta description over 160 characters and a social image URL the cover's rules refuse", async () => {
    const cookie = await sessionCookie();
    const count = await db.blogPost.count();
    const long = await dataOf(action, formRequest(PATH, { ...post, slug: "longa", cover_image: png(), meta_description: "a".repeat(161) }, { cookie }));
    expect(long.status).toBe(400);
    expect(long.body.lastResult!.error!.meta_description).toEqual([META_DESCRIPTION_TOO_LONG]);
    for (const url of ["javascript:alert(1)", "ftp://exemplo.com/x.png", "não é url"]) {
      const bad = await dataOf(action, formRequest(PATH, { ...post, slug: "url-ruim", cover_image: png(), social_image_url: url }, { cookie }));
      expect(bad.status, url).toBe(400);
      expect(bad.body.lastResult!.error!.social_image_url).toEqual([INVALID_URL_MESSAGE]);
    }
    expect(await db.blogPost.count()).toBe(count);
  });
});

describe("preview", () => {
  it("is for admins only: a visitor and a signed-in non-admin are sent to the login", async () => {
    const row = await create({ slug: "rascunho-secreto", is_published: "" });
    const nonAdmin = await sessionCookie({ admin: false });
    for (const cookie of [undefined, nonAdmin]) {
      for (const run of [
        () => responseOf(previewLoader, getRequest(`/admin/blog/preview/${row.id}`, { cookie })),
        () => responseOf(previewAction, formRequest(`/admin/blog/preview/${row.id}`, { title: "x", content: "<p>x</p>" }, { cookie })),
      ]) {
        const response = await run().catch((e: unknown) => e as Response);
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
      }
    }
  });

  it("shows a saved draft and unsaved fields, sanitized like the public page", async () => {
    const row = await create({ slug: "previa", is_published: "", content: '<p>Salvo</p><img src="/media/blog-media/x.png" alt="">' });
    const cookie = await sessionCookie();
    const saved = (await previewLoader(routeArgs(getRequest(`/admin/blog/preview/${row.id}`, { cookie }), { id: row.id }))) as {
      preview: { post: { html: string; title: string } };
    };
    expect(saved.preview.post.title).toBe("Post agendado");
    expect(saved.preview.post.html).toContain("<p>Salvo</p>");
    // The page's own rewriting (images through the image route) applies to the preview too.
    expect(saved.preview.post.html).toContain("/img?");

    const request = formRequest(
      `/admin/blog/preview/${row.id}`,
      { title: "Título novo", content: '<p onclick="x()">Novo</p><script>alert(1)</script>', meta_description: "Meta" },
      { cookie },
    );
    const unsaved = (await previewAction(routeArgs(request, { id: row.id }))) as { post: { html: string; title: string; coverImage: string } };
    expect(unsaved.post.title).toBe("Título novo");
    expect(unsaved.post.html).toBe("<p>Novo</p>");
    expect(unsaved.post.coverImage).toBe(row.coverImage);
    // Nothing was saved.
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: row.id } })).title).toBe("Post agendado");

    const fresh = (await previewAction(
      routeArgs(formRequest("/admin/blog/preview/novo", { title: "Ainda não salvo", content: "<p>Oi</p>" }, { cookie }), { id: "novo" }),
    )) as { post: { title: string } };
    expect(fresh.post.title).toBe("Ainda não salvo");
  });

  it("shows a typed social image only when it passes the rules of every image link", async () => {
    const row = await create({ slug: "previa-social", is_published: "" });
    const cookie = await sessionCookie();
    const preview = async (url: string) =>
      (await previewAction(
        routeArgs(formRequest(`/admin/blog/preview/${row.id}`, { title: "x", content: "<p>x</p>", social_image_url: url }, { cookie }), { id: row.id }),
      )) as {
        post: { socialImage: string | null };
        jsonLd: unknown;
      };
    for (const url of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/a.png", "exemplo.com/a.png", "https://vimeo.com/video.mp4"]) {
      const shown = await preview(url);
      expect(shown.post.socialImage, url).toBe(row.socialImage ?? null);
      expect(JSON.stringify(shown.jsonLd), url).not.toContain(url);
    }
    expect((await preview("https://exemplo.com/social.png")).post.socialImage).toBe("https://exemplo.com/social.png");
  });

  it("answers 404 for a post that does not exist", async () => {
    const cookie = await sessionCookie();
    const missing = (await previewLoader(routeArgs(getRequest("/admin/blog/preview/nao-existe", { cookie }), { id: "nao-existe" }))) as {
      init: ResponseInit;
      data: unknown;
    };
    expect(missing.init.status).toBe(404);
    expect(missing.data).toMatchObject({ preview: null });
  });
});
