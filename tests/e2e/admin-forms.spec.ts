// JavaScript on and off: a section's form never carries state from one use to the next. After a
// save the view is the list again (for the blog: an empty new-post form beside it), and
// 'Cancelar' leaves nothing behind, all without reloading the page.
import { expect, test, type Page } from "@playwright/test";
import { fillContent, formReady, PNG, signIn, toast, unique } from "./admin-helpers";

// With JavaScript, 'Cancelar' on a form with typed changes first asks whether to drop them
// (tests/e2e/unsaved-work.js.spec.ts tests that question); here the editor says yes.
test.beforeEach(({ page }) => {
  page.on("dialog", (dialog) => void dialog.accept());
});

async function expectEmptyPostForm(page: Page) {
  // After a save the list names the saved post (?salvo=), to show where it stands.
  await expect(page).toHaveURL(/\/admin\/blog(\?salvo=[\w-]+)?$/);
  await expect(page.getByRole("heading", { name: "Novo Post" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Criar Post" })).toBeVisible();
  for (const name of ["title", "slug", "excerpt", "content"]) await expect(page.locator(`[name="${name}"]`)).toHaveValue("");
  await expect(page.locator('[name="author"]')).toHaveValue("Wind Digital");
  await expect(page.locator('[name="publication"][value="publish"]')).toBeChecked();
  await expect(page.locator('input[name="cover_image"]')).toHaveValue("");
  await expect(page.locator("[data-preview]")).toHaveCount(0);
}

test("blog: after 'Criar Post' the form is an empty new-post form again, and 'Cancelar' clears a new or edited post", async ({ page }) => {
  const title = unique("Post Reset");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="slug"]').fill(title.toLowerCase().replace(/\s+/g, "-"));
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo do reset.");
  await fillContent(page, "<p>Conteúdo do reset.</p>");
  await page.locator('[name="author"]').fill("Outra Autora");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Rascunho");
  await expectEmptyPostForm(page);

  // 'Cancelar' on a new post that has been typed into.
  await formReady(page);
  await page.locator('[name="title"]').fill("Rascunho que será descartado");
  await page.locator('[name="excerpt"]').fill("Descartar.");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expectEmptyPostForm(page);

  // 'Cancelar' while editing: back to an empty new-post form.
  await page.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Editar Post" })).toBeVisible();
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  await formReady(page);
  await page.locator('[name="excerpt"]').fill("Mudança não salva.");
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expectEmptyPostForm(page);
});

// Every other section: the form opened again after a save or a 'Cancelar' starts empty.
const sections = [
  { path: "/admin/portfolio", open: "Novo Projeto", field: "title" },
  { path: "/admin/led-panels", open: "Novo Painel", field: "title" },
  { path: "/admin/window-films-portfolio", open: "Novo Projeto", field: "title" },
  { path: "/admin/window-films-testimonials", open: "Novo Depoimento", field: "client_name" },
  { path: "/admin/client-logos", open: "Novo Logo", field: "client_name" },
  { path: "/admin/course-testimonials", open: "Novo Depoimento", field: "student_name" },
];

test("every section: 'Cancelar' leaves nothing in the next new form", async ({ page }) => {
  await signIn(page);
  for (const { path, open, field } of sections) {
    await page.goto(path);
    await page.getByRole("link", { name: open }).click();
    await expect(page).toHaveURL(/\?novo$/);
    await formReady(page);
    await page.locator(`[name="${field}"]`).fill("Texto que não deve sobrar");
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator(`[name="${field}"]`)).toHaveCount(0);
    await page.getByRole("link", { name: open }).click();
    await expect(page).toHaveURL(/\?novo$/);
    await expect(page.locator(`[name="${field}"]`)).toHaveValue("");
  }
});

test("LED panels: after a save the next new form starts empty", async ({ page }) => {
  const title = unique("Painel Reset");
  await signIn(page, "/admin/led-panels?novo");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="primary_flow"]').fill("10 mil/dia");
  await page.locator('[name="reach"]').fill("300 mil/mês");
  await page.locator('[name="flow"]').fill("Médio");
  await page.locator('[name="description"]').fill("Reset.");
  await page.getByRole("button", { name: "Criar Painel" }).click();
  await expect(toast(page, "Painel criado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/led-panels$/);
  await page.getByRole("link", { name: "Novo Painel" }).click();
  for (const name of ["title", "primary_flow", "reach", "flow", "description"]) await expect(page.locator(`[name="${name}"]`)).toHaveValue("");
});
