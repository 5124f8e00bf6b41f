// Without JavaScript, a refused save keeps the file already sent: the form comes back with the
// stored cover as its choice ("Arquivo já enviado"), so fixing the other field and saving again
// creates the post with that cover, without choosing the file again. A save that finds the session
// ended keeps what was typed across the sign-in (the file it cannot keep is named).
import { expect, test } from "@playwright/test";
import { ADMIN, PNG, signIn, toast, unique } from "./admin-helpers";

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

test("a save after the session ended (signed out in another tab) keeps what was typed across the sign-in, and says the file could not be kept", async ({
  page,
  context,
}) => {
  await signIn(page, "/admin/portfolio");
  const href = (await page
    .getByRole("link", { name: /^Editar / })
    .first()
    .getAttribute("href"))!;
  await page.goto(href);
  const saved = await page.locator('[name="title"]').inputValue();
  const title = unique("Título escrito com a sessão encerrada");
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="result"]').fill("Resultado reescrito enquanto a sessão acabava.");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);

  // Signed out in another tab of the same browser.
  const other = await context.newPage();
  await other.goto("/admin/dashboard");
  await other.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(other).toHaveURL("/");
  await other.close();

  await page.getByRole("button", { name: "Atualizar Projeto" }).click();
  await expect(page).toHaveURL(`/admin/login?redirectTo=${encodeURIComponent(href)}`);
  const note = page.locator("[data-session-ended]");
  await expect(note).toContainText("Sua sessão terminou. Entre de novo para salvar o que você escreveu.");
  await expect(note).toContainText("O arquivo escolhido (“imagem.png”) não pôde ser guardado: escolha-o de novo antes de salvar.");

  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  // Back at the form with what was typed, not saved: the person saves it.
  await expect(page).toHaveURL(href);
  await expect(page.locator("[data-restored-draft]")).toContainText("Ainda não foi salvo");
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  await expect(page.locator('[name="result"]')).toHaveValue("Resultado reescrito enquanto a sessão acabava.");
  await page.goto("/admin/portfolio");
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto(href);
  // Shown once: the form is the stored row again.
  await expect(page.locator('[name="title"]')).toHaveValue(saved);
});
