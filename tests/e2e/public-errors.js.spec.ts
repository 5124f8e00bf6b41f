import { expect, test } from "@playwright/test";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
});

test("contact: a failure while sending shows its error toast", async ({ page }) => {
  await page.goto("/contato");
  await page.waitForLoadState("networkidle");
  // The form's validation code loads on demand: make that load fail.
  await page.route("**/assets/**", (route) => route.abort());
  const form = page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByLabel("Mensagem") });
  await form.getByLabel("Nome").fill("Ana Souza");
  await form.getByLabel("E-mail").fill("ana@exemplo.com.br");
  await form.getByLabel("Telefone").fill("(62) 99999-1111");
  await form.getByLabel("Mensagem").fill("Quero um orçamento.");
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  const toast = page.getByRole("status");
  await expect(toast.getByText("Erro", { exact: true })).toBeVisible();
  await expect(toast.getByText("Ocorreu um erro ao enviar a mensagem. Tente novamente.")).toBeVisible();
});
