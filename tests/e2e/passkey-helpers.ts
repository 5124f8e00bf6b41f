// What the passkey browser specs share: an administrator of their own (in the shared server's
// database), the pages opened on "localhost" (a passkey belongs to a domain, and an IP address is
// none), and the password step of the sign-in.
import bcrypt from "bcryptjs";
import { test, type Page } from "@playwright/test";
import { e2eDb, formReady } from "./admin-helpers";

export const PASSWORD = "Chave-de-teste-forte-2026";

export const localhost = () => `http://localhost:${Number(process.env.E2E_PORT || 4173)}`;

/** A new administrator with the password above (and, when asked, an authenticator app's key). */
export async function newAdmin(label: string, { totp = false } = {}) {
  const db = await e2eDb();
  const email = `${label}-${test.info().project.name}-${Date.now().toString(36)}@agencia.com.br`;
  const { newTotpSecret } = await import("../../app/lib/two-factor.server.ts");
  const user = await db.user.create({
    data: { email, passwordHash: bcrypt.hashSync(PASSWORD, 4), totpSecret: totp ? newTotpSecret() : null, roles: { create: { role: "admin" } } },
  });
  return { ...user, email };
}

export async function passwordStep(page: Page, email: string) {
  await page.goto(`${localhost()}/admin/login`);
  await formReady(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}
