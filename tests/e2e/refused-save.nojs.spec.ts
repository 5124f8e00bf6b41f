// Without JavaScript, a refused save keeps the file already sent: the form comes back with the
// stored cover as its choice ("Arquivo já enviado"), so fixing the other field and saving again
// creates the post with that cover, without choosing the file again.
import { expect, test } from "@playwright/test";
import { PNG, signIn, toast, unique } from "./admin-helpers";

test("a save refused for another field keeps the cover already sent", async ({ page }) => {
  await signIn(page, "/admin/blog");
  const title = unique("Post recusado");
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await page.locator('textarea[name="content"]').fill("<p>Texto.</p>");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.locator('[name="meta_description"]').fill("x".repeat(200));
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();

  await expect(page.getByText("A meta descrição deve ter no máximo 160 caracteres.")).toBeVisible();
  const kept = page.locator('[data-library-choice="cover_image"]');
  await expect(kept).toContainText("Arquivo já enviado");
  const url = await page.locator('input[name="cover_image_biblioteca"]').inputValue();
  expect(url).toMatch(/^\/media\/blog-media\/blog-covers\/.+\.png$/);

  await page.locator('[name="meta_description"]').fill("Uma descrição curta.");
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  await page.goto(href);
  await expect(page.locator('[name="social_image_url"]')).toBeVisible();
  expect(await page.content()).toContain(encodeURIComponent(url));
  await page.request.post("/admin/blog", { form: { intent: "delete", id: new URL(href, "http://x").searchParams.get("editar")! }, maxRedirects: 0 });
});
