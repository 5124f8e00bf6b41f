// A file the server refuses, in every section that takes files, JavaScript on and off: each
// section shows its own text (with JavaScript the file goes ahead to the upload route, without it
// with the form; both read one table). The files here pass the browser's type check (their
// declared type is right) and are refused by the server, which reads their bytes.
import { expect, test, type Page } from "@playwright/test";
import { fillContent, formReady, signIn, unique } from "./admin-helpers";

const notAnImage = { name: "foto.png", mimeType: "image/png", buffer: Buffer.from("não é uma imagem, só texto") };
const notAVideo = { name: "depoimento.mp4", mimeType: "video/mp4", buffer: Buffer.from("não é um vídeo, só texto") };

/** The section's message: a toast, or (a refused save without JavaScript) the alert above the form. */
const message = (page: Page, title: string) => page.locator('[data-toast], [role="alert"]').filter({ hasText: title }).first();

const SECTIONS: Array<{
  name: string;
  path: string;
  field: string;
  file: typeof notAnImage;
  fill: (page: Page, name: string) => Promise<void>;
  submit: string | RegExp;
  title: string;
  description: string;
}> = [
  {
    name: "Portfólio",
    path: "/admin/portfolio?novo",
    field: "cover_image",
    file: notAnImage,
    fill: async (page, name) => {
      await page.locator('[name="title"]').fill(name);
      await page.locator('[name="category"]').selectOption("Sites");
      await page.locator('[name="description"]').fill("Descrição.");
      await page.locator('[name="result"]').fill("Resultado.");
    },
    submit: "Criar Projeto",
    title: "Arquivo inválido",
    description: "Por favor, selecione uma imagem ou vídeo.",
  },
  {
    name: "Window Films · Portfólio",
    path: "/admin/window-films-portfolio?novo",
    field: "cover_image",
    file: notAnImage,
    fill: async (page, name) => page.locator('[name="title"]').fill(name),
    submit: "Criar Projeto",
    title: "Arquivo inválido",
    description: "Por favor, selecione uma imagem ou vídeo.",
  },
  {
    name: "Logos de clientes",
    path: "/admin/client-logos?novo",
    field: "logo_file",
    file: notAnImage,
    fill: async (page, name) => page.locator('[name="client_name"]').fill(name),
    submit: "Adicionar Logo",
    title: "Erro no upload",
    description: "Não foi possível enviar o logo",
  },
  {
    name: "Depoimentos do curso",
    path: "/admin/course-testimonials?novo",
    field: "video_url",
    file: notAVideo,
    fill: async (page, name) => page.locator('[name="student_name"]').fill(name),
    submit: "Salvar Depoimento",
    title: "Erro ao enviar vídeo: Por favor, selecione um vídeo.",
    description: "",
  },
  {
    name: "Blog",
    path: "/admin/blog",
    field: "cover_image",
    file: notAnImage,
    fill: async (page, name) => {
      await page.locator('[name="title"]').fill(name);
      await page.locator('[name="excerpt"]').fill("Resumo.");
      await fillContent(page, "<p>Texto.</p>");
    },
    submit: /Criar|Salvar|Publicar/,
    title: "Erro ao enviar imagem",
    description: "Por favor, selecione uma imagem.",
  },
];

for (const section of SECTIONS) {
  test(`${section.name}: a refused file shows '${section.title}' and nothing is saved`, async ({ page }) => {
    const name = unique("Recusado");
    await signIn(page, section.path);
    await formReady(page);
    await section.fill(page, name);
    await page.locator(`input[name="${section.field}"]`).setInputFiles(section.file);
    await page.locator('form button[type="submit"]:not([hidden])').filter({ hasText: section.submit }).first().click();
    await expect(message(page, section.title)).toBeVisible();
    await expect(message(page, section.title)).toContainText(section.description);
    // The generic text of before is gone, and nothing was saved.
    await expect(page.getByText("Erro no envio")).toHaveCount(0);
    await expect(page.locator(`[name="${section.field}"]`).first()).toBeAttached();
    await page.goto(section.path.replace(/\?.*$/, ""));
    await expect(page.getByText(name)).toHaveCount(0);
  });
}

test("LED panels: a refused photo says 'Erro ao fazer upload da foto', and the panel is saved without it", async ({ page }, testInfo) => {
  const title = unique("Painel sem foto");
  await signIn(page, "/admin/led-panels?novo");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="primary_flow"]').fill("50 mil/dia");
  await page.locator('[name="reach"]').fill("1,5 mi/mês");
  await page.locator('[name="flow"]').fill("Alto");
  await page.locator('[name="description"]').fill("Painel de teste.");
  await page.locator('input[name="photo"]').setInputFiles(notAnImage);
  await page.getByRole("button", { name: "Criar Painel" }).click();
  const refused = message(page, "Erro ao fazer upload da foto");
  await expect(refused).toContainText("Por favor, selecione uma imagem. O painel foi salvo sem foto.");
  // Without JavaScript one toast says both; with JavaScript the save's own toast follows.
  await expect(message(page, "Painel criado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/led-panels$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("led-photo-refused.png") });
  // Clean up.
  const edit = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  const id = new URLSearchParams(edit.split("?")[1]).get("editar")!;
  expect((await page.request.post("/admin/led-panels", { form: { intent: "delete", id }, maxRedirects: 0 })).status()).toBe(302);
});
