// JavaScript on, keyboard only: the admin's dialogs are the browser's modal <dialog>. The delete
// confirmation (an alert dialog) starts on its harmless choice, 'Cancelar'; Tab and Shift+Tab
// stay inside every dialog; Escape or 'Cancelar' close it and focus returns to the control that
// opened it. (Without JavaScript the same markup is a confirmation page: admin.nojs.spec.ts.)
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formReady, signIn } from "./admin-helpers";

/**
 * Presses Tab (or Shift+Tab) more times than the dialog has stops: focus never reaches the page
 * behind the modal dialog. (Past its last control the browser may take focus to its own address
 * bar and tabs, outside the page, as it does for any modal <dialog>; the next Tab comes back in.)
 */
async function expectFocusTrapped(page: Page, dialog: Locator, key: "Tab" | "Shift+Tab") {
  const stops = await dialog.locator('a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea').count();
  let inside = 0;
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press(key);
    const where = await dialog.evaluate((element) => {
      const active = document.activeElement;
      return !active || active === document.body ? "browser" : element.contains(active) ? "dialog" : "page";
    });
    expect(where).not.toBe("page");
    if (where === "dialog") inside++;
  }
  expect(inside).toBeGreaterThanOrEqual(stops);
}

test("delete confirmation: focus on 'Cancelar', trapped inside, back to 'Excluir …' on close", async ({ page }) => {
  await signIn(page, "/admin/portfolio");
  await formReady(page);
  const opener = page.getByRole("link", { name: /^Excluir / }).first();
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Tem certeza que deseja excluir este projeto? Esta ação não pode ser desfeita.");
  await expect(dialog.getByRole("link", { name: "Cancelar" })).toBeFocused();

  // The browser's own modal dialog (the page behind it is inert), not a box drawn over the page.
  await expect(page.locator("dialog:modal")).toHaveCount(1);
  await expect(page.locator("dialog:modal")).toHaveRole("alertdialog");
  // Order inside: Cancelar, Excluir, Fechar (×).
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Excluir" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("link", { name: "Fechar" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Excluir" })).toBeFocused();
  await expectFocusTrapped(page, dialog, "Tab");
  await expectFocusTrapped(page, dialog, "Shift+Tab");

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // 'Cancelar' with the keyboard (the first focus: Enter right away keeps the row).
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("link", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/portfolio$/);
  await expect(opener).toBeFocused();
});

test("form dialogs (LED panels, course testimonials): first field focused, focus trapped, back to the opener", async ({ page }) => {
  await signIn(page);
  for (const { path, open, field } of [
    { path: "/admin/led-panels", open: "Novo Painel", field: "title" },
    { path: "/admin/course-testimonials", open: "Novo Depoimento", field: "student_name" },
  ]) {
    await page.goto(path);
    await formReady(page);
    const opener = page.getByRole("link", { name: open });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator(`[name="${field}"]`)).toBeFocused();
    await expect(page.locator("dialog:modal")).toHaveCount(1);
    await expectFocusTrapped(page, dialog, "Shift+Tab");
    await expectFocusTrapped(page, dialog, "Tab");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test("a route dialog closed and opened again before the page without it has loaded opens again", async ({ page }) => {
  await signIn(page, "/admin/portfolio");
  await formReady(page);
  // The pages without a dialog load slowly: each reopening below happens while one is on its way.
  await page.route(/\/admin\/(portfolio|led-panels)\.data(?![^#]*(excluir|novo))/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => {});
  });
  // A delete confirmation: the same row twice, then another row.
  const confirmation = page.getByRole("alertdialog");
  const openers = page.getByRole("link", { name: /^Excluir / });
  for (const opener of [openers.first(), openers.first(), openers.nth(1)]) {
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(confirmation.getByRole("link", { name: "Cancelar" })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`excluir=${(await opener.getAttribute("href"))!.split("excluir=")[1]}`));
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog[open]")).toHaveCount(0);
  }
  // A form dialog.
  await page.goto("/admin/led-panels");
  await formReady(page);
  const newPanel = page.getByRole("link", { name: "Novo Painel" });
  for (let i = 0; i < 2; i++) {
    await newPanel.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog").locator('[name="title"]')).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog[open]")).toHaveCount(0);
  }
});
