// Unsaved work is protected, from the editor's point of view: every admin form asks before a link
// inside the admin, "Editar" on another row, a reload or a closed tab would drop its changes, and
// never asks about its own save; a post being written is kept in the browser and offered back
// after the tab is closed without saving, and not once its changes were discarded on purpose. An
// untouched post never counts as changed, whatever line breaks it was stored with.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, e2eDb, formReady, PNG, signIn, toast, unique } from "./admin-helpers";

const UNSAVED = "Há alterações não salvas neste formulário. Sair e descartar as alterações?";

/** Runs `action`, answering the confirm it opens with `accept`; returns the confirm's message. */
async function confirmAfter(page: Page, action: () => Promise<unknown>, accept: boolean): Promise<string> {
  const dialog = page.waitForEvent("dialog");
  const done = action();
  const opened = await dialog;
  const message = opened.message();
  if (accept) await opened.accept();
  else await opened.dismiss();
  await done;
  return message;
}

// Every admin page with a form, and a text field to change on it.
const FORMS = [
  { path: "/admin/blog", field: "title" },
  { path: "/admin/portfolio?novo", field: "title" },
  { path: "/admin/led-panels?novo", field: "title" },
  { path: "/admin/window-films-portfolio?novo", field: "title" },
  { path: "/admin/window-films-testimonials?novo", field: "client_name" },
  { path: "/admin/client-logos?novo", field: "client_name" },
  { path: "/admin/course-testimonials?novo", field: "student_name" },
  { path: "/admin/configuracoes", field: "email" },
];

test("every admin form asks before a link inside the admin drops its changes, and stays when told to", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  let unexpected = "";
  for (const { path, field } of FORMS) {
    const here = new RegExp(`${path.replace(/[?]/g, "\\?")}$`);
    // The form's own "Cancelar" link (the page behind a form dialog is out of reach meanwhile).
    const leave = page
      .locator("form")
      .filter({ has: page.locator(`[name="${field}"]`) })
      .getByRole("link", { name: "Cancelar" });
    const input = page.locator(`form [name="${field}"]`).first();
    await page.goto(path);
    await formReady(page);
    // Untouched, the link just goes: no question.
    const quiet = (dialog: import("@playwright/test").Dialog) => {
      unexpected = `${path}: ${dialog.message()}`;
      void dialog.dismiss();
    };
    // Untouched, "Cancelar" asks nothing (it may come back to this same address: an empty
    // section opens its form by itself).
    page.on("dialog", quiet);
    await leave.click();
    await page.waitForLoadState("networkidle");
    page.off("dialog", quiet);
    expect(unexpected).toBe("");
    await page.goto(path);
    await formReady(page);

    await input.fill(`${await input.inputValue()} alterado`);
    const message = await confirmAfter(page, () => leave.click(), false);
    expect(message, path).toBe(UNSAVED);
    await expect(page, path).toHaveURL(here);
    await expect(input, path).toHaveValue(/ alterado$/);
    await confirmAfter(page, () => leave.click(), true);
    // Gone: another page, or this page's form started afresh.
    await expect
      .poll(() => page.locator(`[name="${field}"]`).evaluateAll((elements) => elements.some((e) => (e as HTMLInputElement).value?.endsWith(" alterado"))), {
        message: path,
      })
      .toBe(false);
  }
});

test("the blog form asks before 'Editar' on another post, a reload or a closed tab; its own save goes through", async ({ page, context }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  const title = unique("Meio escrito");
  await page.locator('[name="title"]').fill(title);
  const other = page.getByRole("link", { name: /^Editar / }).first();
  expect(await confirmAfter(page, () => other.click(), false)).toBe(UNSAVED);
  await expect(page.locator('[name="title"]')).toHaveValue(title);

  // A reload asks through the browser's own "leave site?" question.
  const reload = page.waitForEvent("dialog");
  void page.reload().catch(() => undefined);
  const question = await reload;
  expect(question.type()).toBe("beforeunload");
  await question.dismiss();
  await expect(page.locator('[name="title"]')).toHaveValue(title);

  // Its own save is never asked about.
  let asked = false;
  page.on("dialog", (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await page.locator('[name="excerpt"]').fill("Resumo.");
  await page.locator('textarea[name="content"]').fill("<p>Texto.</p>");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  expect(asked).toBe(false);
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  // Nothing changed since: leaving asks nothing.
  await page.goto(href);
  await formReady(page);
  await page.locator('a[href="/admin/dashboard"]').first().click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(asked).toBe(false);
  await context.request.post("/admin/blog", { form: { intent: "delete", id: new URL(href, "http://x").searchParams.get("editar")! }, maxRedirects: 0 });
});

test("a post being written is kept in the browser and offered back after the tab closed without saving", async ({ page, context }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  const title = unique("Post que quase se perdeu");
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="excerpt"]').fill("Resumo guardado.");
  await page.locator('textarea[name="content"]').fill("<h2>Parte um</h2><p>Texto longo escrito com calma.</p>");
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? "").includes("Parte um")))).toBe(true);
  await page.close(); // a crash or a closed tab: no question is asked here

  const again = await context.newPage();
  await again.goto("/admin/blog");
  await formReady(again);
  const offer = again.getByRole("alert").filter({ hasText: "Há uma versão deste post que não foi salva" });
  await expect(offer).toBeVisible();
  await offer.getByRole("button", { name: "Restaurar versão não salva" }).click();
  await expect(again.locator('[name="title"]')).toHaveValue(title);
  await expect(again.locator('[name="excerpt"]')).toHaveValue("Resumo guardado.");
  await expect(again.locator('textarea[name="content"]')).toHaveValue("<h2>Parte um</h2><p>Texto longo escrito com calma.</p>");
  await expect(offer).toHaveCount(0);

  // Saved: the kept copy goes, and the next new post starts clean.
  await again.locator('[name="publication"][value="draft"]').check();
  await again.locator('input[name="cover_image"]').setInputFiles(PNG);
  await again.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(again, "Post criado com sucesso!")).toBeVisible();
  const href = (await again.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  await again.reload();
  await formReady(again);
  await expect(again.getByRole("alert").filter({ hasText: "Há uma versão deste post que não foi salva" })).toHaveCount(0);
  await context.request.post("/admin/blog", { form: { intent: "delete", id: new URL(href, "http://x").searchParams.get("editar")! }, maxRedirects: 0 });
});

test("a save that finds the session ended keeps the post in the browser, offered back once signed in again", async ({ page, context }) => {
  await signIn(page, "/admin/blog");
  const href = (await page
    .getByRole("link", { name: /^Editar / })
    .first()
    .getAttribute("href"))!;
  await page.goto(href);
  await formReady(page);
  const title = unique("Título escrito com a sessão encerrada");
  await page.locator('[name="title"]').fill(title);
  await expect.poll(() => page.evaluate((title) => Object.values(localStorage).some((value) => value.includes(title)), title)).toBe(true);
  await context.clearCookies(); // the session ends (signed out elsewhere, or idle) while the post is edited
  await page.getByRole("button", { name: "Atualizar Post" }).click();
  // Nothing was saved: the sign-in leads back to this post's form...
  await expect(page).toHaveURL(`/admin/login?redirectTo=${encodeURIComponent(href.split("#")[0]!)}`);
  // ...where the copy kept in the browser is offered back.
  await signIn(page, href);
  await formReady(page);
  const offer = page.getByRole("alert").filter({ hasText: "Há uma versão deste post que não foi salva" });
  await offer.getByRole("button", { name: "Restaurar versão não salva" }).click();
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  await page.evaluate(() => localStorage.clear());
});

test("an untouched post written with line breaks asks nothing on leaving: stored with CRLF (as browsers post textareas) or saved now", async ({ page }) => {
  let asked = "";
  page.on("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await signIn(page, "/admin/blog");
  await formReady(page);
  const title = unique("Post com quebras de linha");
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="excerpt"]').fill("Resumo.");
  // Typed in the HTML view, one block per line: the browser posts it with CRLF line breaks.
  await page.locator('textarea[name="content"]').fill("<h2>Parte um</h2>\n<p>Texto.</p>\n<p>Mais texto.</p>");
  await page.locator('[name="publication"][value="draft"]').check();
  await page.locator('input[name="cover_image"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Criar Post" }).click();
  await expect(toast(page, "Post criado com sucesso!")).toBeVisible();
  const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
  const id = new URL(href, "http://x").searchParams.get("editar")!;
  const db = await e2eDb();
  expect((await db.blogPost.findUniqueOrThrow({ where: { id } })).content).toBe("<h2>Parte um</h2>\n<p>Texto.</p>\n<p>Mais texto.</p>");

  const leaveUntouched = async () => {
    // Opened by its link (the form built in the browser) and by a fresh load (the form hydrated).
    await page.getByRole("link", { name: `Editar ${title}` }).click();
    await expect(page.locator('[name="title"]')).toHaveValue(title);
    await page
      .locator("form")
      .filter({ has: page.locator('[name="title"]') })
      .getByRole("link", { name: "Cancelar" })
      .click();
    await page.waitForLoadState("networkidle");
    await page.goto(href);
    await formReady(page);
    await page.locator('a[href="/admin/dashboard"]').first().click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/blog");
    await formReady(page);
  };
  await page.goto("/admin/blog");
  await formReady(page);
  await leaveUntouched();
  expect(asked).toBe("");

  // A post stored before line breaks were normalized keeps its CRLF ones: still nothing to ask.
  await db.blogPost.update({
    where: { id },
    data: { content: "<h2>Parte um</h2>\r\n<p>Texto.</p>\r\n<p>Mais texto.</p>", excerpt: "Resumo\r\nem duas linhas." },
  });
  await page.reload();
  await formReady(page);
  await leaveUntouched();
  expect(asked).toBe("");
  await page.request.post("/admin/blog", { form: { intent: "delete", id }, maxRedirects: 0 });
});

test("'Cancelar' that discards a post's changes discards the copy kept in the browser too: nothing is offered back", async ({ page }) => {
  await signIn(page, "/admin/blog");
  await formReady(page);
  const title = unique("Rascunho descartado");
  await page.locator('[name="title"]').fill(title);
  await page.locator('textarea[name="content"]').fill("<p>Texto que vai ser descartado.</p>");
  await expect.poll(() => page.evaluate((title) => Object.values(localStorage).some((value) => value.includes(title)), title)).toBe(true);
  const cancel = page
    .locator("form")
    .filter({ has: page.locator('[name="title"]') })
    .getByRole("link", { name: "Cancelar" });
  expect(await confirmAfter(page, () => cancel.click(), true)).toBe(UNSAVED);
  await expect(page.locator('[name="title"]')).toHaveValue("");
  await expect.poll(() => page.evaluate((title) => Object.values(localStorage).some((value) => value.includes(title)), title)).toBe(false);
  await page.reload();
  await formReady(page);
  await expect(page.locator('[name="title"]')).toHaveValue("");
  await expect(page.getByRole("alert").filter({ hasText: "Há uma versão deste post que não foi salva" })).toHaveCount(0);

  // Declining keeps both the changes and their copy.
  await page.locator('[name="title"]').fill(title);
  await expect.poll(() => page.evaluate((title) => Object.values(localStorage).some((value) => value.includes(title)), title)).toBe(true);
  expect(await confirmAfter(page, () => cancel.click(), false)).toBe(UNSAVED);
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  expect(await page.evaluate((title) => Object.values(localStorage).some((value) => value.includes(title)), title)).toBe(true);
  await page.evaluate(() => localStorage.clear());
});

test("a save after the session ended: the sign-in page says why, and that the browser kept a copy; signing in brings the form back with what was typed", async ({
  page,
  context,
}) => {
  await signIn(page, "/admin/blog");
  const href = (await page
    .getByRole("link", { name: /^Editar / })
    .first()
    .getAttribute("href"))!;
  await page.goto(href);
  await formReady(page);
  const title = unique("Título salvo depois de entrar de novo");
  await page.locator('[name="title"]').fill(title);
  await expect.poll(() => page.evaluate((title) => Object.values(localStorage).some((value) => value.includes(title)), title)).toBe(true);
  const other = await context.newPage();
  await other.goto("/admin/dashboard");
  await other.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(other).toHaveURL("/");
  await other.close();

  await page.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(page).toHaveURL(`/admin/login?redirectTo=${encodeURIComponent(href.split("#")[0]!)}`);
  const note = page.locator("[data-session-ended]");
  await expect(note).toContainText("Sua sessão terminou. Entre de novo para salvar o que você escreveu.");
  await expect(note).toContainText("Este navegador também guardou uma cópia.");
  await formReady(page);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(href.split("#")[0]!);
  await formReady(page);
  await expect(page.locator("[data-restored-draft]")).toContainText("Ainda não foi salvo");
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  // Not saved by itself, and leaving asks first.
  const message = await confirmAfter(page, () => page.locator('a[href="/admin/dashboard"]').first().click(), false);
  expect(message).toBe(UNSAVED);
  await page.evaluate(() => localStorage.clear());
});

test("a section form's save after the session ended comes back after the sign-in (no copy in the browser: the sign-in page does not claim one)", async ({
  page,
  context,
}) => {
  await signIn(page, "/admin/configuracoes");
  await formReady(page);
  const saved = await page.locator('[name="email"]').inputValue();
  await page.locator('[name="email"]').fill("novo-contato@winddigital.com.br");
  await context.clearCookies(); // the session ends while the form is open
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page).toHaveURL(`/admin/login?redirectTo=${encodeURIComponent("/admin/configuracoes")}`);
  const note = page.locator("[data-session-ended]");
  await expect(note).toContainText("Sua sessão terminou. Entre de novo para salvar o que você escreveu.");
  await formReady(page);
  await expect(note).not.toContainText("Este navegador também guardou uma cópia.");
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL("/admin/configuracoes");
  await expect(page.locator('[name="email"]')).toHaveValue("novo-contato@winddigital.com.br");
  // Leaving it unsaved asks first; told to go, the form is the stored row again (shown once).
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.locator('[name="email"]')).toHaveValue(saved);
});
