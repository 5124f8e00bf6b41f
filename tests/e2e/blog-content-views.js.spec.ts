// The blog content field with JavaScript: the spec's HTML textarea stays the visible default; a
// "Visual" view can be chosen beside "HTML" and is remembered in this browser; and switching and
// saving loses nothing the sanitizer keeps. Every piece of the corpus (every element and attribute
// the sanitizer allows) is loaded, either edited in the Visual view or refused by it with a
// message, and saved: the stored HTML is the piece unchanged (plus the text typed).
import { expect, test, type Page } from "@playwright/test";
import { formReady, PNG, signIn, toast, unique } from "./admin-helpers";
import { BLOG_HTML_CORPUS } from "../helpers/blog-html-corpus";
import { sanitizeBlogHtml } from "../../app/lib/sanitize.server.ts";

const created: string[] = [];
test.afterEach(async ({ page }) => {
  for (const id of created.splice(0)) await page.request.post("/admin/blog", { form: { intent: "delete", id }, maxRedirects: 0 });
});

const textarea = (page: Page) => page.locator('textarea[name="content"]');
const visual = (page: Page) => page.locator('[data-rich-text] [role="textbox"]');
const viewButton = (page: Page, name: "HTML" | "Visual") =>
  page.getByRole("group", { name: "Modo de edição do conteúdo" }).getByRole("button", { name, exact: true });

/** Chooses the Visual view: true when it opened, false when it refused (its message shown, the HTML view kept). */
async function openVisual(page: Page): Promise<boolean> {
  const refusal = page.getByRole("alert").filter({ hasText: "O modo Visual" });
  // A message about the content as it was goes once the HTML changes.
  await expect(refusal).toHaveCount(0);
  await viewButton(page, "Visual").click();
  await expect(visual(page).or(refusal)).toBeVisible();
  if (await visual(page).isVisible()) return true;
  await expect(viewButton(page, "HTML")).toHaveAttribute("aria-pressed", "true");
  await expect(textarea(page)).toBeVisible();
  return false;
}

/** Creates a post with `content` already in the form, then returns the content as stored (read back in the edit form). */
async function saveAndReadBack(page: Page, title: string): Promise<string> {
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  created.push(new URL(href, "http://x").searchParams.get("editar")!);
  await page.goto(href);
  await viewButton(page, "HTML").click();
  return textarea(page).inputValue();
}

test("the HTML textarea is the visible default; the Visual view is a choice remembered in this browser", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  await expect(textarea(page)).toBeVisible();
  await expect(textarea(page)).toHaveAttribute("rows", "10");
  await expect(viewButton(page, "HTML")).toHaveAttribute("aria-pressed", "true");
  await expect(visual(page)).toHaveCount(0);

  await textarea(page).fill("<p>Escrito em HTML.</p>");
  expect(await openVisual(page)).toBe(true);
  await expect(textarea(page)).toBeHidden();
  await expect(visual(page).getByText("Escrito em HTML.")).toBeVisible();

  await page.reload();
  await formReady(page);
  await expect(visual(page)).toBeVisible();
  await expect(viewButton(page, "Visual")).toHaveAttribute("aria-pressed", "true");
  await viewButton(page, "HTML").click();
  await page.reload();
  await formReady(page);
  await expect(textarea(page)).toBeVisible();
  await expect(visual(page)).toHaveCount(0);
});

test("every element and attribute the sanitizer keeps survives the Visual view: edited there unchanged, or refused with a message", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "/admin/blog");
  await formReady(page);
  const opened: string[] = [];
  const refused: string[] = [];
  for (const piece of BLOG_HTML_CORPUS) {
    await textarea(page).fill(piece.html);
    if (await openVisual(page)) {
      opened.push(piece.name);
      await viewButton(page, "HTML").click();
    } else {
      refused.push(piece.name);
    }
    // Opening, or refusing to open, never changes what was written.
    await expect(textarea(page), piece.name).toHaveValue(piece.html);
  }
  test.info().annotations.push({ type: "visual", description: opened.join(" · ") }, { type: "html only", description: refused.join(" · ") });
  // What the Visual view represents, and what it refuses (the author stays in HTML for those).
  expect(opened).toEqual(expect.arrayContaining(["h4", "h5", "h6", "pre com code", "linha horizontal", "u e s", "code", "lista", "vídeo do YouTube"]));
  expect(refused).toEqual(expect.arrayContaining(["tabela completa", "figura com legenda", "lista de definições"]));

  // All the pieces it opens, together, edited in the Visual view (text typed at the end) and saved.
  const editable = BLOG_HTML_CORPUS.filter((piece) => opened.includes(piece.name))
    .map((piece) => piece.html)
    .join("");
  await textarea(page).fill(`${editable}<p>Fim</p>`);
  expect(await openVisual(page)).toBe(true);
  await visual(page).getByText("Fim", { exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" do texto");
  const stored = await saveAndReadBack(page, unique("Corpus visual"));
  expect(stored).toBe(sanitizeBlogHtml(`${editable}<p>Fim do texto</p>`));

  // Each piece it refuses, with text typed in the HTML view after the refusal, saved unchanged.
  await page.goto("/admin/blog");
  await formReady(page);
  const rest = BLOG_HTML_CORPUS.filter((piece) => refused.includes(piece.name))
    .map((piece) => piece.html)
    .join("");
  await textarea(page).fill(rest);
  expect(await openVisual(page)).toBe(false);
  await textarea(page).press("End");
  await textarea(page).pressSequentially("<p>Fim</p>");
  expect(await saveAndReadBack(page, unique("Corpus HTML"))).toBe(sanitizeBlogHtml(`${rest}<p>Fim</p>`));
});

test("a post with a table opens in HTML with the reason, and saving it keeps the table", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  await textarea(page).fill("<h2>Comparativo</h2><table><tbody><tr><td>A</td><td>B</td></tr></tbody></table><p>Texto</p>");
  expect(await openVisual(page)).toBe(false);
  await expect(page.getByRole("alert").filter({ hasText: "O modo Visual" })).toContainText("<table>");
  const stored = await saveAndReadBack(page, unique("Post com tabela"));
  expect(stored).toContain("<table><tbody><tr><td>A</td><td>B</td></tr></tbody></table>");
});
