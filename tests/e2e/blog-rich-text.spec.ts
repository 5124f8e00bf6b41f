// The blog's content field: the HTML textarea, and with JavaScript a "Visual" view (a rich-text
// editor: headings, bold, lists, links, YouTube/Vimeo) chosen beside it. Both post the same
// `content` field, and what the editor writes is stored unchanged, so both paths save the same HTML.
import { expect, test, type Page } from "@playwright/test";
import { formReady, PNG, signIn, toast, unique } from "./admin-helpers";

const created: string[] = [];
test.afterEach(async ({ page }) => {
  for (const id of created.splice(0)) {
    const response = await page.request.post("/admin/blog", { form: { intent: "delete", id }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
});

/** The admin link that edits the post titled `title` (remembered for deletion after the test). */
async function editLink(page: Page, title: string): Promise<string> {
  const href = (await page
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("link", { name: `Editar ${title}` })
    .getAttribute("href"))!;
  created.push(new URL(href, "http://x").searchParams.get("editar")!);
  return href;
}

/** Clicks the toolbar button `label`, types `value` in its small form's field `field` and confirms. */
async function withForm(page: Page, label: string, field: string, value: string) {
  await page.getByRole("toolbar", { name: "Formatação do conteúdo" }).getByRole("button", { name: label, exact: true }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel(field).fill(value);
  await form.getByLabel(field).press("Enter");
  await expect(form).toHaveCount(0);
}

test("the editor writes the post with JavaScript (the site shows it, stored as written); without it, the HTML textarea", async ({
  page,
  browser,
}, testInfo) => {
  if (testInfo.project.use.javaScriptEnabled === false) {
    await signIn(page, "/admin/blog");
    await expect(page.locator('textarea[name="content"]')).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "Formatação do conteúdo" })).toHaveCount(0);
    return;
  }
  const title = unique("Post no editor");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="excerpt"]').fill("Escrito sem HTML.");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);

  const editor = page.locator('[data-rich-text] [role="textbox"]');
  await page.getByRole("button", { name: "Visual", exact: true }).click();
  await expect(editor).toBeVisible();
  await expect(page.locator('textarea[name="content"]')).toBeHidden();
  const tool = (name: string) => page.getByRole("toolbar", { name: "Formatação do conteúdo" }).getByRole("button", { name, exact: true });
  await editor.click();
  await tool("Título de seção").click();
  await page.keyboard.type("Seção principal");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Texto ");
  await tool("Negrito").click();
  await page.keyboard.type("forte");
  await tool("Negrito").click();
  await page.keyboard.type(" e normal.");
  await page.keyboard.press("Enter");
  await tool("Lista").click();
  await page.keyboard.type("item um");
  await page.keyboard.press("Enter");
  await page.keyboard.type("item dois");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await withForm(page, "Vídeo", "Link do vídeo no YouTube ou no Vimeo", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await expect(editor.locator("iframe")).toHaveCount(1);
  // The text after the player goes into the paragraph below it.
  await editor.locator("p").last().click();
  await expect(editor.locator(".ProseMirror-selectednode")).toHaveCount(0);
  await page.keyboard.type("Veja o site");
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowLeft");
  await withForm(page, "Link", "Endereço do link", "https://example.com/");
  await expect(editor.getByRole("link", { name: "site" })).toBeVisible();

  const written = await page.locator('textarea[name="content"]').inputValue();
  expect(written).toContain("<h2>Seção principal</h2>");
  expect(written).toMatch(/<strong>\s?forte<\/strong>/);
  expect(written).toContain('<a href="https://example.com/">site</a>');
  expect(written).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');

  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: title });
  const slug = (await row.locator("p").first().textContent())!.slice(1);
  const href = await editLink(page, title);

  // The same HTML posted through the textarea (the no-JavaScript path) is stored the same way.
  const noScript = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  const twin = unique("Post pela textarea");
  await plain.goto("/admin/blog");
  await plain.locator('[name="title"]').fill(twin);
  await plain.locator('[name="excerpt"]').fill("Mesmo conteúdo, sem editor.");
  await plain.locator('input[name="cover_image"]').setInputFiles(PNG);
  await plain.locator('[name="publication"][value="draft"]').check();
  await plain.locator('textarea[name="content"]').fill(written);
  await plain.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(plain, "Post criado com sucesso!")).toBeVisible();
  await plain.goto(await editLink(plain, twin));
  const storedFromTextarea = await plain.locator('textarea[name="content"]').inputValue();
  await plain.goto(href);
  await expect(plain.locator('textarea[name="content"]')).toHaveValue(storedFromTextarea);
  await noScript.close();

  await page.goto(`/blog/${slug}`);
  const article = page.locator(".prose-blog");
  await expect(article.getByRole("heading", { level: 2, name: "Seção principal" })).toBeVisible();
  await expect(article.locator("strong")).toHaveText(/^\s?forte$/);
  await expect(article.getByRole("listitem")).toHaveText(["item um", "item dois"]);
  await expect(article.getByRole("link", { name: "site" })).toHaveAttribute("href", "https://example.com/");
  await expect(article.locator("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");

  // Editing the post again opens its content in the editor (the Visual view, chosen above, is remembered).
  await page.goto(href);
  await expect(page.locator('[data-rich-text] [role="textbox"]').getByRole("heading", { level: 2, name: "Seção principal" })).toBeVisible();
});

test("the blog desk fits a phone's width (form, editor and list)", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "/admin/blog");
  await expect(page.locator('textarea[name="content"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (!testInfo.project.use.javaScriptEnabled) return;
  await formReady(page);
  await page.getByRole("button", { name: "Visual", exact: true }).click();
  await expect(page.locator("[data-rich-text]")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
