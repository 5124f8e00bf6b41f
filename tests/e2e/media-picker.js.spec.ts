// With JavaScript the library picker is a dialog of its own: inside a section's form dialog,
// Escape closes the picker only, and the form stays open with what was typed.
import { expect, test } from "@playwright/test";
import { formReady, signIn } from "./admin-helpers";

test("the picker dialog closes with Escape without closing the form dialog around it", async ({ page }) => {
  await signIn(page, "/admin/led-panels?novo");
  await formReady(page);
  await page.locator('[name="title"]').fill("Painel com foto da biblioteca");
  await page.getByRole("link", { name: "Escolher da biblioteca" }).click();
  const picker = page.getByRole("dialog", { name: "Escolher da biblioteca" });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole("status")).toHaveCount(0); // loaded: files or "Nenhum arquivo"
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/led-panels\?novo$/);
  await expect(page.locator('[name="title"]')).toHaveValue("Painel com foto da biblioteca");
  await expect(page.locator('input[name="photo_biblioteca"]')).toHaveValue("");
});
