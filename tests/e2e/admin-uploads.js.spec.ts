// JavaScript on: a picked file is previewed at once (before any upload; the CSP allows the blob:
// URL); on save it is sent ahead to the upload route (/admin/midia/enviar) with its progress, and
// while it runs the form's controls are disabled and the button reads 'Salvando...'; then the
// form saves with the stored file and the upload toasts. The course testimonial cannot be saved
// before a video is chosen. (Without JavaScript the same forms post the file: admin.nojs.spec.ts.)
import { expect, test, type Page } from "@playwright/test";
import { fillContent, formReady, MP4, PNG, signIn, toast, unique } from "./admin-helpers";

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function expectImagePreview(page: Page, field: string) {
  const image = page.locator(`[data-preview="${field}"] img`);
  await expect(image).toHaveAttribute("src", /^blob:/);
  // Decoded: the browser fetched the blob: URL (a CSP refusal leaves it broken, width 0).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
}

test("every file field previews the picked image at once, a video as a player", async ({ page }) => {
  const violations = watchCsp(page);
  await signIn(page);
  for (const { path, field } of [
    { path: "/admin/portfolio?novo", field: "cover_image" },
    { path: "/admin/led-panels?novo", field: "photo" },
    { path: "/admin/window-films-portfolio?novo", field: "cover_image" },
    { path: "/admin/blog", field: "cover_image" },
  ]) {
    await page.goto(path);
    await formReady(page);
    await page.locator(`input[name="${field}"]`).setInputFiles(PNG);
    await expectImagePreview(page, field);
  }
  // Media fields switch to a video player for a video.
  await page.goto("/admin/window-films-portfolio?novo");
  await formReady(page);
  await page.locator('input[name="cover_image"]').setInputFiles(MP4);
  await expect(page.locator('[data-preview="cover_image"] video')).toHaveAttribute("src", /^blob:/);

  // The logo's preview shows the picked file, and the typed URL when no file is picked.
  await page.goto("/admin/client-logos?novo");
  await formReady(page);
  await page.locator('input[name="logo_file"]').setInputFiles(PNG);
  const logo = page.getByAltText("Pré-visualização do logo");
  await expect(logo).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  expect(violations).toEqual([]);
});

test("while the upload runs the form is disabled and reads 'Salvando...'; then 'Upload concluído'", async ({ page }) => {
  const title = unique("Upload E2E");
  await signIn(page, "/admin/portfolio?novo");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="category"]').selectOption("Sites");
  await page.locator('[name="description"]').fill("Descrição.");
  await page.locator('[name="result"]').fill("Resultado.");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);

  // Hold the upload (the XHR posts to the upload route) at the network until the busy state has been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const uploads: string[] = [];
  await page.route(
    (url) => url.pathname === "/admin/midia/enviar",
    async (route) => {
      uploads.push(new URL(route.request().url()).searchParams.get("destino") ?? "");
      await held;
      await route.continue();
    },
  );
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(page.getByRole("button", { name: "Salvando..." })).toBeDisabled();
  for (const name of ["title", "category", "description", "result", "cover_image"]) await expect(page.locator(`[name="${name}"]`)).toBeDisabled();
  await expect(page.getByText(/Enviando arquivo\.\.\. \d+%/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancelar" })).toHaveCount(0);
  release();
  await expect(toast(page, "Upload concluído")).toBeVisible();
  await expect(toast(page, "Projeto criado")).toContainText("O novo projeto foi adicionado com sucesso.");
  await expect(page).toHaveURL(/\/admin\/portfolio$/);
  expect(uploads).toEqual(["portfolio:cover_image"]);
  // The project has the file under its own name.
  await page.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.locator("img[src*='imagem']").first()).toBeVisible();
});

test("course testimonial: save disabled until a video is chosen, the video previewed, then 'Upload concluído' / 'Vídeo enviado com sucesso!'", async ({
  page,
}) => {
  const name = unique("Aluno Upload");
  await signIn(page, "/admin/course-testimonials?novo");
  await formReady(page);
  const dialog = page.getByRole("dialog");
  const save = dialog.getByRole("button", { name: "Salvar Depoimento" });
  await dialog.locator('[name="student_name"]').fill(name);
  await expect(save).toBeDisabled();
  await dialog.locator('input[name="video_url"]').setInputFiles(MP4);
  await expect(dialog.locator('[data-preview="video_url"] video')).toHaveAttribute("src", /^blob:/);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, "Upload concluído")).toContainText("Vídeo enviado com sucesso!");
  await expect(toast(page, "Depoimento criado com sucesso")).toBeVisible();
});

test("a picked file of the wrong type is dropped at once with the section's upload toast", async ({ page }) => {
  const text = { name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("não é mídia") };
  await signIn(page);
  for (const { path, field, title, description } of [
    { path: "/admin/portfolio?novo", field: "cover_image", title: "Arquivo inválido", description: "Por favor, selecione uma imagem ou vídeo." },
    { path: "/admin/window-films-portfolio?novo", field: "cover_image", title: "Arquivo inválido", description: "Por favor, selecione uma imagem ou vídeo." },
    { path: "/admin/led-panels?novo", field: "photo", title: "Erro ao fazer upload da foto", description: "Por favor, selecione uma imagem." },
    { path: "/admin/blog", field: "cover_image", title: "Erro ao enviar imagem", description: "Por favor, selecione uma imagem." },
    { path: "/admin/client-logos?novo", field: "logo_file", title: "Erro no upload", description: "Não foi possível enviar o logo" },
    { path: "/admin/course-testimonials?novo", field: "video_url", title: "Erro ao enviar vídeo: Por favor, selecione um vídeo.", description: "" },
  ]) {
    await page.goto(path);
    await formReady(page);
    const input = page.locator(`input[name="${field}"]`);
    await input.setInputFiles(field === "video_url" ? PNG : text);
    await expect(toast(page, title)).toContainText(description);
    await expect(input).toHaveValue("");
    await expect(page.locator("[data-preview]")).toHaveCount(0);
  }
  // The course testimonial's save stays disabled: no video was kept.
  await expect(page.getByRole("dialog").getByRole("button", { name: "Salvar Depoimento" })).toBeDisabled();
});

test("a save refused after the upload keeps the stored file as the field's choice; nothing is sent twice", async ({ page }) => {
  // A slug already taken is refused by the server only (the browser cannot know it).
  const slug = `slug-ocupado-${Date.now().toString(36)}`;
  await signIn(page, "/admin/blog");
  const taken = await page.request.post("/admin/blog", {
    multipart: { title: "Post existente", slug, excerpt: "Resumo", content: "<p>Texto</p>", is_published: "on", cover_image: PNG },
    maxRedirects: 0,
  });
  expect(taken.status()).toBe(302);
  await page.reload();
  await formReady(page);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/admin/midia/enviar") uploads.push(request.url());
  });
  await page.locator('[name="title"]').fill(unique("Post recusado"));
  await page.locator('[name="slug"]').fill(slug);
  await page.locator('[name="excerpt"]').fill("Resumo");
  await fillContent(page, "<p>Texto do post.</p>");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  const save = page
    .locator('form button[type="submit"]:not([hidden])')
    .filter({ hasText: /Criar|Salvar|Publicar/ })
    .first();
  await save.click();
  await expect(page.getByText("Este slug já está em uso por outro post.").first()).toBeVisible();
  // The save was refused: no upload toast says otherwise.
  await expect(page.locator("[data-toast]").filter({ hasText: "Imagem enviada com sucesso!" })).toHaveCount(0);
  // The file is in the library now, and the field shows it as its choice.
  await expect(page.locator('[data-library-choice="cover_image"]')).toBeVisible();
  await expect(page.locator('input[name="cover_image_biblioteca"]')).toHaveValue(/\/blog-media\/blog-covers\/imagem-[a-z2-7]{13}\.png$/);
  await expect(page.locator('input[name="cover_image"]')).toHaveValue("");
  await page.locator('[name="slug"]').fill(`${slug}-novo`);
  await save.click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  expect(uploads).toHaveLength(1);
});

test("the library's upload form shows progress and is emptied after 'Enviar' (a second click stores no copy)", async ({ page }) => {
  await signIn(page, "/admin/midia");
  await formReady(page);
  const input = page.locator('input[name="arquivo_blog"]');
  await input.setInputFiles(PNG);
  await page.getByLabel("Texto alternativo (opcional)").fill("Quadrado azul");
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const sent = toast(page, "Arquivo enviado");
  await expect(sent).toContainText(/“imagem-[a-z2-7]{13}\.png” já está na biblioteca\./);
  const name = /“(imagem-[a-z2-7]{13}\.png)”/.exec((await sent.textContent()) ?? "")![1]!;
  await expect(input).toHaveValue("");
  await expect(page.getByLabel("Texto alternativo (opcional)")).toHaveValue("");
  await expect(page.locator(`[data-media="${name}"] img`)).toHaveAttribute("alt", "Quadrado azul");
  // A second click has nothing to send.
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Selecione um arquivo para enviar.");
  await page.getByRole("link", { name: `Excluir ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});

test("the rich-text editor uploads an image then and there, with progress, alt text and caption, and inserts it", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.getByRole("button", { name: "Visual", exact: true }).click();
  await page.getByRole("button", { name: "Enviar imagem" }).click();
  const dialog = page.getByRole("dialog", { name: "Enviar imagem" });
  await dialog.getByLabel("Imagem", { exact: true }).setInputFiles({ ...PNG, name: "Gráfico Vendas.png" });
  await dialog.getByLabel("Texto alternativo").fill("Gráfico de vendas subindo");
  await dialog.getByLabel("Legenda (opcional)").fill("Vendas do trimestre");
  await dialog.getByRole("button", { name: "Enviar e inserir" }).click();
  await expect(dialog).toHaveCount(0);
  const content = page.locator('textarea[name="content"]');
  await expect
    .poll(() => content.inputValue())
    .toMatch(
      /<img src="(\/media\/|http:\/\/127\.0\.0\.1:\d+\/)blog-media\/biblioteca\/grafico-vendas-[a-z2-7]{13}\.png" alt="Gráfico de vendas subindo"[^>]*>[\s\S]*<em>Vendas do trimestre<\/em>/,
    );
});

test("a save refused after its file was sent ahead shows the refusal, never 'Upload concluído'", async ({ page }) => {
  const title = unique("Projeto removido");
  await signIn(page, "/admin/portfolio");
  const created = await page.request.post("/admin/portfolio", { multipart: { title, category: "Sites", description: "D", result: "R" }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  await page.goto("/admin/portfolio");
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  await page.goto(href);
  await formReady(page);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  // Someone else deletes the project meanwhile: the save (after the upload went through) is refused.
  const id = new URLSearchParams(href.split("?")[1]).get("editar")!;
  expect((await page.request.post("/admin/portfolio", { form: { intent: "delete", id }, maxRedirects: 0 })).status()).toBe(302);
  await page.getByRole("button", { name: "Atualizar Projeto" }).click();
  await expect(toast(page, "Erro ao salvar")).toContainText("Projeto não encontrado.");
  // The form comes back (remounted, with the file sent as its choice): where the upload's toast
  // used to follow, as if the save had worked.
  await expect(page.locator('[data-library-choice="cover_image"]')).toBeVisible();
  await expect(page.locator("[data-toast]")).toHaveText(["Erro ao salvarProjeto não encontrado."]);
});
