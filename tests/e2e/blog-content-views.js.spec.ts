// The blog content field with JavaScript: the spec's HTML textarea stays the visible default; a
// "Visual" view can be chosen beside "HTML" and is remembered in this browser; and switching and
// saving loses nothing the sanitizer keeps. Every piece of the corpus (every element and attribute
// the sanitizer allows) is loaded, either edited in the Visual view or refused by it with a
// message in words (never in tag names), and saved: the stored HTML is the piece unchanged (plus
// the text typed; the Visual view lays the HTML out one block per line). Tables and lists inside
// lists open in the Visual view and come back from it unchanged.
import { expect, test, type Page } from "@playwright/test";
import { formReady, PNG, signIn, toast, unique } from "./admin-helpers";
import { BLOG_HTML_CORPUS } from "../helpers/blog-html-corpus";
import { sanitizeBlogHtml } from "../../app/lib/sanitize.server.ts";

const created: string[] = [];
test.afterEach(async ({ page }) => {
  for (const id of created.splice(0)) await page.request.post("/admin/blog", { form: { intent: "delete", id }, maxRedirects: 0 });
});

const textarea = (page: Page) => page.locator('textarea[name="content"]');
/** HTML without the line breaks and indentation the Visual view lays it out with (between tags, where they do not show). */
const oneLine = (html: string) => html.replace(/\n\s*(?=<)|(?<=>)\n\s*/g, "");
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
  expect(opened).toEqual(
    expect.arrayContaining([
      "h4",
      "h5",
      "h6",
      "pre com code",
      "linha horizontal",
      "u e s",
      "code",
      "lista",
      "vídeo do YouTube",
      "tabela completa",
      "lista aninhada",
      "lista numerada reversed",
      "span",
    ]),
  );
  expect(refused).toEqual(expect.arrayContaining(["figura com legenda", "lista de definições"]));

  // All the pieces it opens, together, edited in the Visual view (text typed at the end) and saved.
  const editable = BLOG_HTML_CORPUS.filter((piece) => opened.includes(piece.name))
    .map((piece) => piece.html)
    .join("");
  await textarea(page).fill(`${editable}<p>Fim</p>`);
  expect(await openVisual(page)).toBe(true);
  await visual(page).getByRole("paragraph").filter({ hasText: /^Fim$/ }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" do texto");
  const stored = await saveAndReadBack(page, unique("Corpus visual"));
  expect(oneLine(stored)).toBe(sanitizeBlogHtml(`${editable}<p>Fim do texto</p>`));

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

test("a table and lists inside lists open in the Visual view and survive HTML → Visual → HTML → save unchanged", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  const table =
    '<table><caption>Resultados do <strong>trimestre</strong></caption><thead><tr><th scope="col">Mês</th><th scope="col" colspan="2">Alcance</th></tr></thead>' +
    '<tbody><tr><td rowspan="2">Jan</td><td>10</td><td>20</td></tr><tr><td colspan="2"><p>30</p><p>(estimado)</p></td></tr></tbody>' +
    '<tfoot><tr><th scope="row" rowspan="1">Total</th><td colspan="2">60</td></tr></tfoot></table>';
  const lists = '<ul><li>Pai<ul><li>Filho<ol start="2"><li>Neto</li></ol></li></ul></li><li><p>Irmão</p></li></ul>';
  const html = `<h2>Comparativo</h2>${table}${lists}<p>Texto</p>`;
  await textarea(page).fill(html);
  expect(await openVisual(page)).toBe(true);
  await expect(visual(page).locator("table th")).toHaveCount(3);
  await expect(visual(page).locator("table td")).toHaveCount(5);
  await expect(visual(page).locator("table caption")).toHaveText("Resultados do trimestre");
  await expect(visual(page).locator("ul ul ol li")).toHaveText("Neto");
  // An edit in a cell and in the nested list, then back to HTML: the same table and lists, with the edits.
  await visual(page).getByText("Filho", { exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" querido");
  await visual(page).locator("td").filter({ hasText: /^10$/ }).click();
  await page.keyboard.press("End");
  await page.keyboard.type("0");
  await viewButton(page, "HTML").click();
  const expected = html.replace("Filho", "Filho querido").replace("<td>10</td>", "<td>100</td>");
  expect(oneLine(await textarea(page).inputValue())).toBe(expected);
  expect(await openVisual(page)).toBe(true);
  const stored = await saveAndReadBack(page, unique("Post com tabela"));
  expect(oneLine(stored)).toBe(sanitizeBlogHtml(expected));
});

test("what the Visual view cannot keep is said in words, with what to do instead", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  const refusal = page.getByRole("alert").filter({ hasText: "O modo Visual" });
  await textarea(page).fill("<p>Glossário:</p><dl><dt>SEO</dt><dd>Otimização para buscadores</dd></dl>");
  expect(await openVisual(page)).toBe(false);
  await expect(refusal).toContainText("listas de definições");
  await expect(refusal).toContainText("troque cada lista de definições por uma lista comum");
  await expect(refusal).toContainText("continue editando em HTML");
  await expect(refusal).not.toContainText("<");

  await textarea(page).fill('<p>Texto <img src="/demo/capa.jpg" alt=""> ao lado</p>');
  expect(await openVisual(page)).toBe(false);
  await expect(refusal).toContainText("imagens no meio de um texto");
  await expect(refusal).toContainText("deixe cada imagem numa linha própria");
  await expect(refusal).not.toContainText("<");

  // Anything else is located by its text.
  await textarea(page).fill("<p>Antes</p><pre>texto   pré-formatado</pre>");
  expect(await openVisual(page)).toBe(false);
  await expect(refusal).toContainText("perto de “");
  await expect(refusal).toContainText("pré-formatado");
  await expect(refusal).not.toContainText("<");
});

test("HTML → Visual → HTML keeps one block per line (a formatted source does not become one line)", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  await textarea(page).fill("<h2>Título</h2>\n<p>Primeiro <strong>parágrafo</strong>.</p>\n<ul>\n  <li>Um</li>\n  <li>Dois</li>\n</ul>\n<p>Fim</p>");
  expect(await openVisual(page)).toBe(true);
  await visual(page).getByText("Fim", { exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type("!");
  await viewButton(page, "HTML").click();
  await expect(textarea(page)).toHaveValue(
    "<h2>Título</h2>\n<p>Primeiro <strong>parágrafo</strong>.</p>\n<ul>\n  <li>Um</li>\n  <li>Dois</li>\n</ul>\n<p>Fim!</p>",
  );
});
