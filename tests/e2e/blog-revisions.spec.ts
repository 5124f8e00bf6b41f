// A post's revision history from the editor's point of view, with JavaScript on and off: edit a
// post twice, open "Histórico de versões" from its form, look at the first version, restore it
// (after the confirmation), and find it back in the form; the old address of the post follows.
import { expect, test } from "@playwright/test";
import { blogPostsDeletedAfterEach, fillContent, formReady, PNG, signIn, toast, unique } from "./admin-helpers";

const created = blogPostsDeletedAfterEach();

test("edit a post twice, open its history, restore the first version and see it in the form", async ({ page }) => {
  const title = unique("Versoes");
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="slug"]').fill(slug);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo da primeira versão.");
  await fillContent(page, "<p>Texto da primeira versão.</p>");
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  const id = new URL(href, "http://site").searchParams.get("editar")!;
  created.push(id);

  // Two edits: the second also moves the post to a new address.
  for (const [n, fields] of [
    [2, { title: `${title} (2)`, content: "<p>Texto da segunda versão.</p>" }],
    [3, { title: `${title} (3)`, content: "<p>Texto da terceira versão.</p>", slug: `${slug}-novo` }],
  ] as const) {
    await page.goto(`/admin/blog?editar=${id}`);
    await formReady(page);
    await expect(page.locator('[name="title"]')).not.toHaveValue("");
    await page.locator('[name="title"]').fill(fields.title);
    await fillContent(page, fields.content);
    if ("slug" in fields) await page.locator('[name="slug"]').fill(fields.slug);
    await page.getByRole("button", { name: "Atualizar Post" }).click();
    await expect(toast(page, "Post atualizado com sucesso!"), `edit ${n}`).toBeVisible();
  }

  await page.goto(`/admin/blog?editar=${id}`);
  await page.getByRole("link", { name: "Histórico de versões" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Histórico de versões" })).toBeVisible();
  const versions = page.getByRole("region", { name: "Versões" }).getByRole("listitem");
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("Mais recente");
  await expect(versions.first()).toContainText(`${title} (3)`);

  await versions.last().getByRole("link").click();
  const version = page.getByRole("article");
  await expect(version).toContainText("Diferente do post atual em: Título, Slug, Conteúdo.");
  await expect(version.locator(".prose-blog")).toHaveText("Texto da primeira versão.");

  await page.getByRole("link", { name: "Restaurar esta versão" }).click();
  const question = page.getByRole("alertdialog", { name: "Restaurar esta versão?" });
  await expect(question).toBeVisible();
  // Cancelling changes nothing.
  await question.getByRole("link", { name: "Cancelar" }).click();
  await expect(question).toHaveCount(0);
  await page.getByRole("link", { name: "Restaurar esta versão" }).click();
  await page.getByRole("button", { name: "Restaurar versão" }).click();

  await expect(toast(page, "Versão restaurada")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?editar=${id}$`));
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  await expect(page.locator('[name="slug"]')).toHaveValue(slug);
  await expect(page.locator('textarea[name="content"]')).toHaveValue("<p>Texto da primeira versão.</p>");

  // The restore is the newest version; the state it replaced is still in the history.
  await page.getByRole("link", { name: "Histórico de versões" }).click();
  await expect(versions).toHaveCount(4);
  await expect(versions.first()).toContainText("Restauração");
  await expect(versions.nth(1)).toContainText(`${title} (3)`);

  // The address the post had while it was "-novo" now leads back to it.
  const moved = await page.request.get(`/blog/${slug}-novo`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe(`/blog/${slug}`);
  await page.goto(`/blog/${slug}-novo`);
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});
