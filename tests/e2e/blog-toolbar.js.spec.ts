// The Visual view's toolbar from the keyboard (the ARIA toolbar pattern): one Tab stop, the arrow
// keys between its controls, Home and End; controls named in words (none shares the post title
// field's name, "Título"); and links, images and videos asked in a small form in the admin's
// dialog, never in the browser's prompt(): Escape leaves the text as it was, a bad address keeps
// what was typed and says why.
import { expect, test, type Page } from "@playwright/test";
import { formReady, signIn } from "./admin-helpers";

const textarea = (page: Page) => page.locator('textarea[name="content"]');
const editor = (page: Page) => page.locator('[data-rich-text] [role="textbox"]');
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatação do conteúdo" });
const tool = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });

async function openVisual(page: Page, html: string) {
  await signIn(page, "/admin/blog");
  await formReady(page);
  await textarea(page).fill(html);
  await page.getByRole("group", { name: "Modo de edição do conteúdo" }).getByRole("button", { name: "Visual", exact: true }).click();
  await expect(editor(page)).toBeVisible();
}

test("one Tab stop; arrows, Home and End move inside; every control named in words", async ({ page }) => {
  await openVisual(page, "<p>Texto do post.</p>");
  const controls = toolbar(page).locator("button, a[href]");
  // Each control's accessible name is the word it shows (no letters standing for a command).
  const shown = await controls.evaluateAll((elements) =>
    elements.map((element) => ({ text: element.textContent?.trim() ?? "", label: element.getAttribute("aria-label") })),
  );
  for (const { text, label } of shown) {
    expect(text.length, text).toBeGreaterThanOrEqual(4);
    expect(label ?? text).toBe(text);
  }
  expect(shown.map(({ text }) => text)).toEqual(expect.arrayContaining(["Título de seção", "Subtítulo", "Negrito", "Itálico", "Link", "Imagem", "Vídeo"]));
  // The post's title field is "Título": no control of the toolbar is named the same.
  await expect(page.getByRole("button", { name: "Título", exact: true })).toHaveCount(0);
  await expect(page.locator('input[name="title"]')).toHaveAccessibleName("Título");

  const first = tool(page, "Título de seção");
  const last = tool(page, "Refazer");
  await page.getByRole("button", { name: "Visual", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  await expect(controls.and(page.locator(':not([tabindex="-1"])'))).toHaveCount(1);
  // One Tab leaves the toolbar for the text; Shift+Tab comes back to the same control.
  await page.keyboard.press("Tab");
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(first).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Subtítulo")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(last).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(first).toBeFocused();
  await page.keyboard.press("End");
  await expect(last).toBeFocused();
  await page.keyboard.press("Home");
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Negrito")).toBeFocused();
  // The toolbar remembers where it was: Tab out and back lands on 'Negrito', still one stop.
  await page.keyboard.press("Tab");
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(tool(page, "Negrito")).toBeFocused();
  await expect(controls.and(page.locator(':not([tabindex="-1"])'))).toHaveCount(1);
});

test("link and image in a dialog form: Escape cancels, a bad address keeps what was typed, no prompt()", async ({ page }) => {
  const prompts: string[] = [];
  page.on("dialog", (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await openVisual(page, "<p>Texto do post.</p>");
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+a");

  const link = tool(page, "Link");
  await link.focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "Inserir link" });
  const address = form.getByLabel("Endereço do link");
  await expect(address).toBeFocused();
  await expect(page.locator("dialog:modal")).toHaveCount(1);
  await address.fill("exemplo.com.br");
  await address.press("Enter");
  await expect(form.getByRole("alert")).toHaveText("Use um endereço que comece com https://");
  await expect(address).toHaveValue("exemplo.com.br");
  await expect(address).toHaveAttribute("aria-invalid", "true");

  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);
  await expect(textarea(page)).toHaveValue("<p>Texto do post.</p>");
  await expect(link).toBeFocused();

  await page.keyboard.press("Enter");
  await address.fill("https://example.com/");
  await address.press("Enter");
  await expect(form).toHaveCount(0);
  await expect(textarea(page)).toHaveValue('<p><a href="https://example.com/">Texto do post.</a></p>');
  await expect(editor(page)).toBeFocused();

  // An image: its address and its description in one form.
  await page.keyboard.press("End");
  await tool(page, "Imagem").click();
  const image = page.getByRole("dialog", { name: "Inserir imagem" });
  await image.getByLabel("Endereço da imagem").fill("https://example.com/equipe.jpg");
  await image.getByLabel("Descrição da imagem").fill("Equipe reunida no escritório");
  await image.getByRole("button", { name: "Inserir imagem" }).click();
  await expect(image).toHaveCount(0);
  await expect(textarea(page)).toHaveValue(/<img src="https:\/\/example.com\/equipe.jpg" alt="Equipe reunida no escritório"/);
  expect(prompts).toEqual([]);
});
