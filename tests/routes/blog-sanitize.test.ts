// Every path that writes a blog post goes through the same sanitizer and says what it removed,
// through the routes as the server runs them (behind the admin layout's guard) on this file's
// database: a save keeps a level-1 heading as level 2, heading ids and the links to them, and
// names in words (after the redirect, beside the spec's own toast) the inline styles, classes and
// comments it took out; a restore from the history passes every restored field through the
// save's rules, so an altered revision row cannot bring back what a save refuses.
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma-sqlite/client";
import { NOT_EDITABLE, RESTORED_RULES } from "~/lib/blog/revisions.server";
import { db } from "~/lib/db.server";
import { SANITIZE_NOTES } from "~/lib/sanitize.server";
import { action as blogAction, loader as blogLoader } from "~/routes/admin.blog";
import { action as historyAction } from "~/routes/admin.blog_.$id.revisoes";
import { dataOf, formRequest, getRequest, png, responseOf, routeArgs, signedIn, toastOf, underAdminLayout } from "./admin-fixtures";

const BLOG = "/admin/blog";
const base = { excerpt: "Resumo do post.", is_published: "on" };

/** HTML as staff paste it from another editor. */
const PASTED =
  '<h1 id="guia" class="titulo" style="color:#c00">Guia</h1><!-- rascunho: revisar -->' +
  '<p class="MsoNormal"><a href="#passo-1">Ir ao passo 1</a></p><h2 id="passo-1" style="margin:0">Passo 1</h2><p>Texto.</p>';

async function save(cookie: string, fields: Record<string, string | Blob>) {
  const response = await responseOf(blogAction, formRequest(BLOG, fields, { cookie }));
  expect(response.status, await response.clone().text()).toBe(302);
  return response;
}

/** The blog page's data, as the browser gets it after the save's redirect. */
async function pageAt(location: string, cookie: string) {
  const result = (await underAdminLayout(blogLoader)(routeArgs(getRequest(location, { cookie })))) as Awaited<ReturnType<typeof blogLoader>>;
  return result;
}

describe("saving a post keeps what the page can show and says what it removed", () => {
  it("creates: h1 as h2 with its id, in-page links kept, styles, classes and comments named after the redirect", async () => {
    const { cookie } = await signedIn();
    const response = await save(cookie, { ...base, title: "Colado do Word", slug: "colado-do-word", content: PASTED, cover_image: png() });
    const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "colado-do-word" } });
    expect(post.content).toBe('<h2 id="guia">Guia</h2><p><a href="#passo-1">Ir ao passo 1</a></p><h2 id="passo-1">Passo 1</h2><p>Texto.</p>');
    // The spec's toast, exactly; what was removed is a separate notice on the page the save leads to.
    expect(await toastOf(response)).toEqual({ type: "success", title: "Post criado com sucesso!" });
    const location = response.headers.get("Location")!;
    expect(location).toBe(`${BLOG}?salvo=${post.id}&ajustes=titulo-principal%2Cestilo%2Cclasse%2Ccomentario`);
    const page = await pageAt(location, cookie);
    expect(page.saved?.id).toBe(post.id);
    expect(page.sanitized).toEqual([SANITIZE_NOTES["titulo-principal"], SANITIZE_NOTES.estilo, SANITIZE_NOTES.classe, SANITIZE_NOTES.comentario]);
    expect(page.sanitized.join(" ")).toContain("O estilo em linha");
    expect(page.sanitized.join(" ")).toContain("Os comentários do HTML foram removidos");
  });

  it("updates: the spec's toast, and a save that removed nothing has no notice", async () => {
    const { cookie } = await signedIn();
    await save(cookie, { ...base, title: "Editado", slug: "editado", content: "<p>Um</p>", cover_image: png() });
    const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "editado" } });
    const styled = await save(cookie, { ...base, id: post.id, title: "Editado", slug: "editado", content: '<p style="font-size:20px">Dois</p>' });
    expect(await toastOf(styled)).toEqual({ type: "success", title: "Post atualizado com sucesso!" });
    expect(styled.headers.get("Location")).toBe(`${BLOG}?salvo=${post.id}&ajustes=estilo`);
    const clean = await save(cookie, { ...base, id: post.id, title: "Editado", slug: "editado", content: '<h2 id="fim">Fim</h2><p><a href="#fim">ir</a></p>' });
    expect(clean.headers.get("Location")).toBe(`${BLOG}?salvo=${post.id}`);
    expect((await pageAt(clean.headers.get("Location")!, cookie)).sanitized).toEqual([]);
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).content).toBe('<h2 id="fim">Fim</h2><p><a href="#fim">ir</a></p>');
  });

  it("refuses content the sanitizer would leave blank, saying what it would remove (400, nothing saved)", async () => {
    const { cookie } = await signedIn();
    const { status, body } = await dataOf(
      blogAction,
      formRequest(BLOG, { ...base, title: "Só script", slug: "so-script", content: "<script>alert(1)</script><!-- x -->", cover_image: png() }, { cookie }),
    );
    expect(status).toBe(400);
    expect(body.lastResult!.error!.content![0]).toContain("O conteúdo ficaria vazio");
    expect(body.lastResult!.error!.content![0]).toContain(SANITIZE_NOTES.script);
    expect(await db.blogPost.count({ where: { slug: "so-script" } })).toBe(0);
  });
});

describe("restoring a version passes every field through the save's rules", () => {
  it("a tampered revision row brings back nothing a save would refuse, and the message names each field kept", async () => {
    const { cookie } = await signedIn();
    await save(cookie, {
      ...base,
      title: "Post íntegro",
      slug: "post-integro",
      content: "<p>Atual</p>",
      seo_title: "SEO atual",
      meta_description: "Meta atual",
      cover_image: png(),
    });
    const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "post-integro" } });
    // A row written straight into the database (or saved long ago under looser rules).
    const tampered = await db.blogPostRevision.create({
      data: {
        postId: post.id,
        title: "x",
        slug: "x",
        actorEmail: "alguem@exemplo.com.br",
        snapshot: {
          title: "   ",
          slug: "../Admin Page",
          excerpt: "",
          content: '<h1 style="color:red">Antigo</h1><script>alert(1)</script><p onclick="x()">Texto antigo</p>',
          author: "  ",
          coverImage: "https://evil.example/capa.png",
          socialImage: "javascript:alert(1)",
          seoTitle: "S".repeat(90),
          metaDescription: "M".repeat(300),
          isPublished: false,
          scheduleLogPending: true,
          notAColumn: "x",
        },
      },
    });
    const response = (await underAdminLayout(historyAction)(
      routeArgs(formRequest(`${BLOG}/${post.id}/revisoes?versao=${tampered.id}`, { intent: "restaurar", revision: String(tampered.id) }, { cookie }), {
        id: post.id,
      }),
    )) as Response;
    expect(response.status).toBe(302);
    const after = await db.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    // Kept as they were: what a save refuses.
    expect(after).toMatchObject({
      title: "Post íntegro",
      excerpt: "Resumo do post.",
      coverImage: post.coverImage,
      socialImage: null,
      seoTitle: "SEO atual",
      metaDescription: "Meta atual",
      isPublished: true,
      scheduleLogPending: false,
    });
    // Written as a save writes them: the slug made from what was typed, the author defaulted, the content sanitized.
    expect(after.slug).toBe("admin-page");
    expect(after.author).toBe("Wind Digital");
    expect(after.content).toBe("<h2>Antigo</h2><p>Texto antigo</p>");
    const toast = await toastOf(response);
    expect(toast).toMatchObject({ type: "success", title: "Versão restaurada" });
    for (const label of ["Título", "Resumo", "Imagem de capa", "Imagem para redes sociais", "Título para buscadores", "Meta descrição (buscadores)"]) {
      expect(toast!.description, label).toContain(`O campo “${label}” desta versão não foi restaurado; o post manteve o valor atual.`);
    }
    expect(toast!.description).toContain("O título para buscadores deve ter no máximo 60 caracteres");
    expect(toast!.description).toContain("A meta descrição deve ter no máximo 160 caracteres");
    // What the sanitizer removed from the version's content is listed on the form's page.
    const location = response.headers.get("Location")!;
    expect(location).toBe(`${BLOG}?editar=${post.id}&ajustes=titulo-principal%2Cestilo%2Cscript`);
    expect((await pageAt(location, cookie)).sanitized).toEqual([SANITIZE_NOTES["titulo-principal"], SANITIZE_NOTES.estilo, SANITIZE_NOTES.script]);
    // The restore is a revision too, of the post as it now is: nothing refused is in it.
    const newest = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "desc" } });
    expect(newest).toMatchObject({ kind: "restore", restoredFrom: tampered.id, title: "Post íntegro", slug: "admin-page" });
  });

  it("a value of the wrong type in a revision row is refused like any invalid one (a message, not a server error)", async () => {
    const { cookie } = await signedIn();
    await save(cookie, { ...base, title: "Post tipado", slug: "post-tipado", content: "<p>Texto</p>", cover_image: png() });
    const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "post-tipado" } });
    const typed = await db.blogPostRevision.create({
      data: { postId: post.id, title: "x", slug: "x", snapshot: { excerpt: 42, seoTitle: true, content: "<p>Texto novo</p>" } },
    });
    const response = (await underAdminLayout(historyAction)(
      routeArgs(formRequest(`${BLOG}/${post.id}/revisoes`, { intent: "restaurar", revision: String(typed.id) }, { cookie }), { id: post.id }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({
      excerpt: "Resumo do post.",
      seoTitle: null,
      content: "<p>Texto novo</p>",
    });
    const description = (await toastOf(response))!.description!;
    expect(description).toContain("“Resumo” desta versão não foi restaurado");
    expect(description).toContain("“Título para buscadores” desta versão não foi restaurado");
  });

  it("a revision whose content the sanitizer would leave blank keeps the post's content", async () => {
    const { cookie } = await signedIn();
    await save(cookie, { ...base, title: "Post com texto", slug: "post-com-texto", content: "<p>Texto atual</p>", cover_image: png() });
    const post = await db.blogPostRevision.findFirstOrThrow({ where: { slug: "post-com-texto" } });
    const blank = await db.blogPostRevision.create({
      data: { postId: post.postId, title: "x", slug: "x", snapshot: { content: "<script>alert(1)</script>", title: "Título novo" } },
    });
    const response = (await underAdminLayout(historyAction)(
      routeArgs(formRequest(`${BLOG}/${post.postId}/revisoes`, { intent: "restaurar", revision: String(blank.id) }, { cookie }), { id: post.postId }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await db.blogPost.findUniqueOrThrow({ where: { id: post.postId } })).toMatchObject({ title: "Título novo", content: "<p>Texto atual</p>" });
    expect((await toastOf(response))!.description).toContain(
      "O campo “Conteúdo” desta versão não foi restaurado; o post manteve o valor atual. Motivo: O conteúdo desta versão ficaria vazio",
    );
  });

  it("every column of blog_posts has a save rule for the restore, or is never restored", () => {
    const notRestored = new Set([...NOT_EDITABLE, "isPublished", "publishedAt"]);
    for (const column of Object.values(Prisma.BlogPostScalarFieldEnum)) {
      expect(column in RESTORED_RULES || notRestored.has(column), column).toBe(true);
    }
  });
});
