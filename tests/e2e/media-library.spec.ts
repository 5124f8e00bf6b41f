// The media library, JavaScript on and off: upload a file in /admin/midia, pick it in a section's
// form (a dialog with JavaScript, the library's picker page without), see its deletion refused
// while the row uses it, and delete an unused file. On local disk by default; with E2E_S3=1 the
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
  await expect(sent).toContainText(/“\d+\.png” já está na biblioteca\./);
  const name = /“(\d+\.png)”/.exec((await sent.textContent()) ?? "")![1]!;
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

  // The library shows where the file is used and refuses to delete it.
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${name}"]`).getByRole("link", { name: title })).toBeVisible();
  await deleteFromLibrary(page, name);
  await expect(page.getByRole("alertdialog").getByRole("alert")).toContainText(`está em uso em Portfólio: “${title}”`);
  await expect(page.locator(`[data-media="${name}"]`)).toHaveCount(1);

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
