// The blog editors' desk in Chromium, with JavaScript on and off: scheduling a post a few seconds
// ahead (it appears by itself for visitors), previewing drafts and unsaved changes (never for a
// visitor), and the search and social fields with their validation.
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { blogPostsDeletedAfterEach, fillContent, PNG, signIn, toast, unique } from "./admin-helpers";

/** A visitor's own browser (no admin session: public pages come from the page cache). */
async function visitor(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "pt-BR",
  });
  return context.newPage();
}

/** `datetime-local` value of an instant in São Paulo time, to the second. */
function saoPaulo(date: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Sao_Paulo",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

const created = blogPostsDeletedAfterEach();

/** Remembers the post titled `title` (from its row in the admin list) for deletion; returns its slug. */
async function track(page: Page, title: string): Promise<string> {
  const row = page.getByRole("listitem").filter({ hasText: title });
  const href = (await row.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  created.push(new URL(href, "http://x").searchParams.get("editar")!);
  return (await row.locator("p").first().textContent())!.slice(1);
}

async function fillPost(page: Page, title: string, fields: Record<string, string> = {}) {
  await page.locator('[name="title"]').fill(title);
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.locator('[name="excerpt"]').fill("Resumo do post.");
  await fillContent(page, "<p>Conteúdo do post.</p>");
  for (const [name, value] of Object.entries(fields)) await page.locator(`[name="${name}"]`).fill(value);
}

test("a post scheduled a few seconds ahead shows 'Agendado' with the date, then appears by itself", async ({ page, browser }, testInfo) => {
  // Far enough ahead for the checks before the due time on a busy machine.
  test.setTimeout(90_000);
  const title = unique("Agendado");
  await signIn(page, "/admin/blog");
  await page.getByRole("radio", { name: "Agendar" }).check();
  await expect(page.getByText("Data e hora de publicação (horário de Brasília)")).toBeVisible();
  const due = new Date(Math.ceil((Date.now() + 20_000) / 1000) * 1000);
  await fillPost(page, title, { published_at: saoPaulo(due) });
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  await expect(toast(page, "Post criado com sucesso!")).toContainText("Post agendado para");
  const row = page.getByRole("listitem").filter({ hasText: title });
  const shown = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" }).format(due);
  await expect(row).toContainText(`Agendado · ${shown}`);
  const slug = await track(page, title);

  const guest = await visitor(browser, testInfo);
  await guest.goto("/blog");
  await guest.goto("/blog"); // the second answer comes from the page cache
  await expect(guest.getByText(title)).toHaveCount(0);
  expect((await guest.goto(`/blog/${slug}`))?.status()).toBe(404);
  expect(Date.now(), "the checks before the due time took too long").toBeLessThan(due.getTime());

  // Nobody saves anything now: the visitor's next loads show it once its time has come. The
  // test waits for that time without loading pages (each load is a second of a shared core's work).
  await guest.waitForTimeout(due.getTime() - Date.now());
  await expect(async () => {
    await guest.goto("/blog");
    await expect(guest.getByText(title).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  expect((await guest.goto(`/blog/${slug}`))?.status()).toBe(200);
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await (await guest.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}`);

  await page.goto("/admin/blog");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Publicado");
  // Nobody published it by hand, and the activity log says so.
  await page.goto("/admin/atividade");
  await expect(page.getByRole("listitem").filter({ hasText: title }).filter({ hasText: "Publicação automática" })).toContainText(
    "Publicação automática publicou no horário agendado",
  );
  await guest.context().close();
});

test("preview: a draft from its row and from the form (unsaved changes with JavaScript); a visitor is sent to the login", async ({
  page,
  browser,
}, testInfo) => {
  const title = unique("Rascunho prévia");
  await signIn(page, "/admin/blog");
  await fillPost(page, title);
  await page.locator('[name="publication"][value="draft"]').check();
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  await track(page, title);

  const fromRow = page.waitForEvent("popup");
  await page.getByRole("link", { name: `Pré-visualizar ${title}` }).click();
  const preview = await fromRow;
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole("note")).toContainText("Rascunho: não aparece no site.");
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const previewUrl = preview.url();
  expect(previewUrl).toMatch(/\/admin\/blog\/preview\/[\w-]+$/);
  await preview.close();

  await page.getByRole("link", { name: `Editar ${title}` }).click();
  // Typing before the edit form has replaced the new-post form would go into the form being replaced.
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  await page.locator('[name="title"]').fill(`${title} (editado)`);
  const fromForm = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Pré-visualizar", exact: true }).click();
  const formPreview = await fromForm;
  if (testInfo.project.use.javaScriptEnabled) {
    // The fields as they are in the form, not saved.
    await expect(formPreview.getByRole("heading", { level: 1, name: `${title} (editado)` })).toBeVisible();
    await expect(formPreview.getByRole("note")).toContainText("com as alterações ainda não salvas");
  } else {
    // Without JavaScript the link opens the saved post.
    await expect(formPreview.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  }
  await formPreview.close();

  await page.goto("/admin/blog");
  const newPreview = page.getByRole("button", { name: "Pré-visualizar", exact: true });
  if (testInfo.project.use.javaScriptEnabled) {
    // A post not saved yet: its fields as typed.
    await page.locator('[name="title"]').fill(`${title} (novo)`);
    await fillContent(page, "<p>Texto ainda não salvo.</p>");
    const fromNew = page.waitForEvent("popup");
    await newPreview.click();
    const unsaved = await fromNew;
    await expect(unsaved.getByRole("heading", { level: 1, name: `${title} (novo)` })).toBeVisible();
    await expect(unsaved.getByText("Texto ainda não salvo.")).toBeVisible();
    await unsaved.close();
  } else {
    // Without JavaScript nothing is saved yet, so there is nothing to preview.
    await expect(newPreview).toHaveCount(0);
  }

  const guest = await visitor(browser, testInfo);
  await guest.goto(previewUrl);
  await expect(guest).toHaveURL(/\/admin\/login/);
  await expect(guest.getByText(title)).toHaveCount(0);
  await guest.goto("/blog");
  await expect(guest.getByText(title)).toHaveCount(0);
  await guest.context().close();
});

test("search and social fields: validated next to the field, then used by the post page's tags", async ({ page, browser }, testInfo) => {
  const title = unique("Post SEO");
  await signIn(page, "/admin/blog");
  await fillPost(page, title, { meta_description: "x".repeat(161), social_image_url: "javascript:alert(1)" });
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("A meta descrição deve ter no máximo 160 caracteres.")).toBeVisible();
  await page.locator('[name="meta_description"]').fill("Descrição do post para o Google.");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Informe uma URL válida (https://...)")).toBeVisible();
  await page.locator('[name="social_image_url"]').fill("https://imagens.exemplo.com.br/social.jpg");
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const slug = await track(page, title);

  const guest = await visitor(browser, testInfo);
  await guest.goto(`/blog/${slug}`);
  await expect(guest.locator('meta[name="description"]')).toHaveAttribute("content", "Descrição do post para o Google.");
  await expect(guest.locator('meta[property="og:description"]')).toHaveAttribute("content", "Descrição do post para o Google.");
  await expect(guest.locator('meta[property="og:image"]')).toHaveAttribute("content", "https://imagens.exemplo.com.br/social.jpg");
  await expect(guest.locator('meta[name="twitter:image"]')).toHaveAttribute("content", "https://imagens.exemplo.com.br/social.jpg");
  const ld = JSON.parse((await guest.locator('script[type="application/ld+json"]').last().textContent())!) as Record<string, unknown>;
  expect(ld).toMatchObject({ "@type": "BlogPosting", description: "Descrição do post para o Google.", image: "https://imagens.exemplo.com.br/social.jpg" });
  await guest.goto("/servicos");
  await expect(guest.locator('meta[name="description"]')).not.toHaveAttribute("content", "Descrição do post para o Google.");
  await guest.context().close();
});
