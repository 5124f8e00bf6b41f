// Passkeys in Chromium, with its virtual authenticator (the WebAuthn devtools domain, through a
// CDP session): a passkey is added in "Minha conta", signs in alone from the
// sign-in page ("Entrar com chave de acesso": one click, the authenticator answers), serves as
// the second step after the password beside the 6-digit code, is renamed and removed; cancelling the browser's prompt
// leaves the page with a message and nothing else changed. Without JavaScript:
// passkeys.nojs.spec.ts.
// The server's rules (tampered answers, replays, another account's passkey) are in
// tests/routes/passkeys.test.ts.
import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { formReady, toast } from "./admin-helpers";
import { localhost, newAdmin, PASSWORD, passwordStep } from "./passkey-helpers";

/** Chromium's software authenticator for this page: a platform passkey that verifies its user. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).first().click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("passkeys with JavaScript", () => {
  test.describe.configure({ timeout: 90_000 });

  test("added in Minha conta, then signing in alone, and as the second step; renamed and removed", async ({ page }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const user = await newAdmin("chave", { totp: true });
    await passwordStep(page, user.email);
    await expect(page).toHaveURL(/\/admin\/verificacao$/);
    const { currentTotp } = await import("../../app/lib/two-factor.server.ts");
    await page.getByLabel("Código").fill(currentTotp(user.email, user.totpSecret!));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(`${localhost()}/admin/conta`);
    await formReady(page);
    const section = page.getByRole("region", { name: "Chaves de acesso" });
    await expect(section.getByText("Nenhuma chave de acesso cadastrada.")).toBeVisible();
    // A wrong password: said next to the field, no prompt, nothing stored.
    await section.getByLabel("Nome da nova chave").fill("Notebook do escritório");
    await section.getByLabel("Sua senha").fill("nao-e-esta");
    await section.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    await expect(section.getByText("Senha incorreta.")).toBeVisible();
    await section.getByLabel("Sua senha").fill(PASSWORD);
    await section.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    await expect(toast(page, "Chave de acesso adicionada")).toBeVisible();
    await expect(page.locator("[data-passkey-row]")).toHaveCount(1);
    await expect(page.locator("[data-passkey-row]")).toContainText("Notebook do escritório");
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

    // Alone: one click on the sign-in page, the authenticator answers, the dashboard opens.
    await signOut(page);
    await page.goto(`${localhost()}/admin/login`);
    await formReady(page);
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(toast(page, "Login realizado!")).toBeVisible();

    // After the password, the passkey is the second step, beside the code.
    await signOut(page);
    await passwordStep(page, user.email);
    await expect(page).toHaveURL(/\/admin\/verificacao$/);
    await formReady(page);
    await page.getByRole("button", { name: "Usar chave de acesso" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Renamed, then removed (the confirmation says it is the last one).
    await page.goto(`${localhost()}/admin/conta`);
    await formReady(page);
    await page.getByRole("link", { name: "Renomear: Notebook do escritório" }).click();
    await page.locator('form[id^="renomear-chave"]').getByLabel("Nome da chave").fill("Notebook pessoal");
    await page.getByRole("button", { name: "Salvar nome" }).click();
    await expect(toast(page, "Chave de acesso renomeada")).toBeVisible();
    await expect(page.locator("[data-passkey-row]")).toContainText("Notebook pessoal");
    await page.getByRole("link", { name: "Remover: Notebook pessoal" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remover chave de acesso" });
    await expect(dialog).toContainText("Esta é a sua última chave de acesso. Sem ela, o login pedirá a senha e o código do aplicativo.");
    await dialog.getByRole("button", { name: "Remover" }).click();
    await expect(toast(page, "Chave de acesso removida")).toBeVisible();
    await expect(page.getByText("Nenhuma chave de acesso cadastrada.")).toBeVisible();

    // Removed: the authenticator still holds it, but the site no longer knows it.
    await signOut(page);
    await page.goto(`${localhost()}/admin/login`);
    await formReady(page);
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Chave de acesso não reconhecida" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a prompt that is cancelled (the person not verified) leaves a message and the page as it was", async ({ page }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const user = await newAdmin("cancelada");
    await passwordStep(page, user.email);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto(`${localhost()}/admin/conta`);
    await formReady(page);
    // The authenticator refuses to verify the person: the browser's prompt ends without a passkey.
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
    const section = page.getByRole("region", { name: "Chaves de acesso" });
    await section.getByLabel("Nome da nova chave").fill("Celular");
    await section.getByLabel("Sua senha").fill(PASSWORD);
    await section.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    await expect(section.getByRole("alert").filter({ hasText: /A chave de acesso não foi criada|não conseguiu criar/ })).toBeVisible();
    await expect(section.getByRole("button", { name: "Adicionar chave de acesso" })).toBeEnabled();
    await expect(section.getByText("Nenhuma chave de acesso cadastrada.")).toBeVisible();

    await signOut(page);
    await page.goto(`${localhost()}/admin/login`);
    await formReady(page);
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /A chave de acesso não foi usada|não conseguiu usar/ })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The password form is untouched and still signs in.
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
