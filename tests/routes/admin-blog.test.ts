import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { SLUG_TAKEN, withFreeSlug } from "~/lib/blog/slug-check.server";
import { action, blogSchema, COVER_REQUIRED } from "~/routes/admin.blog";
import { action as previewAction } from "~/routes/admin_.blog.preview.$id";
import { routeArgs } from "../helpers/request";
import { dataOf, expectGuarded, formRequest, png, responseOf, sessionCookie } from "./admin-fixtures";

const PATH = "/admin/blog";
const post = { title: "Marketing com IA: o guia", excerpt: "Resumo do post.", content: "<p>Olá <strong>mundo</strong></p>", is_published: "on" };

describe("/admin/blog", () => {
  it("is guarded", async () => {
    await expectGuarded(action, PATH, { ...post, cover_image: png() });
    expect(await db.blogPost.count()).toBe(0);
  });

  it("creates: slug from the title when empty, cover under blog-covers/, author = brand, sanitized HTML, published_at set", async () => {
    const cookie = await sessionCookie();
    const response = await responseOf(
      action,
      formRequest(
        PATH,
        { ...post, slug: "", author: "", content: '<p onclick="x()">Oi</p><script>alert(1)</script><img src="javascript:alert(1)">', cover_image: png() },
        { cookie },
      ),
    );
    const saved = await db.blogPost.findFirstOrThrow();
    // Back to the list, which says where the saved post stands (with "Ver post" once it is public).
    // The script, the click handler and the javascript: image were taken out, and the list says so.
    expect(response.headers.get("Location")).toBe(`${PATH}?salvo=${saved.id}&ajustes=script`);
    expect(saved.slug).toBe("marketing-com-ia-o-guia");
    expect(saved.coverImage).toMatch(/^\/media\/blog-media\/blog-covers\/foto-[a-z2-7]{13}\.png$/);
    expect(saved.author).toBe("Wind Digital");
    expect(saved.content.startsWith("<p>Oi</p>")).toBe(true);
    expect(saved.content).not.toMatch(/script|onclick|javascript:/i);
    expect(saved.isPublished).toBe(true);
    expect(saved.publishedAt).toBeInstanceOf(Date);
  });

  it("checks a typed social image like every image link: bad ones are a field error (400) and nothing is saved", async () => {
    const cookie = await sessionCookie();
    const before = await db.blogPost.count();
    for (const url of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://exemplo.com/a.png",
      "//evil.example/a.png",
      "exemplo.com/a.png",
      "https://exemplo.com/a b.png",
      "https://vimeo.com/video.mp4",
    ]) {
      const { status, body } = await dataOf(
        action,
        formRequest(PATH, { ...post, title: `Social ${url}`, cover_image: png(), social_image_url: url }, { cookie }),
      );
      expect(status, url).toBe(400);
      expect(body.lastResult!.error!.social_image_url, url).toHaveLength(1);
    }
    expect(await db.blogPost.count()).toBe(before);
    for (const url of ["https://exemplo.com/social.png", "/media/blog-media/x.png"]) {
      const response = await responseOf(
        action,
        formRequest(PATH, { ...post, title: `Social ${url}`, slug: "", cover_image: png(), social_image_url: url }, { cookie }),
      );
      expect(response.status, url).toBe(302);
    }
    const social = await db.blogPost.findMany({ where: { title: { startsWith: "Social " } }, select: { socialImage: true } });
    expect(social.map((p) => p.socialImage).sort()).toEqual(["/media/blog-media/x.png", "https://exemplo.com/social.png"]);
  });

  it("a draft has no published_at until first published, which then stays", async () => {
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...post, title: "Rascunho", slug: "rascunho", is_published: "", cover_image: png() }, { cookie }));
    const draft = await db.blogPost.findUniqueOrThrow({ where: { slug: "rascunho" } });
    expect(draft).toMatchObject({ isPublished: false, publishedAt: null });
    await responseOf(action, formRequest(PATH, { ...post, id: draft.id, title: "Rascunho", slug: "rascunho", is_published: "on" }, { cookie }));
    const published = await db.blogPost.findUniqueOrThrow({ where: { id: draft.id } });
    expect(published.publishedAt).toBeInstanceOf(Date);
    expect(published.coverImage).toBe(draft.coverImage);
    await responseOf(action, formRequest(PATH, { ...post, id: draft.id, title: "Rascunho", slug: "rascunho", is_published: "on" }, { cookie }));
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: draft.id } })).publishedAt).toEqual(published.publishedAt);
  });

  it("a duplicate slug is a field error (400), not a crash, and the new cover is not kept", async () => {
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...post, slug: "unico", cover_image: png() }, { cookie }));
    const before = await db.blogPost.count();
    const { status, body } = await dataOf(action, formRequest(PATH, { ...post, title: "Outro", slug: "Único", cover_image: png() }, { cookie }));
    expect(status).toBe(400);
    expect(body.lastResult!.error!.slug).toEqual([SLUG_TAKEN]);
    expect(await db.blogPost.count()).toBe(before);
  });

  it("a slug in use is a zod issue on the slug field, from the schema's check of the database", async () => {
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...post, slug: "em-uso", cover_image: png() }, { cookie }));
    const owner = await db.blogPost.findUniqueOrThrow({ where: { slug: "em-uso" } });
    const other = await withFreeSlug(blogSchema, null).safeParseAsync({ ...post, title: "Outro", slug: "Em uso" });
    expect(other.error?.issues).toEqual([expect.objectContaining({ code: "custom", path: ["slug"], message: SLUG_TAKEN })]);
    // The post's own slug is no clash; an empty title and slug make no slug at all.
    expect((await withFreeSlug(blogSchema, owner.id).safeParseAsync({ ...post, slug: "em-uso" })).success).toBe(true);
    const noSlug = await withFreeSlug(blogSchema, null).safeParseAsync({ ...post, title: "!!!", slug: "" });
    expect(noSlug.error?.issues).toEqual([expect.objectContaining({ path: ["slug"], message: "Slug é obrigatório" })]);
    // A form the schema refuses is not checked against the database: only its own errors come back.
    const invalid = await withFreeSlug(blogSchema, null).safeParseAsync({ ...post, excerpt: "", slug: "em-uso" });
    expect(invalid.error?.issues.map((issue) => issue.path)).toEqual([["excerpt"]]);
  });

  it("stores line breaks as LF: a textarea posted with CRLF (as browsers send it) is stored as the page shows it again", async () => {
    const cookie = await sessionCookie();
    const content = "<h2>Seção</h2>\r\n<p>Primeiro parágrafo.</p>\r\n<pre><code>linha 1\r\nlinha 2</code></pre>\r\n<p>Fim.</p>";
    const response = await responseOf(
      action,
      formRequest(PATH, { ...post, slug: "quebras-de-linha", excerpt: "Resumo\r\nem duas linhas", content, cover_image: png() }, { cookie }),
    );
    expect(response.status).toBe(302);
    const saved = await db.blogPost.findUniqueOrThrow({ where: { slug: "quebras-de-linha" } });
    expect(saved.content).toBe("<h2>Seção</h2>\n<p>Primeiro parágrafo.</p>\n<pre><code>linha 1\nlinha 2</code></pre>\n<p>Fim.</p>");
    expect(saved.excerpt).toBe("Resumo\nem duas linhas");
  });

  it("the unsaved preview shows the cover and social image picked from the media library (not the site's default image)", async () => {
    const cookie = await sessionCookie();
    // A file of the library: the cover another post uploaded.
    await responseOf(action, formRequest(PATH, { ...post, slug: "dono-da-capa", cover_image: png("capa-da-biblioteca.png") }, { cookie }));
    const library = (await db.blogPost.findUniqueOrThrow({ where: { slug: "dono-da-capa" } })).coverImage;
    const preview = (await previewAction(
      routeArgs(
        formRequest(
          "/admin/blog/preview/novo",
          { title: "Ainda não salvo", content: "<p>Oi</p>", cover_image_biblioteca: library, social_image_biblioteca: library },
          { cookie },
        ),
        { id: "novo" },
      ),
    )) as { post: { coverImage: string; socialImage: string | null } };
    expect(preview.post.coverImage).toBe(library);
    expect(preview.post.socialImage).toBe(library);
    // An address that is no file of the library is not shown (saving refuses it too).
    const foreign = (await previewAction(
      routeArgs(formRequest("/admin/blog/preview/novo", { title: "x", content: "<p>x</p>", cover_image_biblioteca: "https://exemplo.com/x.png" }, { cookie }), {
        id: "novo",
      }),
    )) as { post: { coverImage: string } };
    expect(foreign.post.coverImage).toBe("/og-image.png");
  });

  it("answers 400 with field errors for an empty form and writes nothing", async () => {
    const cookie = await sessionCookie();
    const before = await db.blogPost.count();
    const { status, body } = await dataOf(action, formRequest(PATH, {}, { cookie }));
    expect(status).toBe(400);
    expect(body.lastResult!.error).toMatchObject({
      title: ["Título é obrigatório"],
      excerpt: ["Resumo é obrigatório"],
      content: ["Conteúdo é obrigatório"],
      cover_image: [COVER_REQUIRED],
    });
    expect(body.toast?.title).toBe("Erro ao salvar post");
    expect(await db.blogPost.count()).toBe(before);
  });

  it("deletes a post and its cover", async () => {
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...post, slug: "apagar", cover_image: png() }, { cookie }));
    const row = await db.blogPost.findUniqueOrThrow({ where: { slug: "apagar" } });
    const response = await responseOf(action, formRequest(PATH, { intent: "delete", id: row.id }, { cookie }));
    expect(response.status).toBe(302);
    expect(await db.blogPost.findUnique({ where: { id: row.id } })).toBeNull();
  });
});
