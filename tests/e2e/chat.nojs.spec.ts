// Without JavaScript the chat is a real form: the answer is on the page after the post.
import { expect, test } from "@playwright/test";

// The cookie notice (decided here) would cover the bottom of the chat until the visitor chooses.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
});

test("a question typed in the form comes back with its answer after the page reloads", async ({ page }) => {
  await page.goto("/servicos");
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await panel.getByPlaceholder("Digite sua mensagem...").fill("Vocês fazem sites?");
  await panel.getByPlaceholder("Digite sua mensagem...").press("Enter");
  await expect(page).toHaveURL(/\/servicos#chat$/);
  const log = page.getByRole("log");
  await expect(log.locator('[data-role="user"]')).toHaveText("Você: Vocês fazem sites?");
  await expect(log.locator('[data-role="assistant"]').last()).toHaveText("Assistente: Resposta do webhook: Vocês fazem sites?");
  await expect(page.getByRole("button", { name: "Quero um site" })).toHaveCount(0);

  await panel.getByPlaceholder("Digite sua mensagem...").fill("E quanto custa?");
  await panel.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(log.locator('[data-role="user"]')).toHaveCount(2);
  await expect(log.locator('[data-role="assistant"]').last()).toContainText("E quanto custa?");
});

test("a quick suggestion is a submit button", async ({ page }) => {
  await page.goto("/contato");
  await page.getByRole("button", { name: "Como funciona a IA?" }).click();
  await expect(page).toHaveURL(/\/contato#chat$/);
  await expect(page.getByRole("log").locator('[data-role="assistant"]').last()).toContainText("Resposta do webhook: Como funciona a IA?");
});

test("the webhook's failures show the Portuguese error messages", async ({ page }) => {
  await page.goto("/");
  const input = page.getByPlaceholder("Digite sua mensagem...");
  await input.fill("modo:500");
  await input.press("Enter");
  await expect(page.getByRole("log").locator('[data-role="assistant"]').last()).toContainText("Desculpe, ocorreu um erro. Tente novamente.");
  await input.fill("modo:missing");
  await input.press("Enter");
  await expect(page.getByRole("log").locator('[data-role="assistant"]').last()).toContainText("Desculpe, não consegui processar sua mensagem.");
});

test("the chat closes and opens again with plain links", async ({ page }) => {
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await panel.getByRole("link", { name: "Fechar chat" }).click();
  await expect(panel).toBeHidden();
  const launcher = page.getByRole("link", { name: "Abrir chat com o assistente" });
  await expect(launcher).toBeVisible();
  await launcher.click();
  await expect(panel).toBeVisible();
  await expect(launcher).toBeHidden();
});
