// Blog post revisions and slug redirects, through the routes as the server runs them (behind the
// admin layout's guard) on this file's database: every save keeps a revision (who, when, every
// field), the history lists and shows them, a restore writes the post back and is a new revision
// itself, the retention bounds each post's history, and a published post's old slugs answer with
// a permanent redirect to its current address (chains in one hop, no loops, a post taking an old
// slug wins, deleting the post removes them).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { action as blogAction } from "~/routes/admin.blog";
import { action as libraryAction } from "~/routes/admin.midia";
import { loader as mediaLoader } from "~/routes/media.$";
import { objectFromUrl, storage } from "~/lib/storage/index.server";
import { action, loader, REVISION_NOT_FOUND } from "~/routes/admin.blog_.$id.revisoes";
import { loader as postLoader } from "~/routes/_site.blog.$slug";
import { expectGuarded, formRequest, getRequest, png, responseOf, routeArgs, signedIn, toastOf, underAdminLayout } from "./admin-fixtures";

const BLOG = "/admin/blog";
const base = { excerpt: "Resumo do post.", content: "<p>Primeira versão</p>", is_published: "on" };

type Handler = Parameters<typeof underAdminLayout>[0];

/** A handler of the history route as the server runs it: behind the admin guard, with the post's id. */
async function run(handler: Handler, request: Request, id: string): Promise<unknown> {
  try {
    return await underAdminLayout(handler)(routeArgs(request, { id }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const history = (id: string, query = "") => `${BLOG}/${id}/revisoes${query}`;

async function editor(name = "Ana Editora") {
  const { user, cookie } = await signedIn();
  await db.user.update({ where: { id: user.id }, data: { name } });
  return { email: user.email, cookie };
}

async function save(cookie: string, fields: Record<string, string | Blob>) {
  const response = await responseOf(blogAction, formRequest(BLOG, fields, { cookie }));
  expect(response.status, await response.clone().text()).toBe(302);
  return response;
}

async function createPost(cookie: string, slug: string, fields: Record<string, string> = {}) {
  await save(cookie, { ...base, title: `Post ${slug}`, slug, cover_image: png(), ...fields });
  return db.blogPost.findUniqueOrThrow({ where: { slug } });
}

/** Saves the post again with `fields` changed (the form sends every field; the cover stays). */
async function edit(cookie: string, post: { id: string }, fields: Record<string, string | Blob>) {
  const current = await db.blogPost.findUniqueOrThrow({ where: { id: post.id } });
  await save(cookie, {
    id: current.id,
    title: current.title,
    slug: current.slug,
    excerpt: current.excerpt,
    content: current.content,
    author: current.author,
    is_published: current.isPublished ? "on" : "",
    ...fields,
  });
}

type HistoryData = Extract<Awaited<ReturnType<typeof loader>>, { revisions: unknown }>;
async function historyOf(cookie: string, id: string, query = ""): Promise<HistoryData> {
  const result = (await run(loader, getRequest(history(id, query), { cookie }), id)) as HistoryData;
  expect(result).not.toBeInstanceOf(Response);
  return result;
}

/** What a visitor gets at /blog/<slug>: the post's slug (200), a redirect's target (301), or 404. */
async function visit(slug: string): Promise<{ status: number; slug?: string; location?: string }> {
  try {
    const result = (await postLoader(routeArgs(getRequest(`/blog/${slug}`), { slug }))) as { data?: { post: null }; post?: { slug: string } };
    if (result.post) return { status: 200, slug: result.post.slug };
    return { status: 404 };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined };
  }
}

const restore = (cookie: string, id: string, revision: number | string) =>
  run(action, formRequest(history(id, `?versao=${revision}`), { intent: "restaurar", revision: String(revision) }, { cookie }), id);

/** Deletes a stored file through the media library, as the admin does (it must not be in use). */
async function deleteFromLibrary(cookie: string, url: string) {
  const object = objectFromUrl(url)!;
  const response = await responseOf(libraryAction, formRequest("/admin/midia", { intent: "delete", id: `${object.bucket}/${object.key}` }, { cookie }));
  expect(response.status, `${url}: ${await response.clone().text()}`).toBe(302);
}

/** Uploads an image to the media library (blog bucket) and returns its URL. */
async function uploadToLibrary(cookie: string, name: string): Promise<string> {
  const response = await responseOf(libraryAction, formRequest("/admin/midia", { intent: "upload", arquivo_blog: png(name) }, { cookie }));
  expect(response.status, await response.clone().text()).toBe(302);
  const row = await db.mediaFile.findFirstOrThrow({ where: { bucket: "blog-media" }, orderBy: { createdAt: "desc" } });
  expect(row.key.startsWith(`biblioteca/${name.replace(/\.png$/, "")}-`), row.key).toBe(true);
  return (await storage()).publicUrl("blog-media", row.key);
}

/** The status /media/... answers for a stored file's URL. */
async function served(url: string): Promise<number> {
  const path = new URL(url, "http://x").pathname;
  try {
    const result = (await mediaLoader(routeArgs(getRequest(path), { "*": path.replace(/^\/media\//, "") }))) as Response;
    return result.status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

afterEach(() => {
  (env as { POST_REVISIONS_KEEP: number }).POST_REVISIONS_KEEP = 50;
});

describe("the revision history", () => {
  it("is guarded: page and restore refuse anonymous visitors and sessions without the admin role", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "guardado");
    const path = history(post.id);
    await expectGuarded(action, path, { intent: "restaurar", revision: "1" });
    const anonymous = (await run(loader, getRequest(path), post.id)) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    const { cookie: notAdmin } = await signedIn({ admin: false });
    const refused = (await run(loader, getRequest(path, { cookie: notAdmin }), post.id)) as Response;
    expect(refused.headers.get("Location")).toBe("/admin/login");
    const { cookie: notAdmin2 } = await signedIn({ admin: false });
    const [revision] = await db.blogPostRevision.findMany({ where: { postId: post.id } });
    const tried = (await restore(notAdmin2, post.id, revision!.id)) as Response;
    expect(tried.headers.get("Location")).toBe("/admin/login");
    expect(await db.blogPostRevision.count({ where: { postId: post.id } })).toBe(1);
  });

  it("keeps a revision of each save, listed newest first with who (name and e-mail) and when (São Paulo time)", async () => {
    const { cookie, email } = await editor("Ana Editora");
    const post = await createPost(cookie, "historico");
    await edit(cookie, post, { title: "Segundo título", content: "<p>Segunda versão</p>" });
    const { cookie: other, email: otherEmail } = await editor("");
    await edit(other, post, { excerpt: "Outro resumo" });

    const page = await historyOf(cookie, post.id);
    expect(page.revisions.map((r) => [r.title, r.who, r.kind])).toEqual([
      ["Segundo título", otherEmail, "save"],
      ["Segundo título", `Ana Editora (${email})`, "save"],
      ["Post historico", `Ana Editora (${email})`, "save"],
    ]);
    expect(page.revisions[0]!.newest).toBe(true);
    const rows = await db.blogPostRevision.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } });
    const expected = new Intl.DateTimeFormat("pt-BR", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "America/Sao_Paulo",
    }).format(rows[0]!.createdAt);
    expect(page.revisions.at(-1)!.when).toBe(expected);
    expect(rows[0]!.snapshot).toMatchObject({ title: "Post historico", slug: "historico", content: "<p>Primeira versão</p>", excerpt: "Resumo do post." });
    expect(rows[1]!.snapshot).toMatchObject({ title: "Segundo título", content: "<p>Segunda versão</p>" });
    // Every editable column is in the snapshot (a column added later is kept too); identity,
    // timestamps and the scheduler's bookkeeping are not.
    expect(Object.keys(rows[0]!.snapshot as object).sort()).toEqual(
      Object.keys(post)
        .filter((column) => !["id", "createdAt", "updatedAt", "scheduleLogPending"].includes(column))
        .sort(),
    );
  });

  it("a post saved before the history existed keeps its earlier state as the first version on its next save", async () => {
    const { cookie } = await editor();
    const post = await db.blogPost.create({
      data: { title: "Antigo", slug: "antigo", coverImage: "/media/blog-media/blog-covers/1.png", excerpt: "R", content: "<p>Texto de antes</p>" },
    });
    await edit(cookie, post, { content: "<p>Texto novo</p>" });
    const page = await historyOf(cookie, post.id);
    expect(page.revisions.map((r) => [r.kind, r.who])).toEqual([
      ["save", expect.stringContaining("@")],
      ["baseline", "Antes do histórico"],
    ]);
    const shown = await historyOf(cookie, post.id, `?versao=${page.revisions[1]!.id}`);
    expect(shown.selected!.source).toBe("<p>Texto de antes</p>");
  });

  it("shows one version read-only: its fields, what differs from now, and its content sanitized (the source as text)", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "mostrar");
    await edit(cookie, post, { title: "Título novo", content: "<p>Novo</p>" });
    const first = (await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "asc" } })).id;
    const page = await historyOf(cookie, post.id, `?versao=${first}`);
    expect(page.selected!.fields.find((f) => f.column === "title")).toMatchObject({ label: "Título", value: "Post mostrar", changed: true });
    expect(page.selected!.fields.find((f) => f.column === "slug")).toMatchObject({ value: "mostrar", changed: false });
    expect(page.selected!.contentChanged).toBe(true);
    expect(page.confirming).toBe(false);
    expect((await historyOf(cookie, post.id, `?versao=${first}&restaurar`)).confirming).toBe(true);

    // A revision written by an older, looser sanitizer (or by hand) is never rendered as is.
    const hostile = await db.blogPostRevision.create({
      data: {
        postId: post.id,
        title: "X",
        slug: "mostrar",
        snapshot: {
          title: "X",
          slug: "mostrar",
          content: '<p onclick="x()">Oi</p><script>alert(1)</script>',
          campoNovo: "valor de um campo futuro",
          // The scheduler's bookkeeping, kept by older revisions: not an editor's field.
          scheduleLogPending: false,
        },
      },
    });
    const shown = await historyOf(cookie, post.id, `?versao=${hostile.id}`);
    expect(shown.selected!.html).toContain("<p>Oi</p>");
    expect(shown.selected!.html).not.toMatch(/script|onclick/);
    expect(shown.selected!.source).toContain("<script>");
    expect(shown.selected!.fields.find((f) => f.column === "campoNovo")).toMatchObject({ value: "valor de um campo futuro" });
    expect(shown.selected!.fields.map((f) => f.column)).not.toContain("scheduleLogPending");
    expect(page.selected!.fields.map((f) => f.column)).not.toContain("scheduleLogPending");

    for (const query of ["?versao=999999", "?versao=abc", "?versao=-1"]) {
      const missing = await historyOf(cookie, post.id, query);
      expect(missing.selected, query).toBeNull();
      expect(missing.missing, query).toBe(true);
    }
    const other = await createPost(cookie, "mostrar-outro");
    expect((await historyOf(cookie, other.id, `?versao=${first}`)).selected, "another post's version").toBeNull();
  });

  it("answers 404 for a post that does not exist", async () => {
    const { cookie } = await editor();
    const result = (await run(loader, getRequest(history("nao-existe"), { cookie }), "nao-existe")) as { data: { post: null }; init: ResponseInit };
    expect(result.data.post).toBeNull();
    expect(result.init.status).toBe(404);
  });
});

describe("restoring a version", () => {
  it("writes the version back (not its publication), is itself a new version, keeps the old state in the history, and is logged", async () => {
    const { cookie, email } = await editor("Ana Editora");
    const post = await createPost(cookie, "restaurar", { author: "Autora Um", meta_description: "Meta um" });
    await edit(cookie, post, { title: "Título dois", content: "<p>Segunda</p>", author: "Autora Dois", meta_description: "", is_published: "" });
    const [first, second] = await db.blogPostRevision.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } });

    const response = (await restore(cookie, post.id, first!.id)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${BLOG}?editar=${post.id}`);
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Versão restaurada" });

    const restored = await db.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    expect(restored).toMatchObject({ title: "Post restaurar", content: "<p>Primeira versão</p>", author: "Autora Um", metaDescription: "Meta um" });
    // The publication stays as the last save left it (a draft).
    expect(restored.isPublished).toBe(false);

    const rows = await db.blogPostRevision.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual([first!.id, second!.id]);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ kind: "restore", restoredFrom: first!.id, actorEmail: email, actorName: "Ana Editora", title: "Post restaurar" });
    const page = await historyOf(cookie, post.id);
    expect(page.revisions[0]!.restoredFrom).toBe(page.revisions[2]!.when);

    const entry = await db.activityEntry.findFirstOrThrow({ where: { action: "restore", targetId: post.id } });
    expect(entry).toMatchObject({ actorEmail: email, section: "blog", targetLabel: "Post restaurar" });
    expect(entry.summary).toContain("Versão de");

    // Restoring the state the restore replaced brings it back: both stay in the history.
    await restore(cookie, post.id, second!.id);
    expect(await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ title: "Título dois", content: "<p>Segunda</p>" });
    expect(await db.blogPostRevision.count({ where: { postId: post.id } })).toBe(4);
  });

  it("keeps the current slug when the version's slug now belongs to another post, and says so", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "slug-velho");
    await edit(cookie, post, { slug: "slug-novo" });
    await createPost(cookie, "slug-velho");
    const first = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "asc" } });
    const response = (await restore(cookie, post.id, first.id)) as Response;
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.description).toContain("“slug-velho” agora é de outro post");
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).slug).toBe("slug-novo");
  });

  it("re-sanitizes the content it writes back", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "sanear");
    const hostile = await db.blogPostRevision.create({
      data: { postId: post.id, title: "X", slug: "sanear", snapshot: { title: "X", content: '<p>Oi</p><script>alert(1)</script><img src="javascript:x">' } },
    });
    await restore(cookie, post.id, hostile.id);
    const saved = await db.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    expect(saved.title).toBe("X");
    expect(saved.content).not.toMatch(/script|javascript:/);
  });

  it("refuses, with a message and nothing written, a version of another post (404) and a bad form (400)", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "recusa");
    const other = await createPost(cookie, "recusa-outro");
    const foreign = await db.blogPostRevision.findFirstOrThrow({ where: { postId: other.id } });
    const before = await db.blogPostRevision.count();
    for (const [revision, status] of [
      [foreign.id, 404],
      [999999, 404],
      ["abc", 400],
      ["", 400],
    ] as const) {
      const result = (await restore(cookie, post.id, revision)) as { data: { toast: unknown }; init: ResponseInit };
      expect(result.init.status, String(revision)).toBe(status);
      expect(result.data.toast).toEqual(REVISION_NOT_FOUND);
    }
    const gone = (await restore(cookie, "nao-existe", foreign.id)) as { init: ResponseInit };
    expect(gone.init.status).toBe(404);
    expect(await db.blogPostRevision.count()).toBe(before);
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).title).toBe("Post recusa");
  });
});

describe("restoring a version whose files were deleted from the library", () => {
  it("keeps the post's current cover and social image, says so, and the post shows no broken image", async () => {
    const { cookie } = await editor();
    await save(cookie, { ...base, title: "Post capa-excluida", slug: "capa-excluida", cover_image: png("capa-a.png"), social_image: png("social-a.png") });
    const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "capa-excluida" } });
    const [oldCover, oldSocial] = [post.coverImage, post.socialImage!];
    await edit(cookie, post, { title: "Título novo", cover_image: png("capa-d.png"), social_image: png("social-d.png") });
    const edited = await db.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    expect([edited.coverImage, edited.socialImage]).not.toContain(oldCover);
    // No longer used by the live post: the library lets the admin delete them (revisions do not count as "in use").
    await deleteFromLibrary(cookie, oldCover);
    await deleteFromLibrary(cookie, oldSocial);
    expect(await served(oldCover)).toBe(404);

    const first = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "asc" } });
    const response = (await restore(cookie, post.id, first.id)) as Response;
    expect(response.status).toBe(302);
    const restored = await db.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    expect(restored.title).toBe("Post capa-excluida");
    expect(restored.coverImage).toBe(edited.coverImage);
    expect(restored.socialImage).toBe(edited.socialImage);
    expect(await served(restored.coverImage)).toBe(200);
    expect(await served(restored.socialImage!)).toBe(200);
    const toast = await toastOf(response);
    expect(toast).toMatchObject({ type: "success", title: "Versão restaurada" });
    expect(toast!.description).toContain("A imagem de capa desta versão foi excluída da biblioteca; a capa atual foi mantida.");
    expect(toast!.description).toContain("A imagem para redes sociais desta versão foi excluída da biblioteca; a imagem atual foi mantida.");
    // The new revision is the post as it is now: restoring it later brings back the files that exist.
    const newest = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "desc" } });
    expect(newest.snapshot).toMatchObject({ coverImage: edited.coverImage, socialImage: edited.socialImage });

    // A post with no social image of its own keeps none (the networks show the cover).
    await edit(cookie, post, { title: "Sem imagem social" });
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).socialImage).toBeNull();
    const again = (await restore(cookie, post.id, first.id)) as Response;
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).socialImage).toBeNull();
    expect((await toastOf(again))!.description).toContain("o post continua sem imagem própria (as redes sociais mostram a capa)");
  });

  it("brings the version's files back when they still exist, with no note", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "capa-existe");
    await edit(cookie, post, { cover_image: png("capa-nova.png") });
    const first = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "asc" } });
    const response = (await restore(cookie, post.id, first.id)) as Response;
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).coverImage).toBe(post.coverImage);
    expect((await toastOf(response))!.description).not.toContain("biblioteca");
  });

  it("takes the deleted files' images out of the restored content and turns links to them into text; files that exist stay", async () => {
    const { cookie } = await editor();
    const [imageA, imageB, attachment] = [
      await uploadToLibrary(cookie, "texto-a.png"),
      await uploadToLibrary(cookie, "texto-b.png"),
      await uploadToLibrary(cookie, "anexo.png"),
    ];
    const content =
      `<p>Antes</p><figure><img src="${imageA}" alt="A" /><figcaption>Legenda A</figcaption></figure>` +
      `<p><img src="${imageB}" alt="B" /></p><p><a href="${attachment}">baixar o anexo</a></p>`;
    const post = await createPost(cookie, "texto-com-imagens", { content });
    expect(post.content).toContain(imageA);
    await edit(cookie, post, { content: "<p>Sem imagens</p>" });
    await deleteFromLibrary(cookie, imageA);
    await deleteFromLibrary(cookie, attachment);

    const first = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id }, orderBy: { id: "asc" } });
    const response = (await restore(cookie, post.id, first.id)) as Response;
    expect(response.status).toBe(302);
    const restored = (await db.blogPost.findUniqueOrThrow({ where: { id: post.id } })).content;
    expect(restored).not.toContain(imageA);
    expect(restored).not.toContain(attachment);
    expect(restored).toContain(`<img src="${imageB}"`);
    expect(restored).toContain("<figcaption>Legenda A</figcaption>");
    expect(restored).toContain("baixar o anexo");
    expect(restored).toContain("<p>Antes</p>");
    const toast = await toastOf(response);
    const nameOf = (url: string) => url.split("/").at(-1)!;
    expect(toast!.description).toContain(`A imagem “${nameOf(imageA)}” do texto desta versão foi excluída da biblioteca e foi retirada do texto.`);
    expect(toast!.description).toContain(`O link para “${nameOf(attachment)}”, excluído da biblioteca, virou texto simples.`);
  });
});

describe("retention", () => {
  it("keeps only the newest POST_REVISIONS_KEEP revisions of each post (the others' are untouched)", async () => {
    (env as { POST_REVISIONS_KEEP: number }).POST_REVISIONS_KEEP = 3;
    const { cookie } = await editor();
    const other = await createPost(cookie, "retencao-outro");
    await edit(cookie, other, { title: "Outro 2" });
    const post = await createPost(cookie, "retencao");
    for (let n = 2; n <= 6; n++) await edit(cookie, post, { title: `Versão ${n}` });
    const rows = await db.blogPostRevision.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.title)).toEqual(["Versão 4", "Versão 5", "Versão 6"]);
    expect(await db.blogPostRevision.count({ where: { postId: other.id } })).toBe(2);
    // A restore counts too: it is the newest version, the oldest goes.
    await restore(cookie, post.id, rows[0]!.id);
    expect((await db.blogPostRevision.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } })).map((r) => [r.title, r.kind])).toEqual([
      ["Versão 5", "save"],
      ["Versão 6", "save"],
      ["Versão 4", "restore"],
    ]);
    expect((await historyOf(cookie, post.id)).keep).toBe(3);
  });

  it("deleting a post deletes its revisions and its old addresses", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "apagar-a");
    await edit(cookie, post, { slug: "apagar-b" });
    expect(await db.blogSlugRedirect.count({ where: { postId: post.id } })).toBe(1);
    await save(cookie, { intent: "delete", id: post.id });
    expect(await db.blogPostRevision.count({ where: { postId: post.id } })).toBe(0);
    expect(await db.blogSlugRedirect.count({ where: { postId: post.id } })).toBe(0);
    expect(await visit("apagar-a")).toEqual({ status: 404 });
  });
});

describe("slug redirects", () => {
  it("a published post's old slug answers 301 to the new address; chains go straight to the current one", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "cadeia-a");
    await edit(cookie, post, { slug: "cadeia-b" });
    expect(await visit("cadeia-a")).toEqual({ status: 301, location: "/blog/cadeia-b" });
    await edit(cookie, post, { slug: "cadeia-c" });
    expect(await visit("cadeia-a")).toEqual({ status: 301, location: "/blog/cadeia-c" });
    expect(await visit("cadeia-b")).toEqual({ status: 301, location: "/blog/cadeia-c" });
    expect(await visit("cadeia-c")).toEqual({ status: 200, slug: "cadeia-c" });
  });

  it("a slug that returns to an earlier value is the post's address again, with no loop", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "volta-a");
    await edit(cookie, post, { slug: "volta-b" });
    await edit(cookie, post, { slug: "volta-a" });
    expect(await visit("volta-a")).toEqual({ status: 200, slug: "volta-a" });
    // The detour's address, linked while the post was there, leads back to it.
    expect(await visit("volta-b")).toEqual({ status: 301, location: "/blog/volta-a" });
    expect(await db.blogSlugRedirect.findUnique({ where: { fromSlug: "volta-a" } })).toBeNull();
    // A restore that changes the slug leaves an old address too.
    const first = await db.blogPostRevision.findFirstOrThrow({ where: { postId: post.id, slug: "volta-b" } });
    await restore(cookie, post.id, first.id);
    expect(await visit("volta-a")).toEqual({ status: 301, location: "/blog/volta-b" });
    expect(await visit("volta-b")).toEqual({ status: 200, slug: "volta-b" });
  });

  it("a new post taking an old slug wins over the redirect", async () => {
    const { cookie } = await editor();
    const post = await createPost(cookie, "tomado-a");
    await edit(cookie, post, { slug: "tomado-b" });
    await createPost(cookie, "tomado-a", { title: "O novo dono" });
    expect(await visit("tomado-a")).toEqual({ status: 200, slug: "tomado-a" });
    expect(await db.blogSlugRedirect.findUnique({ where: { fromSlug: "tomado-a" } })).toBeNull();
  });

  it("no redirect for a post that was never public, nor to a post that is not public now", async () => {
    const { cookie } = await editor();
    const draft = await createPost(cookie, "rascunho-a", { is_published: "" });
    await edit(cookie, draft, { slug: "rascunho-b" });
    expect(await db.blogSlugRedirect.count({ where: { postId: draft.id } })).toBe(0);
    expect(await visit("rascunho-a")).toEqual({ status: 404 });

    const post = await createPost(cookie, "despublicado-a");
    await edit(cookie, post, { slug: "despublicado-b" });
    await edit(cookie, post, { is_published: "" });
    expect(await visit("despublicado-a")).toEqual({ status: 404 });
    expect(await visit("despublicado-b")).toEqual({ status: 404 });
  });
});
