// New passwords in Chromium, with JavaScript on and off: a guessable one is refused next to its
// field with why and how to choose better ("Minha conta" and a reset link), and a good one is
// taken. The detailed rules are in tests/routes/account-security.test.ts. Each refusal is
// photographed at 390×844, the width of a phone, where the longer message must still read well.
import bcrypt from "bcryptjs";
import { expect, test, type Page } from "@playwright/test";
import { e2eDb, formReady, toast } from "./admin-helpers";

const PASSWORD = "tucano-azul-pimenta-47";

test.use({ viewport: { width: 390, height: 844 } });

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test("a guessable new password is refused next to its field, saying why and how; a strong one is taken", async ({ page }, testInfo) => {
  const db = await e2eDb();
  const email = `forca-${testInfo.project.name}-${Date.now().toString(36)}@agencia.com.br`;
  const user = await db.user.create({
    data: { email, name: "Marina Costa", passwordHash: bcrypt.hashSync(PASSWORD, 4), roles: { create: { role: "admin" } } },
  });
  await signInAs(page, email, PASSWORD);

  await page.goto("/admin/conta");
  await formReady(page);
  const form = page.locator("#alterar-senha");
  await form.getByLabel("Senha atual").fill(PASSWORD);
  await form.getByLabel(/^Nova senha/).fill("marinacosta2026");
  await form.getByLabel("Confirme a nova senha").fill("marinacosta2026");
  await form.getByRole("button", { name: "Alterar senha" }).click();
  const refusal = form.getByText(/^Senha fraca\. A senha não deve conter os seus dados \(nome, e-mail\) nem o nome da agência\..* Dica: /);
  await expect(refusal).toBeVisible();
  await refusal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("minha-conta-senha-fraca.png") });
  // Nothing changed: the password still signs in.
  expect(await bcrypt.compare(PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!)).toBe(true);

  // A reset link refuses a common password the same way, and keeps working for a good one.
  const { createAccountToken } = await import("../../app/lib/account-tokens.server.ts");
  const token = await createAccountToken(user.id, "reset");
  await page.goto(`/admin/redefinir-senha/${token}`);
  await formReady(page);
  await page.getByLabel(/^Nova senha/).fill("qwerty123456");
  await page.getByLabel("Confirme a nova senha").fill("qwerty123456");
  await page.getByRole("button", { name: "Salvar nova senha e entrar" }).click();
  const common = page.getByText(/^Senha fraca\. Esta é uma senha comumente usada\./);
  await expect(common).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("redefinir-senha-comum.png") });
  await page.getByLabel(/^Nova senha/).fill("caneca-verde-ponte-81");
  await page.getByLabel("Confirme a nova senha").fill("caneca-verde-ponte-81");
  await page.getByRole("button", { name: "Salvar nova senha e entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(page, "Senha redefinida!")).toBeVisible();
});
