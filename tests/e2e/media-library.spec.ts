// The media library, JavaScript on and off: upload a file in /admin/midia, pick it in a section's
// form (a dialog with JavaScript, the library's picker page without), see that no delete is
// offered while a row uses it, edit alt text, search, and delete unused files one or many at once. On local disk by default; with E2E_S3=1 the
// server stores uploads in a real S3-protocol server (npm run test:e2e:s3).
import { expect, test, type Page } from "@playwright/test";
import { formReady, PNG, signIn, toast, unique } from "./admin-helpers";

/** Uploads a PNG into the portfolio bucket and returns its stored name (the toast names it). */
async function uploadPng(page: Page): Promise<string> {
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await formReady(page);
  await page.locator('input[name="arquivo_portfolio"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const sent = toast(page, "Arquivo enviado");
  await expect(sent).toContainText(/“imagem-[a-z2-7]{13}\.png” já está na biblioteca\./);
  const name = /“(imagem-[a-z2-7]{13}\.png)”/.exec((await sent.textContent()) ?? "")![1]!;
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${name}"]`)).toBeVisible();
  return name;
}

async function deleteFromLibrary(page: Page, name: string) {
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await formReady(page);
  await page.getByRole("link", { name: `Excluir ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Tem certeza que deseja excluir “${name}”?`);
  await dialog.getByRole("button", { name: "Excluir" }).click();
}

test("upload in the library, pick the file in a project's form, refused delete while used, delete once unused", async ({ page }) => {
  const title = unique("Projeto da biblioteca");
  await signIn(page, "/admin/midia");
  const name = await uploadPng(page);

  // Pick it for a new portfolio project's cover.
  await page.goto("/admin/portfolio?novo");
  await formReady(page);
  // What was typed before picking stays (without JavaScript the picker submits the form).
  await page.locator('[name="title"]').fill(title);
  await page.getByRole("button", { name: "Escolher da biblioteca" }).click();
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole("button", { name: `Escolher ${name}` }).click();
  } else {
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Escolher ${name}` })
      .click();
  }
  await expect(page.locator('[data-library-choice="cover_image"]')).toBeVisible();
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  // The file's public URL: under /media on local disk, at the store's address with E2E_S3=1.
  const base = process.env.E2E_S3 === "1" ? "http://127\\.0\\.0\\.1:\\d+/" : "/media/";
  await expect(page.locator('input[name="cover_image_biblioteca"]')).toHaveValue(new RegExp(`^${base}portfolio-media/biblioteca/${name.replace(".", "\\.")}$`));
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="category"]').selectOption("IA");
  await page.locator('[name="description"]').fill("Capa escolhida da biblioteca.");
  await page.locator('[name="result"]').fill("Sem novo upload.");
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(toast(page, "Projeto criado")).toBeVisible();

  // The library shows where the file is used, and offers no delete for it (it could only fail).
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  const card = page.locator(`[data-media="${name}"]`);
  await expect(card.getByRole("link", { name: title })).toBeVisible();
  await expect(card.getByRole("link", { name: `Excluir ${name}` })).toHaveCount(0);
  await expect(card.getByRole("checkbox")).toHaveCount(0);
  await expect(card).toContainText("Em uso: troque o arquivo nesses registros para poder excluí-lo.");

  // Deleting the project (the only row using it) keeps the file, now unused; the library deletes it.
  await page.goto("/admin/portfolio");
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Projeto excluído")).toBeVisible();
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${name}"]`)).toContainText("Não usado");
  await deleteFromLibrary(page, name);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
  await expect(page.locator(`[data-media="${name}"]`)).toHaveCount(0);
});

test("an unused file is deleted from the library after confirmation", async ({ page }) => {
  await signIn(page, "/admin/midia");
  const name = await uploadPng(page);
  await expect(page.locator(`[data-media="${name}"]`)).toContainText("Não usado");
  await deleteFromLibrary(page, name);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/midia$/);
  await expect(page.locator(`[data-media="${name}"]`)).toHaveCount(0);
});

test("alt text is edited per file, search finds files by name, and a wide image is shown whole", async ({ page }) => {
  await signIn(page, "/admin/midia");
  const name = await uploadPng(page);
  await page.goto(`/admin/midia?busca=${encodeURIComponent(name.replace(".png", ""))}`);
  await formReady(page);
  const card = page.locator(`[data-media="${name}"]`);
  await expect(card).toBeVisible();
  // The thumbnail is never cropped: the whole image, letterboxed.
  await expect(card.locator("img")).toHaveCSS("object-fit", "contain");
  await card.getByText("Texto alternativo:").click();
  await card.getByLabel(`Texto alternativo de ${name}`).fill("Quadrado azul da marca");
  await card.getByRole("button", { name: "Salvar texto" }).click();
  await expect(toast(page, "Texto alternativo salvo")).toBeVisible();
  await expect(page).toHaveURL(/busca=/);
  await expect(page.locator(`[data-media="${name}"] img`)).toHaveAttribute("alt", "Quadrado azul da marca");
  await expect(page.locator(`[data-media="${name}"]`)).toContainText("Quadrado azul da marca");

  // Search is a GET form: its address can be shared; a name that matches nothing says so.
  await page.getByLabel("Buscar por nome").fill("nenhum-arquivo-tem-este-nome");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/busca=nenhum-arquivo-tem-este-nome/);
  await expect(page.getByText("Nenhum arquivo encontrado para “nenhum-arquivo-tem-este-nome”")).toBeVisible();
  await deleteFromLibrary(page, name);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});

test("bulk delete: selected unused files go after one confirmation; a file that came into use meanwhile is kept, said once", async ({ page }) => {
  await signIn(page, "/admin/midia");
  const [first, second] = [await uploadPng(page), await uploadPng(page)];
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await formReady(page);
  await page.getByRole("button", { name: "Excluir selecionados" }).click();
  await expect(page.getByRole("alert")).toContainText("Marque os arquivos que deseja excluir.");
  for (const name of [first, second]) await page.getByRole("checkbox", { name: `Selecionar ${name}` }).check();
  await page.getByRole("button", { name: "Excluir selecionados" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Tem certeza que deseja excluir 2 arquivos?");
  await expect(dialog).toContainText(first);
  await expect(dialog).toContainText(second);

  // Meanwhile someone uses the second file in a project (another tab, the same admin).
  const title = unique("Usa no meio tempo");
  const saved = await page.request.post("/admin/portfolio", {
    multipart: { title, category: "IA", description: "D", result: "R", cover_image_biblioteca: `/media/portfolio-media/biblioteca/${second}` },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  await dialog.getByRole("button", { name: "Excluir" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Arquivo em uso" });
  await expect(refusal).toContainText(`“${second}” está em uso em Portfólio: “${title}”. O outro arquivo foi excluído.`);
  // Said once: no toast besides the message, and no dialog offering a delete that can only fail.
  await expect(page.getByText("Arquivo em uso")).toHaveCount(1);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${first}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-media="${second}"]`)).toHaveCount(1);

  // Clean up: the project goes, then the file.
  await page.goto("/admin/portfolio");
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Projeto excluído")).toBeVisible();
  await deleteFromLibrary(page, second);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});
