// A post's content never makes the public page wider than its column (with and without
// JavaScript): a long code line scrolls inside its code block, a long address breaks, a wide
// table scrolls inside itself (the admin's Visual view is held to the same in
// blog-visual-editor.js.spec.ts). And the public page gives
// every element the editor and the sanitizer allow a look of its own: tables with borders and
// padding, code blocks in a box, headings down to h4 above body text.
import { expect, test, type Page } from "@playwright/test";
import { blogPostsDeletedAfterEach, fillContent, formReady, PNG, signIn, toast, unique } from "./admin-helpers";

const created = blogPostsDeletedAfterEach();

const LONG_URL = "https://www.exemplo.com.br/marketing-digital/guia-completo-de-anuncios-para-pequenas-empresas.html";
const CONTENT = [
  "<h2>Seção</h2>",
  `<p>Veja o guia em ${LONG_URL} antes de começar.</p>`,
  `<p><a href="${LONG_URL}">${LONG_URL}</a></p>`,
  "<pre><code>const resultado = calcularInvestimentoMensal(orcamentoTotal, canaisEscolhidos, metaDeConversoes, periodoEmDias);</code></pre>",
  "<h4>Comparativo dos canais</h4>",
  "<table><thead><tr><th>Canal</th><th>Investimento mensal</th><th>Retorno esperado</th><th>Observações</th></tr></thead>" +
    "<tbody><tr><td>Google Ads</td><td>R$ 2.500,00</td><td>3,2 vezes o investido</td><td>Campanhas de pesquisa locais</td></tr></tbody></table>",
  "<p>Texto comum do post.</p>",
].join("\n");

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function publishPost(page: Page): Promise<string> {
  const title = unique("Post largo");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await fillContent(page, CONTENT);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: title });
  const href = (await row.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  created.push(new URL(href, "http://x").searchParams.get("editar")!);
  return (await row.locator("p").first().textContent())!.slice(1);
}

test("the public post fits a phone (390 px) and styles tables, code blocks and h4", async ({ page }) => {
  const slug = await publishPost(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/blog/${slug}`);
  const article = page.locator(".prose-blog");
  await expect(article.locator("table")).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // The code block: a box of its own that scrolls sideways, the line kept whole.
  const pre = article.locator("pre");
  const code = await pre.evaluate((element) => {
    const style = getComputedStyle(element);
    return { overflowX: style.overflowX, background: style.backgroundColor, padding: style.paddingLeft, scrolls: element.scrollWidth > element.clientWidth };
  });
  expect(code).toMatchObject({ overflowX: "auto", scrolls: true });
  expect(code.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(Number.parseFloat(code.padding)).toBeGreaterThan(0);

  // The table: cells with borders and padding; wider than the phone, it scrolls inside itself.
  const cell = await article
    .locator("td")
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return { padding: Number.parseFloat(style.paddingLeft), border: Number.parseFloat(style.borderTopWidth) };
    });
  expect(cell.padding).toBeGreaterThan(0);
  expect(cell.border).toBeGreaterThanOrEqual(1);
  const table = await article
    .locator("table")
    .evaluate((element) => ({ overflowX: getComputedStyle(element).overflowX, right: element.getBoundingClientRect().right }));
  expect(table.overflowX).toBe("auto");
  expect(table.right).toBeLessThanOrEqual(390);

  // h4 stands above the text: larger and bold.
  const [h4, p] = await Promise.all(
    ["h4", "p"].map((tag) =>
      article
        .locator(tag)
        .last()
        .evaluate((element) => ({ size: Number.parseFloat(getComputedStyle(element).fontSize), weight: Number(getComputedStyle(element).fontWeight) })),
    ),
  );
  expect(h4!.size).toBeGreaterThan(p!.size);
  expect(h4!.weight).toBeGreaterThanOrEqual(700);
});
