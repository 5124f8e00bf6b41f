import { expect, test } from "@playwright/test";
import { ADMIN } from "./admin-helpers";

// The one browser test that signs in through the form (with JavaScript and without); the others
// start a session directly (signIn in admin-helpers.ts).
test("an anonymous visitor is sent to the login, then back to the page asked for, welcomed", async ({ page }) => {
  await page.goto("/admin/client-logos");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fclient-logos$/);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill("senha-errada");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Erro no login" })).toContainText("Credenciais inválidas");
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/client-logos$/);
  await expect(page.getByRole("heading", { name: "Logos de clientes" })).toBeVisible();
  await expect(page.locator("[data-toast]").filter({ hasText: "Login realizado!" })).toContainText("Bem-vindo ao painel administrativo.");
});
