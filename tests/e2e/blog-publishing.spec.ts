// The blog editor's publishing desk in Chromium, with JavaScript on and off: the one publishing
// control (schedule, then publish now) with its toast and the "Ver post" that follows a save, the
// SEO title in the public page's tab, the live counters and reading time, "Editar" on a phone,
// and the preview tab that gives way to the editor's own tab.
import { expect, test, type Page } from "@playwright/test";
import { blogPostsDeletedAfterEach, fillContent, formReady, PNG, signIn, toast, unique } from "./admin-helpers";

const created = blogPostsDeletedAfterEach();

/** Remembers the post titled `title` (from its row in the admin list) for deletion; returns its id. */
async function track(page: Page, title: string): Promise<string> {
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  const id = new URL(href, "http://x").searchParams.get("editar")!;
  created.push(id);
  return id;
}

/** A São Paulo date two days ahead at 12:45: the field's value and how the toast writes it. */
function twoDaysAhead() {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(new Date(Date.now() + 2 * 24 * 3600_000))
      .map((part) => [part.type, part.value]),
  );
  return { value: `${p.year}-${p.month}-${p.day}T12:45`, shown: `${p.day}/${p.month}/${p.year} às 12:45` };
}

test("schedule, then publish now: the toast says when, 'Ver post' opens it, and its tab shows the SEO title", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled;
  const title = unique("Post com agenda");
  const seoTitle = "Agenda de anúncios: guia prático";
  await signIn(page, "/admin/blog");
  await formReady(page);
  await expect(page.getByText("0 de 60 caracteres")).toBeVisible();
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo do post.");
  await fillContent(page, `<p>${"palavra ".repeat(450)}</p>`);
  // A title too long for search engines: counted as it is typed, refused on save either way.
  await page.locator('[name="seo_title"]').fill("a".repeat(61));
  if (js) {
    await expect(page.getByText("61 de 60 caracteres: 1 a mais")).toBeVisible();
    await expect(page.getByText("450 palavras · 2 min de leitura")).toBeVisible();
    await page.locator('[name="meta_description"]').fill("Descrição curta.");
    await expect(page.getByText("16 de 160 caracteres")).toBeVisible();
  }
  await page.getByRole("radio", { name: "Agendar" }).check();
  const when = twoDaysAhead();
  await page.locator('[name="published_at"]').fill(when.value);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("O título para buscadores deve ter no máximo 60 caracteres.")).toBeVisible();
  if (!js) await expect(page.getByText("61 de 60 caracteres: 1 a mais")).toBeVisible();

  await page.locator('[name="seo_title"]').fill(seoTitle);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toContainText(`Post agendado para ${when.shown}`);
  await expect(page.getByRole("status").filter({ hasText: title })).toContainText(`está agendado para ${when.shown}`);
  const id = await track(page, title);

  // The saved post's form: its length as saved, its schedule selected; publishing it now.
  await page.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  await formReady(page);
  await expect(page.getByText("450 palavras · 2 min de leitura")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Agendar" })).toBeChecked();
  await page.getByRole("radio", { name: "Publicar agora" }).check();
  await page.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(toast(page, "Post atualizado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?salvo=${id}$`));
  await page.getByRole("link", { name: "Ver post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(seoTitle);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", seoTitle);
});

test("a draft chosen with a time left in the field stays a draft, and says so", async ({ page }) => {
  const title = unique("Rascunho escolhido");
  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await fillContent(page, "<p>Texto.</p>");
  await page.getByRole("radio", { name: "Agendar" }).check();
  await page.locator('[name="published_at"]').fill(twoDaysAhead().value);
  await page.getByRole("radio", { name: "Rascunho" }).check();
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toContainText("Salvo como rascunho: não aparece no site.");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Rascunho");
  await track(page, title);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Editar' on a post far down the list brings its form into view", async ({ page }) => {
    await signIn(page, "/admin/blog");
    await formReady(page);
    const edit = page.getByRole("link", { name: /^Editar / }).last();
    const name = (await edit.getAttribute("aria-label"))!.replace(/^Editar /, "");
    await edit.scrollIntoViewIfNeeded();
    await expect(page.getByRole("heading", { name: "Novo Post" })).not.toBeInViewport();
    await edit.click();
    await expect(page.locator('[name="title"]')).toHaveValue(name);
    await expect(page.getByRole("heading", { name: "Editar Post" })).toBeInViewport();
    await expect(page.locator('[name="title"]')).toBeInViewport();
  });
});

test("the preview's 'Voltar ao painel' goes back to the editor's own tab, and the unsaved preview's tab shows the typed title", async ({
  page,
  context,
}, testInfo) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  // The oldest post (the list is newest first): posts other tests create, and delete, come first.
  const edit = page.getByRole("link", { name: /^Editar / }).last();
  const name = (await edit.getAttribute("aria-label"))!.replace(/^Editar /, "");
  await edit.click();
  await expect(page.locator('[name="title"]')).toHaveValue(name);
  const typed = `${name} (título novo)`;
  await page.locator('[name="title"]').fill(typed);

  const opened = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Pré-visualizar", exact: true }).click();
  const preview = await opened;
  await preview.waitForLoadState();
  if (testInfo.project.use.javaScriptEnabled) {
    await expect(preview).toHaveTitle(`Pré-visualização: ${typed}`);
    await preview.locator("[data-hydrated]").first().waitFor();
    const closed = preview.waitForEvent("close");
    // The link closes its own tab: clicked from a timer in the page, so that no step of the test's
    // click is still waiting on a tab that is already gone.
    await preview.getByRole("link", { name: "Voltar ao painel" }).evaluate((link: HTMLElement) => setTimeout(() => link.click(), 0));
    await closed;
    // One admin tab, still holding what was typed.
    expect(context.pages()).toEqual([page]);
    await expect(page.locator('[name="title"]')).toHaveValue(typed);
  } else {
    // Without JavaScript the preview is the saved post's, and a tab cannot close itself: the link
    // leads to that post's form.
    await expect(preview).toHaveTitle(`Pré-visualização: ${name}`);
    await preview.getByRole("link", { name: "Voltar ao painel" }).click();
    await expect(preview).toHaveURL(/\/admin\/blog\?editar=[\w-]+#formulario-post$/);
    await expect(preview.locator('[name="title"]')).toHaveValue(name);
  }
});
