// With JavaScript the library picker is a dialog of its own: inside a section's form dialog,
// Escape closes the picker only, and the form stays open with what was typed.
import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { formReady, PNG, signIn, toast } from "./admin-helpers";

test("the picker dialog closes with Escape without closing the form dialog around it", async ({ page }) => {
  await signIn(page, "/admin/led-panels?novo");
  await formReady(page);
  await page.locator('[name="title"]').fill("Painel com foto da biblioteca");
  await page.getByRole("button", { name: "Escolher da biblioteca" }).click();
  const picker = page.getByRole("dialog", { name: "Escolher da biblioteca" });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole("status")).toHaveCount(0); // loaded: files or "Nenhum arquivo"
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/led-panels\?novo$/);
  await expect(page.locator('[name="title"]')).toHaveValue("Painel com foto da biblioteca");
  await expect(page.locator('input[name="photo_biblioteca"]')).toHaveValue("");
});

test("the library page and the picker dialog have no axe violations", async ({ page }) => {
  await signIn(page, "/admin/midia");
  await formReady(page);
  await page.locator('input[name="arquivo_blog"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const sent = toast(page, "Arquivo enviado");
  await expect(sent).toContainText(/“imagem-[a-z2-7]{13}\.png” já está na biblioteca\./);
  const name = /“(imagem-[a-z2-7]{13}\.png)”/.exec((await sent.textContent()) ?? "")![1]!;
  await expect(page.locator(`[data-media="${name}"]`)).toBeVisible();
  const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.goto("/admin/blog");
  await formReady(page);
  await page.getByRole("button", { name: "Escolher da biblioteca" }).first().click();
  const picker = page.getByRole("dialog", { name: "Escolher da biblioteca" });
  await expect(picker.getByRole("button", { name: `Escolher ${name}` })).toBeVisible();
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.keyboard.press("Escape");

  // Clean up: the file is not used by anything.
  await page.goto("/admin/midia");
  await page.getByRole("link", { name: `Excluir ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Arquivo excluído")).toBeVisible();
});
