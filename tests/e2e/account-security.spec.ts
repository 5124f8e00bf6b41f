// New passwords and new devices in Chromium, with JavaScript on and off: a guessable password is
// refused next to its field with why and how to choose better ("Minha conta" and a reset link),
// and a good one is taken; a sign-in from a second browser e-mails a notice whose link shows that
// session and ends it. The detailed rules are in tests/routes/account-security.test.ts. Each refusal is
// photographed at 390×844, the width of a phone, where the longer message must still read well.
import { readFileSync } from "node:fs";
import bcrypt from "bcryptjs";
import { expect, test, type Page } from "@playwright/test";
import { e2eMailboxFile, linkIn, waitForMail } from "../helpers/smtp-server";
import { e2eDb, formReady, toast } from "./admin-helpers";

/** The mailbox of the browser tests' SMTP server (scripts/e2e-server.ts writes where it is). */
function mailbox(): string {
  return (JSON.parse(readFileSync(e2eMailboxFile(process.env.E2E_PORT || 4173), "utf8")) as { mailboxUrl: string }).mailboxUrl;
}

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

test("a sign-in from a new device is e-mailed; its link shows that session and ends it", async ({ page, browser }, testInfo) => {
  const db = await e2eDb();
  const email = `aparelho-${testInfo.project.name}-${Date.now().toString(36)}@agencia.com.br`;
  await db.user.create({ data: { email, passwordHash: bcrypt.hashSync(PASSWORD, 4), lastSignInAt: new Date(), roles: { create: { role: "admin" } } } });
  const since = Date.now();
  // Another browser, as someone else's computer would be.
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  const intruder = await other.newPage();
  await signInAs(intruder, email, PASSWORD);
  const mail = await waitForMail(mailbox(), email, since);
  expect(mail.subject).toBe("Novo acesso à sua conta do painel da Wind Digital");
  expect(mail.text).toContain("Firefox no Linux");

  await page.goto(linkIn(mail));
  await expect(page.getByRole("heading", { name: "Encerrar sessão" })).toBeVisible();
  await expect(page.getByText(/^Firefox no Linux/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("encerrar-sessao.png") });
  await page.getByRole("button", { name: "Encerrar essa sessão" }).click();
  await expect(page.getByRole("heading", { name: "Sessão encerrada" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("sessao-encerrada.png") });
  // That browser is signed out at its next request.
  await intruder.goto("/admin/conta");
  await expect(intruder).toHaveURL(/\/admin\/login/);
  // The link has done its work.
  await page.goto(linkIn(mail));
  await expect(page.getByRole("heading", { name: "Esta sessão já foi encerrada" })).toBeVisible();
  await other.close();
});
