// HTML pasted into a post, as an editor does it, with JavaScript on and off: the save keeps the
// spec's toast and, on the page it leads to, says in words what the sanitizer removed (inline
// styles, classes, comments, the level-1 heading made level 2); the public post keeps its heading
// ids, so its in-page links work, and shows none of what was removed. The site's own ids around a
// post (public page and preview) are all ones a post's heading never takes. Restoring an old (or
// altered) version says which fields a save would refuse and what the sanitizer removed.
import { expect, test, type Page } from "@playwright/test";
import { blogPostsDeletedAfterEach, e2eDb, fillContent, formReady, PNG, signIn, toast, unique } from "./admin-helpers";
import { SANITIZE_NOTES, SITE_IDS } from "../../app/lib/sanitize.server.ts";

const created = blogPostsDeletedAfterEach();

const PASTED =
  '<h1 id="guia" class="Titulo" style="color:#c00;font-family:Comic Sans MS">Guia de anúncios</h1>' +
  "<!-- rascunho: revisar antes de publicar -->" +
  '<p class="MsoNormal" style="font-size:22px"><a href="#passo-3">Pular para o passo 3</a></p>' +
  `<h2 id="passo-1">Passo 1</h2><p>${"Texto do primeiro passo. ".repeat(40)}</p>` +
  `<h2 id="passo-2">Passo 2</h2><p>${"Texto do segundo passo. ".repeat(40)}</p>` +
  '<h2 id="passo-3" style="text-transform:uppercase">Passo 3</h2><p>Fim do guia.</p>';

const shots = (name: string) => `${test.info().project.outputDir}/shots/${name}-${test.info().project.name}.png`;

/** Ids of the page outside the post's content that a heading id could take (React's generated ids never can). */
async function siteIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("[id]"))
      .filter((element) => !element.closest(".prose-blog"))
      .map((element) => element.id)
      .filter((id) => /^[A-Za-z][\w-]{0,63}$/.test(id)),
  );
}

test("pasted HTML: the toast as the spec writes it, what was removed in words, and a public post whose in-page links work", async ({ page }) => {
  const title = unique("Guia colado");
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo do guia.");
  await fillContent(page, PASTED);
  await page.getByRole("button", { name: "Criar Post" }).click();

  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const notice = page.getByRole("status").filter({ hasText: "O conteúdo foi salvo com ajustes" });
  await expect(notice).toBeVisible();
  for (const note of [SANITIZE_NOTES["titulo-principal"], SANITIZE_NOTES.estilo, SANITIZE_NOTES.classe, SANITIZE_NOTES.comentario]) {
    await expect(notice.getByText(note)).toBeVisible();
  }
  await expect(notice).not.toContainText("âncoras");
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  created.push(new URL(href, "http://x").searchParams.get("editar")!);
  await page.screenshot({ path: shots("admin-desktop"), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots("admin-phone") });

  await page.getByRole("link", { name: "Ver post" }).click();
  const article = page.locator(".prose-blog");
  await expect(article.getByRole("heading", { level: 2, name: "Guia de anúncios" })).toHaveAttribute("id", "guia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(article.locator("[style], [class], h1")).toHaveCount(0);
  expect(await article.innerHTML()).not.toContain("rascunho");
  // The chat opens by itself on a first visit; closed, the screenshot shows the post.
  await page
    .getByRole("link", { name: "Fechar chat" })
    .or(page.getByRole("button", { name: "Fechar chat" }))
    .first()
    .click();
  await article.getByRole("heading", { name: "Guia de anúncios" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots("post-phone") });

  await article.getByRole("link", { name: "Pular para o passo 3" }).click();
  await expect(page).toHaveURL(/#passo-3$/);
  await expect(article.getByRole("heading", { name: "Passo 3" })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots("post-desktop") });
});

test("the ids of the site's own page around a post, public and in the preview, are all ones a heading never takes", async ({ page }) => {
  const title = unique("Post de âncoras");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await fillContent(page, [...SITE_IDS].map((id) => `<h2 id="${id}">Seção ${id}</h2><p>Texto.</p>`).join(""));
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "O conteúdo foi salvo com ajustes" })).toContainText(SANITIZE_NOTES["ancora-ajustada"]);
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  const id = new URL(href, "http://x").searchParams.get("editar")!;
  created.push(id);

  for (const path of [await page.getByRole("link", { name: "Ver post" }).getAttribute("href"), `/admin/blog/preview/${id}`]) {
    await page.goto(path!);
    await expect(page.locator(".prose-blog h2").first()).toBeVisible();
    const own = await siteIds(page);
    expect(own.length, path!).toBeGreaterThan(0);
    for (const siteId of own) expect(SITE_IDS.has(siteId), `${path}: #${siteId}`).toBe(true);
    const headingIds = await page.locator(".prose-blog h2").evaluateAll((headings) => headings.map((heading) => heading.id));
    expect(headingIds).toEqual([...SITE_IDS].map((siteId) => `${siteId}-2`));
  }
});

test("restoring an old version: fields a save refuses stay as they are, and what the sanitizer removed is listed", async ({ page }) => {
  const title = unique("Post restaurado");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await fillContent(page, "<p>Texto atual.</p>");
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  const id = new URL(href, "http://x").searchParams.get("editar")!;
  created.push(id);
  // A version saved under looser rules (or altered in the database): a styled level-1 heading, an SEO title too long.
  const db = await e2eDb();
  const old = await db.blogPostRevision.create({
    data: {
      postId: id,
      title,
      slug: "x",
      actorEmail: "antiga@exemplo.com.br",
      snapshot: { content: '<h1 style="color:red">Versão antiga</h1><p class="destaque">Texto antigo.</p>', seoTitle: "T".repeat(80) },
    },
  });

  await page.goto(`/admin/blog/${id}/revisoes?versao=${old.id}&restaurar`);
  await page.getByRole("button", { name: "Restaurar versão" }).click();
  await expect(toast(page, "Versão restaurada")).toContainText("“Título para buscadores” desta versão não foi restaurado");
  const notice = page.getByRole("status").filter({ hasText: "O conteúdo foi salvo com ajustes" });
  for (const note of [SANITIZE_NOTES["titulo-principal"], SANITIZE_NOTES.estilo, SANITIZE_NOTES.classe]) await expect(notice.getByText(note)).toBeVisible();
  await expect(page.locator('textarea[name="content"]')).toHaveValue("<h2>Versão antiga</h2><p>Texto antigo.</p>");
  await expect(page.locator('[name="seo_title"]')).toHaveValue("");
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots("restore-phone") });
});
