// The Visual view's insertions leave the cursor after what they put in, with the focus in the text:
// an image from the media library, an upload ("Enviar e inserir"), a link and a video. Before, an
// image inserted last stayed selected, and the next key typed replaced it without a word; after an
// upload the focus went nowhere and what was typed was lost. Each insertion here is followed by
// typing, and the text typed must land after it with the image still there. Also: the editor stays
// inside its column with a long code line and a long address, and the unsaved preview shows a
// cover picked from the media library.
import { expect, test, type Page } from "@playwright/test";
import { formReady, PNG, signIn } from "./admin-helpers";

const textarea = (page: Page) => page.locator('textarea[name="content"]');
const editor = (page: Page) => page.locator('[data-rich-text] [role="textbox"]');
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatação do conteúdo" });

const LONG_URL = "https://www.exemplo.com.br/marketing-digital/guia-completo-de-anuncios-para-pequenas-empresas.html";
/** A post with a long code line, a long address as text and as a link, and a wide table. */
const WIDE_CONTENT = [
  `<p>Veja o guia em ${LONG_URL} antes de começar.</p>`,
  `<p><a href="${LONG_URL}">${LONG_URL}</a></p>`,
  "<pre><code>const resultado = calcularInvestimentoMensal(orcamentoTotal, canaisEscolhidos, metaDeConversoes, periodoEmDias);</code></pre>",
  "<table><thead><tr><th>Canal</th><th>Investimento mensal</th><th>Retorno esperado</th><th>Observações</th></tr></thead>" +
    "<tbody><tr><td>Google Ads</td><td>R$ 2.500,00</td><td>3,2 vezes o investido</td><td>Campanhas de pesquisa locais</td></tr></tbody></table>",
].join("\n");

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function openVisual(page: Page, html: string) {
  await signIn(page, "/admin/blog");
  await formReady(page);
  await textarea(page).fill(html);
  await page.getByRole("group", { name: "Modo de edição do conteúdo" }).getByRole("button", { name: "Visual", exact: true }).click();
  await expect(editor(page)).toBeVisible();
}

/** Uploads a PNG through the toolbar's "Enviar imagem" (it lands in the media library and in the text). */
async function uploadImage(page: Page, alt: string, caption = "") {
  await toolbar(page).getByRole("button", { name: "Enviar imagem" }).click();
  const dialog = page.getByRole("dialog", { name: "Enviar imagem" });
  await dialog.getByLabel("Imagem", { exact: true }).setInputFiles(PNG);
  await dialog.getByLabel("Texto alternativo").fill(alt);
  if (caption) await dialog.getByLabel("Legenda (opcional)").fill(caption);
  await dialog.getByRole("button", { name: "Enviar e inserir" }).click();
  await expect(dialog).toHaveCount(0);
}

test("an upload, an image of the library, a link and a video each leave the cursor after them: typing goes on, nothing is replaced", async ({ page }) => {
  await openVisual(page, "<p>Começo do post.</p>");
  await editor(page).getByText("Começo do post.").click();
  await page.keyboard.press("End");

  // "Enviar e inserir": the focus is back in the text, after the image (and its caption).
  await uploadImage(page, "Foto enviada", "Legenda da foto");
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type("Depois do envio.");
  await expect(textarea(page)).toHaveValue(/alt="Foto enviada"[^>]*>\s*<p><em>Legenda da foto<\/em><\/p>\s*<p>Depois do envio\.<\/p>$/);

  // "Imagem da biblioteca" → "Inserir imagem": the image stays, the text typed comes after it.
  await toolbar(page).getByRole("link", { name: "Imagem da biblioteca" }).click();
  const picker = page.getByRole("dialog", { name: "Escolher da biblioteca" });
  await picker
    .getByRole("button")
    .filter({ has: page.getByRole("img", { name: "Foto enviada" }) })
    .first()
    .click();
  const ask = page.getByRole("dialog", { name: "Inserir imagem" });
  await expect(ask.getByLabel("Descrição da imagem")).toHaveValue("Foto enviada");
  await ask.getByRole("button", { name: "Inserir imagem" }).click();
  await expect(ask).toHaveCount(0);
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type("Depois da biblioteca.");
  await expect(editor(page).locator("img")).toHaveCount(2);
  await expect(textarea(page)).toHaveValue(/<p>Depois do envio\.<\/p>\s*<img [^>]*alt="Foto enviada"[^>]*>\s*<p>Depois da biblioteca\.<\/p>$/);

  // An image put in the middle of a paragraph: the cursor goes to the rest of that paragraph. The
  // caret goes to the post's start by the keyboard: a click can land on another line when an image
  // above finishes loading and the text moves under the pointer.
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < "Começo".length; i++) await page.keyboard.press("ArrowRight");
  await toolbar(page).getByRole("button", { name: "Imagem", exact: true }).click();
  const byAddress = page.getByRole("dialog", { name: "Inserir imagem" });
  await byAddress.getByLabel("Endereço da imagem").fill("https://example.com/meio.jpg");
  await byAddress.getByLabel("Descrição da imagem").fill("No meio");
  await byAddress.getByRole("button", { name: "Inserir imagem" }).click();
  await page.keyboard.type("→");
  await expect(textarea(page)).toHaveValue(/^<p>Começo<\/p>\s*<img src="https:\/\/example.com\/meio.jpg" alt="No meio"[^>]*>\s*<p>→ do post\.<\/p>/);

  // With an image selected (clicked), a new one goes after it: the selected one is not replaced.
  await editor(page).getByRole("img", { name: "No meio" }).click();
  await expect(editor(page).locator(".ProseMirror-selectednode")).toHaveCount(1);
  await toolbar(page).getByRole("button", { name: "Imagem", exact: true }).click();
  await byAddress.getByLabel("Endereço da imagem").fill("https://example.com/depois.jpg");
  await byAddress.getByLabel("Descrição da imagem").fill("Depois da selecionada");
  await byAddress.getByRole("button", { name: "Inserir imagem" }).click();
  await page.keyboard.type("←");
  await expect(textarea(page)).toHaveValue(
    /^<p>Começo<\/p>\s*<img src="https:\/\/example.com\/meio.jpg"[^>]*>\s*<img src="https:\/\/example.com\/depois.jpg"[^>]*>\s*<p>←→ do post\.<\/p>/,
  );

  // A link on selected text: the text typed next comes after the link, outside it. "Depois da
  // biblioteca." is the post's last paragraph: reached by the keyboard, as above.
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press("Control+End");
  for (let i = 0; i < "biblioteca.".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await toolbar(page).getByRole("button", { name: "Link", exact: true }).click();
  const link = page.getByRole("dialog", { name: "Inserir link" });
  await link.getByLabel("Endereço do link").fill("https://example.com/biblioteca");
  await link.getByLabel("Endereço do link").press("Enter");
  await expect(link).toHaveCount(0);
  await page.keyboard.type(" E mais.");
  await expect(textarea(page)).toHaveValue(/<p>Depois da <a href="https:\/\/example.com\/biblioteca">biblioteca\.<\/a> E mais\.<\/p>$/);

  // A link with nothing selected: the address goes in as the link, the cursor after it.
  await page.keyboard.type(" Veja ");
  await toolbar(page).getByRole("button", { name: "Link", exact: true }).click();
  await link.getByLabel("Endereço do link").fill("https://example.com/guia");
  await link.getByLabel("Endereço do link").press("Enter");
  await page.keyboard.type(" hoje.");
  await expect(textarea(page)).toHaveValue(/ Veja <a href="https:\/\/example.com\/guia">https:\/\/example.com\/guia<\/a> hoje\.<\/p>$/);

  // A video: the text typed next goes into a paragraph below the player.
  await toolbar(page).getByRole("button", { name: "Vídeo", exact: true }).click();
  const video = page.getByRole("dialog", { name: "Inserir vídeo" });
  await video.getByLabel("Link do vídeo no YouTube ou no Vimeo").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await video.getByLabel("Link do vídeo no YouTube ou no Vimeo").press("Enter");
  await page.keyboard.type("Depois do vídeo.");
  await expect(textarea(page)).toHaveValue(/<iframe src="https:\/\/www.youtube-nocookie.com\/embed\/dQw4w9WgXcQ"[^>]*><\/iframe>\s*<p>Depois do vídeo\.<\/p>$/);
  await expect(editor(page).locator("img")).toHaveCount(4);
});

test("the unsaved preview shows the cover picked from the media library", async ({ page }) => {
  // A file in the library first (an image uploaded from the Visual view goes there).
  await openVisual(page, "<p>Texto.</p>");
  await editor(page).getByText("Texto.").click();
  await uploadImage(page, "Capa da biblioteca");

  await page.locator('[name="title"]').fill("Post com capa da biblioteca");
  await page.getByRole("button", { name: "Escolher da biblioteca" }).first().click();
  const picker = page.getByRole("dialog", { name: "Escolher da biblioteca" });
  await picker
    .getByRole("button")
    .filter({ has: page.getByRole("img", { name: "Capa da biblioteca" }) })
    .first()
    .click();
  await expect(picker).toHaveCount(0);
  const chosen = await page.locator('input[name="cover_image_biblioteca"]').inputValue();
  expect(chosen).toMatch(/\/blog-media\/biblioteca\/imagem-[a-z2-7]{13}\.png$/);
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Pré-visualizar", exact: true }).click();
  const preview = await opened;
  await expect(preview.getByRole("heading", { level: 1, name: "Post com capa da biblioteca" })).toBeVisible();
  const cover = preview.locator("article img").first();
  await expect(cover).toHaveAttribute("alt", "Capa da biblioteca");
  expect(decodeURIComponent((await cover.getAttribute("src"))!)).toContain(new URL(chosen, "http://x").pathname);
  await preview.close();
});

test("the Visual editor stays inside its column with a long code line and a long address (390 px and 1280 px)", async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await signIn(page, "/admin/blog");
    await formReady(page);
    await textarea(page).fill(WIDE_CONTENT);
    const views = page.getByRole("group", { name: "Modo de edição do conteúdo" });
    await views.getByRole("button", { name: "Visual", exact: true }).click();
    const editor = page.locator("[data-rich-text]");
    await expect(editor.locator("pre")).toBeVisible();
    expect(await pageWidth(page), `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    // No wider than the field's column: the HTML/Visual switch stays clear of it.
    const [box, field, switcher] = await Promise.all([editor.boundingBox(), page.locator("[data-content-view]").boundingBox(), views.boundingBox()]);
    expect(box!.x + box!.width, `${viewport.width} px`).toBeLessThanOrEqual(field!.x + field!.width + 0.5);
    expect(switcher!.x + switcher!.width, `${viewport.width} px`).toBeLessThanOrEqual(field!.x + field!.width + 0.5);
    await views.getByRole("button", { name: "HTML", exact: true }).click();
  }
});
