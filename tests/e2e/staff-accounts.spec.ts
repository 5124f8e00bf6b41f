// Staff accounts in Chromium, with JavaScript on and off, against a real SMTP server (started by
// scripts/e2e-server.ts; its mailbox is read here): an invitation accepted from the e-mail, the
// forgotten password answered alike for an unknown address and reset from the e-mail (and its
// link refused the second time), two-factor setup then sign-in with a code and with a recovery
// code, a deactivation ending a live session, "Sair de todos os outros dispositivos", and a password
// change (its form emptied, the other sessions ended), and a colleague's two-factor reset from the
// team page (a lost phone). The detailed rules are in
// tests/routes/staff-accounts.test.ts.
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { e2eMailboxFile, linkIn, waitForMail } from "../helpers/smtp-server";
import { ADMIN, formReady, signIn, toast } from "./admin-helpers";

/** The mailbox of the SMTP server (read when a test runs: the file is written once the server started). */
function mailbox(): string {
  return (JSON.parse(readFileSync(e2eMailboxFile(process.env.E2E_PORT || 4173), "utf8")) as { mailboxUrl: string }).mailboxUrl;
}
const PASSWORD = "senha-da-equipe-42";

// Each flow signs people in several times (a bcrypt check each) in two or three browsers.
test.describe.configure({ timeout: 90_000 });

/** A separate browser (its own cookies), as another person or another device would be. */
async function browserOf(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "pt-BR",
  });
  return context.newPage();
}

const uniqueEmail = (label: string, testInfo: TestInfo) => `${label}-${testInfo.project.name}-${Date.now().toString(36)}@agencia.com.br`;

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function choosePassword(page: Page, password: string) {
  await formReady(page);
  await page.getByLabel(/^Nova senha/).fill(password);
  await page.getByLabel("Confirme a nova senha").fill(password);
}

/** The seeded admin invites `email` from the team page; the invitee accepts from the e-mail in their own browser. */
async function inviteAndAccept(admin: Page, invitee: Page, email: string) {
  await admin.goto("/admin/equipe");
  await formReady(admin);
  const since = Date.now();
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByLabel("Nome (opcional)").fill("Pessoa Convidada");
  await admin.getByRole("button", { name: "Enviar convite", exact: true }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Convite enviado" })).toBeVisible();
  await expect(admin.locator(`[data-member="${email}"]`)).toContainText("Convite pendente");
  const mail = await waitForMail(mailbox(), email, since);
  expect(mail.subject).toBe("Convite para o painel da Wind Digital");
  const link = linkIn(mail);
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Bem-vindo à equipe" })).toBeVisible();
  await choosePassword(invitee, PASSWORD);
  await invitee.getByRole("button", { name: "Criar senha e entrar" }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(invitee, "Bem-vindo à equipe!")).toBeVisible();
  return link;
}

test("invitation: e-mailed link, password chosen, signed in; the link works once; then sign-in with the new password", async ({ page, browser }, testInfo) => {
  await signIn(page);
  const email = uniqueEmail("convite", testInfo);
  const invitee = await browserOf(browser, testInfo);
  const link = await inviteAndAccept(page, invitee, email);

  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Este link já foi usado." })).toBeVisible();

  // Signed out (another browser), the new password signs in.
  await invitee.context().clearCookies();
  await invitee.getByRole("link", { name: "Ir para o login" }).click();
  await signInAs(invitee, email, PASSWORD);
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/equipe");
  await expect(page.locator(`[data-member="${email}"]`)).toContainText("Ativo");
});

test("forgotten password: the same answer for an unknown address; the e-mailed link resets, signs in, and is refused the second time", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page);
  const email = uniqueEmail("esqueceu", testInfo);
  const member = await browserOf(browser, testInfo);
  await inviteAndAccept(page, member, email);
  await member.context().clearCookies();

  const answerFor = async (address: string) => {
    await member.goto("/admin/login");
    await member.getByRole("link", { name: "Esqueci minha senha" }).click();
    await expect(member).toHaveURL(/\/admin\/esqueci-senha$/);
    await formReady(member);
    await member.getByLabel("E-mail").fill(address);
    await member.getByRole("button", { name: "Enviar link" }).click();
    await expect(member.getByRole("heading", { name: "Verifique seu e-mail" })).toBeVisible();
    return member.locator("main").innerText();
  };
  const unknown = await answerFor(uniqueEmail("ninguem", testInfo));
  const since = Date.now();
  const known = await answerFor(email);
  expect(known).toBe(unknown);

  const link = linkIn(await waitForMail(mailbox(), email, since));
  await member.goto(link);
  await expect(member.getByRole("heading", { name: "Criar nova senha" })).toBeVisible();
  await choosePassword(member, "nova-senha-da-equipe-7");
  await member.getByRole("button", { name: "Salvar nova senha e entrar" }).click();
  await expect(member).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(member, "Senha redefinida!")).toBeVisible();

  await member.goto(link);
  await expect(member.getByRole("heading", { name: "Este link já foi usado." })).toBeVisible();
  await expect(member.getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute("href", "/admin/esqueci-senha");

  await member.context().clearCookies();
  await signInAs(member, email, "nova-senha-da-equipe-7");
  await expect(member).toHaveURL(/\/admin\/dashboard$/);
});

test("two-factor: set up with the key, then sign in with a code, and with a recovery code", async ({ page, browser }, testInfo) => {
  await signIn(page);
  const email = uniqueEmail("duas-etapas", testInfo);
  const member = await browserOf(browser, testInfo);
  await inviteAndAccept(page, member, email);

  await member.goto("/admin/conta");
  await formReady(member);
  await member.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  await expect(member.getByRole("img", { name: "QR code da chave" }).locator("svg")).toBeVisible();
  const key = (await member.locator("[data-totp-key]").innerText()).replace(/\s+/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" });
  await formReady(member);
  await member.getByLabel(/código de 6 dígitos/).fill(totp.generate());
  await member.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(member.locator("[data-recovery-codes] li")).toHaveCount(10);
  const codes = await member.locator("[data-recovery-codes] li").allInnerTexts();

  // Signing in again: the password leads to the second step, the code to the dashboard.
  await member.context().clearCookies();
  await signInAs(member, email, PASSWORD);
  await expect(member).toHaveURL(/\/admin\/verificacao$/);
  await member.goto("/admin/dashboard");
  await expect(member).toHaveURL(/\/admin\/login/); // the password alone gave no session
  await signInAs(member, email, PASSWORD);
  await formReady(member);
  await member.getByLabel("Código").fill(totp.generate());
  await member.getByRole("button", { name: "Verificar" }).click();
  await expect(member).toHaveURL(/\/admin\/dashboard$/);

  await member.context().clearCookies();
  await signInAs(member, email, PASSWORD);
  await expect(member).toHaveURL(/\/admin\/verificacao$/);
  await formReady(member);
  await member.getByLabel("Código").fill(codes[0]!);
  await member.getByRole("button", { name: "Verificar" }).click();
  await expect(member).toHaveURL(/\/admin\/dashboard$/);
  await member.goto("/admin/conta");
  await expect(member.getByText("9 códigos de recuperação disponíveis")).toBeVisible();
});

test("deactivation ends a live session on its next request", async ({ page, browser }, testInfo) => {
  await signIn(page);
  const email = uniqueEmail("desativada", testInfo);
  const member = await browserOf(browser, testInfo);
  await inviteAndAccept(page, member, email);

  await page.goto("/admin/equipe");
  await page.getByRole("link", { name: `Desativar ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Desativar conta" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Desativar" }).click();
  await expect(toast(page, "Conta desativada")).toBeVisible();
  await expect(page.locator(`[data-member="${email}"]`)).toContainText("Desativado");

  await member.getByRole("link", { name: /^Portfólio/ }).click();
  await expect(member).toHaveURL(/\/admin\/login/);
  await signInAs(member, email, PASSWORD);
  await expect(member.getByText("Credenciais inválidas").first()).toBeVisible();
});

test("“Sair de todos os outros dispositivos” ends the other sessions and keeps this one", async ({ browser }, testInfo) => {
  const laptop = await browserOf(browser, testInfo);
  const phone = await browserOf(browser, testInfo);
  await signIn(laptop);
  const email = uniqueEmail("dispositivos", testInfo);
  const member = await browserOf(browser, testInfo);
  await inviteAndAccept(laptop, member, email);
  await signInAs(phone, email, PASSWORD);
  await expect(phone).toHaveURL(/\/admin\/dashboard$/);

  await member.goto("/admin/conta");
  await expect(member.locator("[data-session]")).toHaveCount(2);
  await expect(member.locator("[data-session]").filter({ hasText: "Este dispositivo" })).toHaveCount(1);
  await member.getByRole("button", { name: "Sair de todos os outros dispositivos" }).click();
  await expect(toast(member, "Outros dispositivos desconectados")).toBeVisible();
  await expect(member.locator("[data-session]")).toHaveCount(1);

  await phone.reload();
  await expect(phone).toHaveURL(/\/admin\/login/);
  await member.goto("/admin/dashboard");
  await expect(member).toHaveURL(/\/admin\/dashboard$/);
});

test("changing the password empties its form and ends the other sessions", async ({ browser }, testInfo) => {
  const admin = await browserOf(browser, testInfo);
  const member = await browserOf(browser, testInfo);
  const phone = await browserOf(browser, testInfo);
  await signIn(admin);
  const email = uniqueEmail("nova-senha", testInfo);
  await inviteAndAccept(admin, member, email);
  await signInAs(phone, email, PASSWORD);
  await expect(phone).toHaveURL(/\/admin\/dashboard$/);

  await member.goto("/admin/conta");
  await formReady(member);
  await member.getByLabel("Senha atual").fill(PASSWORD);
  await member.getByLabel(/^Nova senha/).fill("outra-senha-da-equipe-7");
  await member.getByLabel("Confirme a nova senha").fill("outra-senha-da-equipe-7");
  await member.getByRole("button", { name: "Alterar senha" }).click();
  await expect(toast(member, "Senha alterada")).toBeVisible();
  for (const label of ["Senha atual", /^Nova senha/, "Confirme a nova senha"]) await expect(member.getByLabel(label)).toHaveValue("");

  await phone.reload();
  await expect(phone).toHaveURL(/\/admin\/login/);
});

test("a lost phone: an admin resets a colleague's two-factor after a confirmation; the colleague is signed out, then signs in with the password alone", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page);
  const email = uniqueEmail("celular-perdido", testInfo);
  const member = await browserOf(browser, testInfo);
  await inviteAndAccept(page, member, email);
  await member.goto("/admin/conta");
  await formReady(member);
  await member.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  const key = (await member.locator("[data-totp-key]").innerText()).replace(/\s+/g, "");
  await formReady(member);
  await member.getByLabel(/código de 6 dígitos/).fill(new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" }).generate());
  await member.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(member.locator("[data-recovery-codes] li")).toHaveCount(10);

  await page.goto("/admin/equipe");
  // Never one's own from here.
  await expect(page.locator(`[data-member="${ADMIN.email}"]`).getByRole("link", { name: /^Redefinir verificação/ })).toHaveCount(0);
  await expect(page.locator(`[data-member="${email}"]`)).toContainText("Verificação em duas etapas:ativada");
  await page.getByRole("link", { name: `Redefinir verificação em duas etapas de ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Redefinir verificação em duas etapas" });
  await expect(dialog).toContainText("Para quem perdeu o celular");
  await dialog.getByRole("button", { name: "Redefinir" }).click();
  await expect(toast(page, "Verificação em duas etapas redefinida")).toBeVisible();
  await expect(page.locator(`[data-member="${email}"]`)).toContainText("Verificação em duas etapas:desativada");

  // The colleague's session ended; the password alone signs in now, and two-factor can be set up again.
  await member.goto("/admin/conta");
  await expect(member).toHaveURL(/\/admin\/login/);
  await signInAs(member, email, PASSWORD);
  await expect(member).toHaveURL(/\/admin\/dashboard$/);
  await member.goto("/admin/conta");
  await expect(member.getByRole("button", { name: "Ativar verificação em duas etapas" })).toBeVisible();

  await page.goto("/admin/atividade");
  await expect(page.getByText(`redefiniu a verificação em duas etapas de`).first()).toBeVisible();
});
