// Alt text given at upload, from the editor's point of view, JavaScript on and off: a portfolio
// project's cover sent from its form with an alt text and a caption is described so on the public
// page; the library shows the words with the file, and an edit there shows on the public page at once.
import { expect, test } from "@playwright/test";
import { formReady, PNG, signIn, toast, unique } from "./admin-helpers";

test("a cover uploaded with its alt text is described so on the public portfolio, and the library's edit follows", async ({ page }) => {
  const title = unique("Projeto descrito");
  const alt = unique("Equipe reunida na sede");
  const name = `${unique("capa descrita").replace(/\W+/g, "-").toLowerCase()}.png`;
  await signIn(page, "/admin/portfolio?novo");
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="category"]').selectOption("IA");
  await page.locator('[name="description"]').fill("Capa enviada com descrição.");
  await page.locator('[name="result"]').fill("Descrita para quem não vê.");
  await page.locator('input[name="cover_image"]').setInputFiles({ ...PNG, name });
  await page.getByLabel("Texto alternativo (descreve a imagem para quem não a vê)").fill(alt);
  await page.getByLabel("Legenda (opcional)", { exact: true }).fill("Na sede, em 2026");
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(toast(page, "Projeto criado")).toBeVisible();

  await page.goto("/portfolio");
  await expect(page.locator(`img[alt="${alt}"]`)).toHaveCount(1);
  await expect(page.locator(`img[alt="${title}"]`)).toHaveCount(0);

  // The library keeps the words with the file; an edit there is what the public page says next.
  await page.goto(`/admin/midia?busca=${encodeURIComponent(name.replace(".png", ""))}`);
  await formReady(page);
  // Stored under its own name plus a random token.
  const card = page.locator(`[data-media^="${name.replace(".png", "-")}"]`);
  await expect(card).toContainText(alt);
  const stored = (await card.getAttribute("data-media"))!;
  await card.getByText("Texto alternativo:").click();
  await expect(card.getByLabel(`Legenda de ${stored}`)).toHaveValue("Na sede, em 2026");
  const edited = unique("Fachada azul da sede");
  await card.getByLabel(`Texto alternativo de ${stored}`).fill(edited);
  await card.getByRole("button", { name: "Salvar texto" }).click();
  await expect(toast(page, "Texto alternativo salvo")).toBeVisible();
  await page.goto("/portfolio");
  await expect(page.locator(`img[alt="${edited}"]`)).toHaveCount(1);

  // Clean up: the project, then its file (unused once the project is gone).
  await page.goto("/admin/portfolio");
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Projeto excluído")).toBeVisible();
  await page.goto(`/admin/midia?busca=${encodeURIComponent(name.replace(".png", ""))}`);
  await formReady(page);
  await page.getByRole("link", { name: `Excluir ${stored}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});
