// JavaScript off: every admin form still works as a plain HTML form.
import { expect, test } from "@playwright/test";
import { PNG, signIn, unique } from "./admin-helpers";

test("without JavaScript: create and delete an LED panel through the confirmation page", async ({ page }) => {
  const title = unique("Painel sem JS");
  await signIn(page);
  await page.goto("/admin/led-panels?novo");
  // The form is the native <dialog>, shown open by the server's HTML (no script opens it).
  await expect(page.locator("dialog[open]")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Novo Painel" })).toBeVisible();
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="primary_flow"]').fill("10 mil/dia");
  await page.locator('[name="reach"]').fill("300 mil/mês");
  await page.locator('[name="flow"]').fill("Médio");
  await page.locator('[name="description"]').fill("Criado sem JavaScript.");
  await page.locator('input[name="photo"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Painel" }).click();
  await expect(page).toHaveURL(/\/admin\/led-panels$/);
  await expect(page.locator("[data-toast]").filter({ hasText: "Painel criado com sucesso!" })).toBeVisible();
  await page.goto("/led-panels");
  await expect(page.getByText(title).first()).toBeVisible();

  await page.goto("/admin/led-panels");
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await expect(page).toHaveURL(/\?excluir=/);
  await expect(page.getByRole("alertdialog")).toContainText("Tem certeza que deseja excluir este painel?");
  await expect(page.locator("dialog[open]")).toHaveRole("alertdialog");
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Painel excluído com sucesso!" })).toBeVisible();
  await page.goto("/led-panels");
  await expect(page.getByText(title)).toHaveCount(0);
});

test("without JavaScript: an empty form shows the server's Portuguese errors next to the fields, values kept", async ({ page }) => {
  await signIn(page, "/admin/led-panels?novo");
  await page.locator('[name="title"]').fill("Só o título");
  await page.getByRole("button", { name: "Criar Painel" }).click();
  await expect(page.getByText("Fluxo principal é obrigatório")).toBeVisible();
  await expect(page.getByText("Alcance é obrigatório")).toBeVisible();
  await expect(page.getByText("Descrição é obrigatória")).toBeVisible();
  await expect(page.locator('[name="title"]')).toHaveValue("Só o título");

  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Título é obrigatório")).toBeVisible();
  await expect(page.getByText("Imagem de capa é obrigatória")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Erro ao salvar post" })).toBeVisible();
});

test("without JavaScript: create a blog post (URL list as a textarea elsewhere), see it published", async ({ page }) => {
  const title = unique("Post sem JS");
  await signIn(page, "/admin/blog");
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo sem JavaScript.");
  await page.locator('[name="content"]').fill("<p>Funciona sem JavaScript.</p>");
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Post criado com sucesso!" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Publicado");
  await page.goto("/blog");
  await expect(page.getByText(title).first()).toBeVisible();

  await page.goto("/admin/portfolio?novo");
  await expect(page.locator('textarea[name="images"]')).toBeVisible();
});
