// JavaScript on: sign in, then create, edit and delete one item in each of the seven sections
// (with a real upload where the form takes one) and see each change on the public page.
import { expect, test, type Page } from "@playwright/test";
import { fillContent, formReady, MP4, PNG, signIn, toast, unique } from "./admin-helpers";

async function expectPublic(page: Page, path: string, text: string, visible: boolean) {
  await page.goto(path);
  const locator = page.getByText(text, { exact: false }).first();
  if (visible) await expect(locator).toBeVisible();
  else await expect(page.getByText(text)).toHaveCount(0);
}

/**
 * Opens a row's edit form from its list page, and returns once the edit form is the one shown
 * (its field holds the row's value): typing earlier would go into the form being replaced.
 */
async function openEdit(page: Page, path: string, label: string, field: string, value: string) {
  await page.goto(path);
  await formReady(page);
  await page.getByRole("link", { name: `Editar ${label}` }).click();
  await expect(page.locator(`[name="${field}"]`)).toHaveValue(value);
}

async function confirmDelete(page: Page, label: string, message: string) {
  await formReady(page);
  await page.getByRole("link", { name: `Excluir ${label}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(message);
  await dialog.getByRole("button", { name: "Excluir" }).click();
}

// The sign-in form and its welcome toast are tested in admin-guard.spec.ts.
test("the dashboard links every section; sign-out says goodbye and goes home", async ({ page }) => {
  await signIn(page);
  for (const name of [
    "Portfólio",
    "Painéis LED",
    "Window Films · Portfólio",
    "Window Films · Depoimentos",
    "Logos de clientes",
    "Depoimentos do curso",
    "Blog",
  ]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await page.getByRole("button", { name: "Sair do painel" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Logout realizado")).toContainText("Até logo!");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
});

test("portfolio: create with cover upload and URL list, edit, delete", async ({ page }) => {
  const title = unique("Case E2E");
  await signIn(page, "/admin/portfolio");
  await formReady(page);
  await page.getByRole("link", { name: "Novo Projeto" }).click();
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="category"]').selectOption("IA");
  await page.locator('[name="description"]').fill("Descrição do case.");
  await page.locator('[name="result"]').fill("+200% de leads");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  const images = page.getByRole("textbox", { name: "URLs de imagens" });
  await images.fill("  https://picsum.photos/seed/e2e/800/600  ");
  await images.press("Enter");
  await expect(page.getByRole("button", { name: /^Remover https:\/\/picsum/ })).toBeVisible();
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(toast(page, "Upload concluído")).toBeVisible();
  await expect(toast(page, "Projeto criado")).toContainText("O novo projeto foi adicionado com sucesso.");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expectPublic(page, "/portfolio", title, true);

  await openEdit(page, "/admin/portfolio", title, "title", title);
  await page.locator('[name="title"]').fill(`${title} v2`);
  await page.getByRole("button", { name: "Atualizar Projeto" }).click();
  await expect(toast(page, "Projeto atualizado")).toBeVisible();
  await expectPublic(page, "/portfolio", `${title} v2`, true);

  await page.goto("/admin/portfolio");
  await confirmDelete(page, `${title} v2`, "Tem certeza que deseja excluir este projeto?");
  await expect(toast(page, "Projeto excluído")).toBeVisible();
  await expectPublic(page, "/portfolio", title, false);
});

test("LED panels: modal form with photo, edit, delete", async ({ page }) => {
  const title = unique("Painel E2E");
  await signIn(page, "/admin/led-panels");
  await formReady(page);
  await page.getByRole("link", { name: "Novo Painel" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.locator('[name="title"]').fill(title);
  await dialog.locator('[name="primary_flow"]').fill("40 mil/dia");
  await dialog.locator('[name="reach"]').fill("1 mi/mês");
  await dialog.locator('[name="flow"]').fill("Alto");
  await dialog.locator('[name="description"]').fill("Painel de teste.");
  await dialog.locator('input[name="photo"]').setInputFiles(PNG);
  await dialog.getByRole("button", { name: "Criar Painel" }).click();
  await expect(toast(page, "Painel criado com sucesso!")).toBeVisible();
  await expectPublic(page, "/led-panels", title, true);

  await openEdit(page, "/admin/led-panels", title, "title", title);
  await page.getByRole("dialog").locator('[name="reach"]').fill("2 mi/mês");
  await page.getByRole("dialog").getByRole("button", { name: "Atualizar Painel" }).click();
  await expect(toast(page, "Painel atualizado com sucesso!")).toBeVisible();
  await expectPublic(page, "/led-panels", "2 mi/mês", true);

  await page.goto("/admin/led-panels");
  await confirmDelete(page, title, "Tem certeza que deseja excluir este painel?");
  await expect(toast(page, "Painel excluído com sucesso!")).toBeVisible();
  await expectPublic(page, "/led-panels", title, false);
});

test("window-films portfolio: create with cover video, edit, delete", async ({ page }) => {
  const title = unique("Filme E2E");
  await signIn(page, "/admin/window-films-portfolio");
  await formReady(page);
  await page.getByRole("link", { name: "Novo Projeto" }).click();
  await expect(page.locator('[name="category"]')).toHaveValue("Corporativo");
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="category"]').selectOption("Eventos");
  await page.locator('[name="client"]').fill("Cliente E2E");
  await page.locator('input[name="cover_image"]').setInputFiles(MP4);
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(toast(page, "Projeto criado com sucesso")).toBeVisible();
  await expectPublic(page, "/window-films", title, true);

  await openEdit(page, "/admin/window-films-portfolio", title, "title", title);
  await page.locator('[name="title"]').fill(`${title} v2`);
  await page.getByRole("button", { name: "Atualizar Projeto" }).click();
  await expect(toast(page, "Projeto atualizado com sucesso")).toBeVisible();
  await expectPublic(page, "/window-films", `${title} v2`, true);

  await page.goto("/admin/window-films-portfolio");
  await confirmDelete(page, `${title} v2`, "Tem certeza que deseja excluir este projeto? Esta ação não pode ser desfeita.");
  await expect(toast(page, "Projeto excluído com sucesso")).toBeVisible();
  await expectPublic(page, "/window-films", title, false);
});

test("window-films testimonials: client validation, create, edit, delete", async ({ page }) => {
  const name = unique("Cliente Depoimento");
  await signIn(page, "/admin/window-films-testimonials");
  await formReady(page);
  await page.getByRole("link", { name: "Novo Depoimento" }).click();
  await page.getByRole("button", { name: "Criar Depoimento" }).click();
  await expect(page.getByText("Nome do cliente é obrigatório")).toBeVisible();
  await page.locator('[name="client_name"]').fill(name);
  await page.locator('[name="testimonial"]').fill("Um trabalho impecável do começo ao fim.");
  await page.getByRole("button", { name: "Criar Depoimento" }).click();
  await expect(toast(page, "Depoimento criado com sucesso")).toBeVisible();
  await expectPublic(page, "/window-films", name, true);

  await openEdit(page, "/admin/window-films-testimonials", name, "client_name", name);
  await page.locator('[name="testimonial"]').fill("Texto atualizado pelo teste E2E.");
  await page.getByRole("button", { name: "Atualizar Depoimento" }).click();
  await expect(toast(page, "Depoimento atualizado com sucesso")).toBeVisible();
  await expectPublic(page, "/window-films", "Texto atualizado pelo teste E2E.", true);

  await page.goto("/admin/window-films-testimonials");
  await confirmDelete(page, name, "Tem certeza que deseja excluir este depoimento?");
  await expect(toast(page, "Depoimento excluído com sucesso")).toBeVisible();
  await expectPublic(page, "/window-films", name, false);
});

test("client logos: upload with preview, edit, delete with 'Tem certeza?'", async ({ page }) => {
  const name = unique("Logo E2E");
  await signIn(page, "/admin/client-logos");
  await formReady(page);
  await page.getByRole("link", { name: "Novo Logo" }).click();
  await page.locator('[name="client_name"]').fill(name);
  await page.locator('input[name="logo_file"]').setInputFiles(PNG);
  await expect(page.getByText("Pré-visualização")).toBeVisible();
  await page.getByRole("button", { name: "Adicionar Logo" }).click();
  await expect(toast(page, "Logo adicionado com sucesso!")).toBeVisible();
  await page.goto("/");
  await expect(page.getByAltText(name).first()).toBeAttached();

  await openEdit(page, "/admin/client-logos", name, "client_name", name);
  await page.locator('[name="client_name"]').fill(`${name} v2`);
  await page.getByRole("button", { name: "Atualizar Logo" }).click();
  await expect(toast(page, "Logo atualizado com sucesso!")).toBeVisible();
  await page.goto("/");
  await expect(page.getByAltText(`${name} v2`).first()).toBeAttached();

  await page.goto("/admin/client-logos");
  await confirmDelete(page, `${name} v2`, "Tem certeza?");
  await expect(toast(page, "Logo removido com sucesso!")).toBeVisible();
  await page.goto("/");
  await expect(page.getByAltText(`${name} v2`)).toHaveCount(0);
});

test("course testimonials: save stays disabled until a video is chosen; upload, edit, delete", async ({ page }) => {
  const name = unique("Aluno E2E");
  await signIn(page, "/admin/course-testimonials");
  await formReady(page);
  await page.getByRole("link", { name: "Novo Depoimento" }).click();
  const dialog = page.getByRole("dialog");
  const save = dialog.getByRole("button", { name: "Salvar Depoimento" });
  await expect(save).toBeDisabled();
  await dialog.locator('[name="student_name"]').fill(name);
  await dialog.locator('input[name="video_url"]').setInputFiles(MP4);
  await expect(save).toBeEnabled();
  await save.click();
  // The video went ahead to the library (the upload's toast says so); the save then used it.
  await expect(toast(page, "Upload concluído")).toContainText("Vídeo enviado com sucesso!");
  await expect(toast(page, "Depoimento criado com sucesso")).toBeVisible();
  await expectPublic(page, "/curso", name, true);

  await openEdit(page, "/admin/course-testimonials", name, "student_name", name);
  await page.getByRole("dialog").locator('[name="student_name"]').fill(`${name} v2`);
  await page.getByRole("dialog").getByRole("button", { name: "Atualizar Depoimento" }).click();
  await expect(toast(page, "Depoimento atualizado com sucesso")).toBeVisible();
  await expectPublic(page, "/curso", `${name} v2`, true);

  await page.goto("/admin/course-testimonials");
  await confirmDelete(page, `${name} v2`, "Tem certeza que deseja excluir este depoimento?");
  await expect(toast(page, "Depoimento excluído com sucesso")).toBeVisible();
  await expectPublic(page, "/curso", name, false);
});

test("blog: slug follows the title, drafts stay private, publish, native confirm on delete", async ({ page }) => {
  const title = unique("Post Ação E2E");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await expect(page.locator('[name="slug"]')).toHaveValue(/^post-acao-e2e-[a-z0-9]+$/);
  const slug = await page.locator('[name="slug"]').inputValue();
  await expect(page.locator('[name="author"]')).toHaveValue("Wind Digital");
  await expect(page.locator('[name="content"]')).toHaveAttribute("rows", "10");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo do post de teste.");
  await fillContent(page, "<p>Conteúdo <strong>do teste</strong></p><script>alert(1)</script>");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Imagem enviada com sucesso!")).toBeVisible();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText(`/${slug}`);
  await expect(row).toContainText("Rascunho");
  await expectPublic(page, "/blog", title, false);
  expect((await page.goto(`/blog/${slug}`))?.status()).toBe(404);

  // The new-post form is on the page too: wait until the edit form has replaced it.
  await openEdit(page, "/admin/blog", title, "title", title);
  await expect(page.getByRole("heading", { name: "Editar Post" })).toBeVisible();
  await expect(page.locator('[name="publication"][value="draft"]')).toBeChecked();
  await page.locator('[name="publication"][value="publish"]').check();
  await page.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(toast(page, "Post atualizado com sucesso!")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Publicado");
  await expectPublic(page, "/blog", title, true);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByText("do teste")).toBeVisible();

  await page.goto("/admin/blog");
  await formReady(page);
  page.once("dialog", (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toBe("Tem certeza que deseja excluir este post?");
    void dialog.accept();
  });
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await expect(toast(page, "Post excluído com sucesso!")).toBeVisible();
  await expectPublic(page, "/blog", title, false);
});
