// The media library, JavaScript on and off: upload a file in /admin/midia, pick it in a section's
// form (a dialog with JavaScript, the library's picker page without), see that no delete is
// offered while a row uses it, edit alt text, search, and delete unused files one or many at once. On local disk by default; with E2E_S3=1 the
// server stores uploads in a real S3-protocol server (npm run test:e2e:s3).
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { formReady, PNG, signIn, toast, unique } from "./admin-helpers";

/** Uploads a PNG into the portfolio bucket and returns its stored name (the toast names it). */
async function uploadPng(page: Page): Promise<string> {
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await formReady(page);
  await page.locator('input[name="arquivo_portfolio"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const sent = toast(page, "Arquivo enviado");
  await expect(sent).toContainText(/“imagem-[a-z2-7]{13}\.png” já está na biblioteca\./);
  const name = /“(imagem-[a-z2-7]{13}\.png)”/.exec((await sent.textContent()) ?? "")![1]!;
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${name}"]`)).toBeVisible();
  return name;
}

async function deleteFromLibrary(page: Page, name: string) {
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await formReady(page);
  await page.getByRole("link", { name: `Excluir ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Tem certeza que deseja excluir “${name}”?`);
  await dialog.getByRole("button", { name: "Excluir" }).click();
}

test("upload in the library, pick the file in a project's form, refused delete while used, delete once unused", async ({ page }) => {
  const title = unique("Projeto da biblioteca");
  await signIn(page, "/admin/midia");
  const name = await uploadPng(page);

  // Pick it for a new portfolio project's cover.
  await page.goto("/admin/portfolio?novo");
  await formReady(page);
  // What was typed before picking stays (without JavaScript the picker submits the form).
  await page.locator('[name="title"]').fill(title);
  await page.getByRole("button", { name: "Escolher da biblioteca" }).click();
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole("button", { name: `Escolher ${name}` }).click();
  } else {
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Escolher ${name}` })
      .click();
  }
  await expect(page.locator('[data-library-choice="cover_image"]')).toBeVisible();
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  // The file's public URL: under /media on local disk, at the store's address with E2E_S3=1.
  const base = process.env.E2E_S3 === "1" ? "http://127\\.0\\.0\\.1:\\d+/" : "/media/";
  await expect(page.locator('input[name="cover_image_biblioteca"]')).toHaveValue(new RegExp(`^${base}portfolio-media/biblioteca/${name.replace(".", "\\.")}$`));
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="category"]').selectOption("IA");
  await page.locator('[name="description"]').fill("Capa escolhida da biblioteca.");
  await page.locator('[name="result"]').fill("Sem novo upload.");
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(toast(page, "Projeto criado")).toBeVisible();

  // The library shows where the file is used, and offers no delete for it (it could only fail).
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  const card = page.locator(`[data-media="${name}"]`);
  await expect(card.getByRole("link", { name: title })).toBeVisible();
  await expect(card.getByRole("link", { name: `Excluir ${name}` })).toHaveCount(0);
  await expect(card.getByRole("checkbox")).toHaveCount(0);
  await expect(card).toContainText("Em uso: troque o arquivo nesses registros para poder excluí-lo.");

  // Deleting the project (the only row using it) keeps the file, now unused; the library deletes it.
  await page.goto("/admin/portfolio");
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Projeto excluído")).toBeVisible();
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${name}"]`)).toContainText("Não usado");
  await deleteFromLibrary(page, name);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
  await expect(page.locator(`[data-media="${name}"]`)).toHaveCount(0);
});

test("an unused file is deleted from the library after confirmation", async ({ page }) => {
  await signIn(page, "/admin/midia");
  const name = await uploadPng(page);
  await expect(page.locator(`[data-media="${name}"]`)).toContainText("Não usado");
  await deleteFromLibrary(page, name);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/midia$/);
  await expect(page.locator(`[data-media="${name}"]`)).toHaveCount(0);
});

test("alt text is edited per file, search finds files by name, and a wide image is shown whole", async ({ page }) => {
  await signIn(page, "/admin/midia");
  const name = await uploadPng(page);
  await page.goto(`/admin/midia?busca=${encodeURIComponent(name.replace(".png", ""))}`);
  await formReady(page);
  const card = page.locator(`[data-media="${name}"]`);
  await expect(card).toBeVisible();
  // The thumbnail is never cropped: the whole image, letterboxed.
  await expect(card.locator("img")).toHaveCSS("object-fit", "contain");
  await card.getByText("Texto alternativo:").click();
  await card.getByLabel(`Texto alternativo de ${name}`).fill("Quadrado azul da marca");
  await card.getByRole("button", { name: "Salvar texto" }).click();
  await expect(toast(page, "Texto alternativo salvo")).toBeVisible();
  await expect(page).toHaveURL(/busca=/);
  await expect(page.locator(`[data-media="${name}"] img`)).toHaveAttribute("alt", "Quadrado azul da marca");
  await expect(page.locator(`[data-media="${name}"]`)).toContainText("Quadrado azul da marca");

  // Search is a GET form: its address can be shared; a name that matches nothing says so.
  await page.getByLabel("Buscar por nome").fill("nenhum-arquivo-tem-este-nome");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/busca=nenhum-arquivo-tem-este-nome/);
  await expect(page.getByText("Nenhum arquivo encontrado para “nenhum-arquivo-tem-este-nome”")).toBeVisible();
  await deleteFromLibrary(page, name);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});

test("bulk delete: selected unused files go after one confirmation; a file that came into use meanwhile is kept, said once", async ({ page }) => {
  await signIn(page, "/admin/midia");
  const [first, second] = [await uploadPng(page), await uploadPng(page)];
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await formReady(page);
  await page.getByRole("button", { name: "Excluir selecionados" }).click();
  await expect(page.getByRole("alert")).toContainText("Marque os arquivos que deseja excluir.");
  for (const name of [first, second]) await page.getByRole("checkbox", { name: `Selecionar ${name}` }).check();
  await page.getByRole("button", { name: "Excluir selecionados" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Tem certeza que deseja excluir 2 arquivos?");
  await expect(dialog).toContainText(first);
  await expect(dialog).toContainText(second);

  // Meanwhile someone uses the second file in a project (another tab, the same admin).
  const title = unique("Usa no meio tempo");
  const saved = await page.request.post("/admin/portfolio", {
    multipart: { title, category: "IA", description: "D", result: "R", cover_image_biblioteca: `/media/portfolio-media/biblioteca/${second}` },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  await dialog.getByRole("button", { name: "Excluir" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Arquivo em uso" });
  await expect(refusal).toContainText(`“${second}” está em uso em Portfólio: “${title}”. O outro arquivo foi excluído.`);
  // Said once: no toast besides the message, and no dialog offering a delete that can only fail.
  await expect(page.getByText("Arquivo em uso")).toHaveCount(1);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=imagem");
  await expect(page.locator(`[data-media="${first}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-media="${second}"]`)).toHaveCount(1);

  // Clean up: the project goes, then the file.
  await page.goto("/admin/portfolio");
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Projeto excluído")).toBeVisible();
  await deleteFromLibrary(page, second);
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});

/** A PNG no other test sends (its own colour), under `name`. */
async function ownPng(name: string) {
  const channel = () => Math.floor(Math.random() * 256);
  const buffer = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: channel(), g: channel(), b: channel() } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The section's message: a toast, or the alert above a form sent back. */
const message = (page: Page, text: string) => page.locator('[data-toast], [role="alert"]').filter({ hasText: text }).first();

test("the form's library picker searches by name, as the library page does (on a phone)", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = unique("busca").replace(/\W+/g, "-").toLowerCase();
  await signIn(page, "/admin/midia");
  for (const word of ["alfa", "beta"]) {
    const sent = await page.request.post("/admin/midia", {
      multipart: { intent: "upload", arquivo_portfolio: await ownPng(`${tag}-${word}.png`) },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(302);
  }
  await page.goto("/admin/portfolio?novo");
  await formReady(page);
  await page.getByRole("button", { name: "Escolher da biblioteca" }).click();
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  // With JavaScript a dialog that searches as you type; without, the form comes back with the files and a search of its own.
  const picker = javaScript
    ? page.getByRole("dialog", { name: "Escolher da biblioteca" })
    : page.locator("fieldset").filter({ hasText: "Escolher da biblioteca:" });
  if (!javaScript) {
    // The form comes back at the files offered, not at its top.
    await expect(page).toHaveURL(/#biblioteca-cover_image$/);
    await expect(picker.getByRole("searchbox", { name: "Buscar por nome" })).toBeInViewport();
  }
  await picker.getByRole("searchbox", { name: "Buscar por nome" }).fill(`${tag} ALFA`);
  if (!javaScript) await picker.getByRole("button", { name: "Buscar", exact: true }).click();
  const alfa = picker.getByRole("button", { name: new RegExp(`^Escolher ${tag}-alfa`) });
  await expect(alfa).toBeVisible();
  await expect(picker.getByRole("button", { name: new RegExp(`^Escolher ${tag}-beta`) })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("picker-search.png") });
  await picker.getByRole("searchbox", { name: "Buscar por nome" }).fill(`${tag}-nada`);
  if (!javaScript) await picker.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(picker.getByText(`Nenhum arquivo encontrado para “${tag}-nada”`)).toBeVisible();
  await picker.getByRole("searchbox", { name: "Buscar por nome" }).fill(tag);
  if (!javaScript) await picker.getByRole("button", { name: "Buscar", exact: true }).click();
  await picker.getByRole("button", { name: new RegExp(`^Escolher ${tag}-alfa`) }).click();
  await expect(page.locator('[data-library-choice="cover_image"]')).toBeInViewport();
  await expect(page.locator('input[name="cover_image_biblioteca"]')).toHaveValue(new RegExp(`${tag}-alfa`));
  if (!javaScript) await expect(page).toHaveURL(/#escolha-cover_image$/);
});

test("a file sent again is not copied: the library and a project's form say it is already there", async ({ page }, testInfo) => {
  const file = await ownPng(`${unique("reenvio").replace(/\W+/g, "-").toLowerCase()}.png`);
  await signIn(page, "/admin/midia");
  const count = async () =>
    Number(
      /(\d+) arquivos?/.exec(
        (await page
          .getByRole("status")
          .filter({ hasText: /arquivos?/ })
          .first()
          .textContent()) ?? "",
      )![1],
    );
  // The library page, twice.
  await page.goto("/admin/midia?bucket=portfolio-media");
  await formReady(page);
  await page.locator('input[name="arquivo_portfolio"]').setInputFiles(file);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(toast(page, "Arquivo enviado")).toBeVisible();
  await page.goto("/admin/midia?bucket=portfolio-media");
  const before = await count();
  await formReady(page);
  await page.locator('input[name="arquivo_portfolio"]').setInputFiles(file);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(toast(page, "Arquivo já na biblioteca")).toContainText(/já está na biblioteca: nenhuma cópia foi criada\./);
  await page.goto("/admin/midia?bucket=portfolio-media");
  expect(await count()).toBe(before);

  // A project's cover, twice: the second project uses the first one's file.
  const titles = [unique("Capa reenviada A"), unique("Capa reenviada B")];
  for (const [index, title] of titles.entries()) {
    await page.goto("/admin/portfolio?novo");
    await formReady(page);
    await page.locator('[name="title"]').fill(title);
    await page.locator('[name="category"]').selectOption("Sites");
    await page.locator('[name="description"]').fill("Descrição.");
    await page.locator('[name="result"]').fill("Resultado.");
    await page.locator('input[name="cover_image"]').setInputFiles(file);
    await page.getByRole("button", { name: "Criar Projeto" }).click();
    await expect(message(page, "Projeto criado")).toBeVisible();
    const note = message(page, "nenhuma cópia foi criada.");
    if (index === 0) await expect(note).toHaveCount(0);
    else await expect(note).toContainText("já está na biblioteca: nenhuma cópia foi criada.");
  }
  await page.screenshot({ path: testInfo.outputPath("sent-again.png") });
  const covers: string[] = [];
  for (const title of titles) {
    await page.goto(`/admin/portfolio`);
    const href = (await page.getByRole("link", { name: `Editar ${title}` }).getAttribute("href"))!;
    await page.goto(href);
    covers.push((await page.locator('[name="cover_image"]').locator("xpath=..").locator("img").first().getAttribute("src")) ?? "");
    const id = new URLSearchParams(href.split("?")[1]).get("editar")!;
    expect((await page.request.post("/admin/portfolio", { form: { intent: "delete", id }, maxRedirects: 0 })).status()).toBe(302);
  }
  expect(covers[0]).toBeTruthy();
  expect(covers[1]).toBe(covers[0]);
});
