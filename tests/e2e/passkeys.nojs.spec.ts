// Passkeys without JavaScript: the passkey buttons are not on the sign-in pages, and the password
// and the 6-digit code sign in as they always did, for an account that has a passkey too; "Minha
// conta" lists the passkeys, renames and removes them with plain forms, and offers no way to add
// one (that needs the browser's WebAuthn). With JavaScript: passkeys.js.spec.ts.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { e2eDb, toast } from "./admin-helpers";
import { localhost, newAdmin, passwordStep } from "./passkey-helpers";

test("no passkey button; the password and the 6-digit code sign in as before; passkeys renamed and removed with plain forms", async ({ page }) => {
  const user = await newAdmin("sem-js", { totp: true });
  // A passkey made elsewhere (with JavaScript): its row is all this test needs.
  const db = await e2eDb();
  await db.passkey.create({ data: { userId: user.id, credentialId: randomBytes(16).toString("base64url"), publicKey: "AA", name: "Celular" } });

  await page.goto(`${localhost()}/admin/login`);
  await expect(page.getByRole("button", { name: "Entrar com chave de acesso" })).toHaveCount(0);
  await expect(page.locator("[data-passkey]")).toHaveCount(0);
  await passwordStep(page, user.email);
  await expect(page).toHaveURL(/\/admin\/verificacao$/);
  await expect(page.getByRole("button", { name: "Usar chave de acesso" })).toHaveCount(0);
  const { currentTotp } = await import("../../app/lib/two-factor.server.ts");
  await page.getByLabel("Código").fill(currentTotp(user.email, user.totpSecret!));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(page, "Login realizado!")).toBeVisible();

  await page.goto(`${localhost()}/admin/conta`);
  const section = page.getByRole("region", { name: "Chaves de acesso" });
  await expect(section.getByRole("button", { name: "Adicionar chave de acesso" })).toHaveCount(0);
  await section.getByRole("link", { name: "Renomear: Celular" }).click();
  await section.getByLabel("Nome da chave").fill("");
  await section.getByRole("button", { name: "Salvar nome" }).click();
  await expect(section.getByText("Digite um nome para a chave")).toBeVisible();
  await section.getByLabel("Nome da chave").fill("Celular pessoal");
  await section.getByRole("button", { name: "Salvar nome" }).click();
  await expect(toast(page, "Chave de acesso renomeada")).toBeVisible();
  await page.getByRole("link", { name: "Remover: Celular pessoal" }).click();
  // Without JavaScript the confirmation is the same dialog, open on the page the link leads to.
  await expect(page).toHaveURL(/remover-chave=/);
  await page.getByRole("alertdialog", { name: "Remover chave de acesso" }).getByRole("button", { name: "Remover" }).click();
  await expect(toast(page, "Chave de acesso removida")).toBeVisible();
  await expect(page.getByText("Nenhuma chave de acesso cadastrada.")).toBeVisible();
});
