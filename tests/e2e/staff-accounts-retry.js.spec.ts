// The account forms retried after an error, with JavaScript, as staff use them: a wrong code, a
// wrong password or a refused new password first, then the right one, by click, by Enter and by a
// tap on a phone. Each must do what it says the first time it is pressed again, and none may let
// a full-page POST slip out after the page moved on (conform's blur check on a field removed from
// the page once went out as one, answered 400 and replaced the recovery codes shown once).
import bcrypt from "bcryptjs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_SESSION_SECRET, e2eDatabaseUrl } from "../helpers/e2e-env";
import { formReady, toast } from "./admin-helpers";

const PASSWORD = "senha-da-equipe-42";

type Db = (typeof import("../../app/lib/db.server.ts"))["db"];
type Tokens = typeof import("../../app/lib/account-tokens.server.ts");
let modules: Promise<{ db: Db; createAccountToken: Tokens["createAccountToken"] }> | undefined;

/** The server's own database, through the app's modules (as admin-helpers.ts opens it). */
function app() {
  return (modules ??= (async () => {
    process.env.DATABASE_URL = e2eDatabaseUrl();
    process.env.SESSION_SECRET = E2E_SESSION_SECRET;
    const { db } = await import("../../app/lib/db.server.ts");
    const { createAccountToken } = await import("../../app/lib/account-tokens.server.ts");
    return { db, createAccountToken };
  })());
}

/** A new admin account with a password (and, given a key, two-factor sign-in on). */
async function account(label: string, totpSecret: string | null = null) {
  const { db } = await app();
  const email = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@agencia.com.br`;
  return db.user.create({
    data: { email, name: "", passwordHash: bcrypt.hashSync(PASSWORD, 4), totpSecret, roles: { create: { role: "admin" } } },
  });
}

/** Every full-page POST the page makes from now on (with JavaScript, each form is sent by fetch). */
function documentPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.resourceType() === "document") posts.push(request.url());
  });
  return posts;
}

async function signInAs(page: Page, email: string) {
  await page.goto("/admin/login");
  await formReady(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

const keyOf = async (page: Page) => (await page.locator("[data-totp-key]").innerText()).replace(/\s+/g, "");
const totpOf = (key: string) => new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" });
/** A code the key does not give now (nor 30 s either side). */
const wrongCode = (totp: TOTP) => {
  const near = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.has(code))!;
};

async function startSetup(page: Page) {
  const user = await account("retry-2fa");
  await signInAs(page, user.email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/conta");
  await formReady(page);
  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  await expect(page.locator("[data-totp-key]")).toBeVisible();
  await formReady(page);
  const totp = totpOf(await keyOf(page));
  const field = page.getByLabel(/código de 6 dígitos/);
  await field.fill(wrongCode(totp));
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByText("Código incorreto. Confira o relógio do celular e digite o código atual.")).toBeVisible();
  return { totp, field };
}

/**
 * A finger's press: down, a moment, up, where the control was when the finger came down. Whatever
 * moves under it meanwhile takes the tap (Playwright's own click aims again before releasing).
 */
async function press(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(200);
  await page.mouse.up();
}

for (const how of ["click", "Enter"] as const) {
  test(`two-factor setup after a wrong code: the right code by ${how} turns it on and shows the recovery codes`, async ({ page }) => {
    const posts = documentPosts(page);
    const { totp, field } = await startSetup(page);
    await field.fill(totp.generate());
    if (how === "click") await page.getByRole("button", { name: "Confirmar e ativar" }).click();
    else await field.press("Enter");
    await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
    // Nothing else follows that would take the codes away.
    await page.waitForLoadState("networkidle");
    await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
    expect(posts).toEqual([]);
  });
}

test("two-factor setup on a phone: after a wrong code, the server's message stays when the field is left, and “Cancelar” takes the tap", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    // A phone's size. (Chromium's touch emulation moves no focus on a tap, so the press is a
    // pointer's, which does, as a finger does on a real phone.)
    viewport: { width: 390, height: 844 },
    locale: "pt-BR",
  });
  const page = await context.newPage();
  await startSetup(page);
  // As Safari on the iPhone, which keeps no element in place when content above it changes
  // (Chromium's scroll anchoring would hide a layout shift under the finger).
  await page.evaluate(() => document.documentElement.style.setProperty("overflow-anchor", "none"));
  const message = page.getByText("Código incorreto. Confira o relógio do celular e digite o código atual.");
  const cancel = page.getByRole("link", { name: "Cancelar" });
  // Where the button sits in the page (not the viewport, which scrolls).
  const place = () => cancel.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const before = await place();
  // Leaving the field keeps the server's message, and the buttons where they are.
  await page.getByLabel(/código de 6 dígitos/).focus();
  await page.getByRole("heading", { name: "Verificação em duas etapas" }).click();
  await expect(message).toBeVisible();
  expect(await place()).toBe(before);
  // A new code typed, then the person changes their mind: the tap on "Cancelar" leaves the field.
  await page.getByLabel(/código de 6 dígitos/).fill("12345");
  const typed = await place();
  await page.getByRole("heading", { name: "Verificação em duas etapas" }).click();
  expect(await place()).toBe(typed);
  await page.getByLabel(/código de 6 dígitos/).focus();
  await press(page, cancel);
  await expect(page).toHaveURL(/\/admin\/conta$/);
  await expect(page.getByRole("button", { name: "Ativar verificação em duas etapas" })).toBeVisible();
  await context.close();
});

for (const how of ["click", "Enter"] as const) {
  test(`second step of the sign-in after a wrong code: the right code by ${how} opens the dashboard`, async ({ page }) => {
    const key = new Secret({ size: 20 }).base32;
    const totp = totpOf(key);
    const user = await account("retry-verificacao", key);
    const posts = documentPosts(page);
    await signInAs(page, user.email);
    await expect(page).toHaveURL(/\/admin\/verificacao$/);
    await formReady(page);
    const field = page.getByLabel("Código");
    await field.fill(wrongCode(totp));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Código inválido" })).toBeVisible();
    await field.fill(totp.generate());
    if (how === "click") await page.getByRole("button", { name: "Verificar" }).click();
    else await field.press("Enter");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(toast(page, "Login realizado!")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(posts).toEqual([]);
  });
}

test("sign-in after a wrong password: the right one, by Enter, opens the dashboard and stays there", async ({ page }) => {
  const user = await account("retry-login");
  const posts = documentPosts(page);
  await page.goto("/admin/login");
  await formReady(page);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill("senha-errada-123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText("Credenciais inválidas").first()).toBeVisible();
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByLabel("Senha").press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(posts).toEqual([]);
});

test("password change after a wrong current password: the right one changes it, by click and then by Enter", async ({ page }) => {
  const user = await account("retry-senha");
  const posts = documentPosts(page);
  await signInAs(page, user.email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/conta");
  await formReady(page);
  const current = page.getByLabel("Senha atual");
  await current.fill("senha-errada-123");
  await page.getByLabel(/^Nova senha/).fill("outra-senha-da-equipe-7");
  await page.getByLabel("Confirme a nova senha").fill("outra-senha-da-equipe-7");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  const refused = page.getByText("Senha atual incorreta");
  await expect(refused).toBeVisible();
  // Leaving the field keeps the server's word (only the server knows the password).
  await current.focus();
  await current.blur();
  await expect(refused).toBeVisible();
  await current.fill(PASSWORD);
  await page.getByLabel(/^Nova senha/).fill("outra-senha-da-equipe-7");
  await page.getByLabel("Confirme a nova senha").fill("outra-senha-da-equipe-7");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(toast(page, "Senha alterada")).toBeVisible();

  // Again, refused then retried with Enter in the last field.
  await current.fill("senha-errada-123");
  await page.getByLabel(/^Nova senha/).fill("mais-uma-senha-da-equipe-8");
  await page.getByLabel("Confirme a nova senha").fill("mais-uma-senha-da-equipe-8");
  await page.getByLabel("Confirme a nova senha").press("Enter");
  await expect(refused).toBeVisible();
  await current.fill("outra-senha-da-equipe-7");
  await page.getByLabel(/^Nova senha/).fill("mais-uma-senha-da-equipe-8");
  await page.getByLabel("Confirme a nova senha").fill("mais-uma-senha-da-equipe-8");
  await page.getByLabel("Confirme a nova senha").press("Enter");
  await expect(toast(page, "Senha alterada").last()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Senha atual")).toHaveValue("");
  await expect(page.getByText("Senha atual incorreta")).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("turning two-factor off after a wrong code: the right code, by Enter, turns it off", async ({ page }) => {
  const key = new Secret({ size: 20 }).base32;
  const totp = totpOf(key);
  const user = await account("retry-desativar", key);
  const posts = documentPosts(page);
  await signInAs(page, user.email);
  await formReady(page);
  await page.getByLabel("Código").fill(totp.generate());
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/conta");
  await formReady(page);
  await page.locator("#desativar-duas-etapas").getByLabel("Sua senha").fill(PASSWORD);
  const code = page.getByLabel("Código do aplicativo ou de recuperação");
  await code.fill(wrongCode(totp));
  await page.getByRole("button", { name: "Desativar verificação em duas etapas" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Senha ou código incorretos." })).toBeVisible();
  await page.locator("#desativar-duas-etapas").getByLabel("Sua senha").fill(PASSWORD);
  // The code that signed in is spent; the next step's code is accepted too (clock drift).
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await code.press("Enter");
  await expect(toast(page, "Verificação em duas etapas desativada")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Ativar verificação em duas etapas" })).toBeVisible();
  expect(posts).toEqual([]);
});

for (const purpose of ["reset", "invite"] as const) {
  test(`${purpose === "reset" ? "password-reset" : "invitation"} page after a refused password: the corrected one, by Enter, signs in`, async ({ page }) => {
    const { db, createAccountToken } = await app();
    const user =
      purpose === "reset"
        ? await account("retry-link")
        : await db.user.create({
            data: { email: `retry-convite-${Date.now().toString(36)}@agencia.com.br`, name: "", passwordHash: null, roles: { create: { role: "admin" } } },
          });
    const token = await createAccountToken(user.id, purpose);
    const posts = documentPosts(page);
    await page.goto(`/admin/${purpose === "reset" ? "redefinir-senha" : "convite"}/${token}`);
    await formReady(page);
    // Only the server knows the account's e-mail rule: the browser lets this one through.
    await page.getByLabel(/^Nova senha/).fill(user.email);
    await page.getByLabel("Confirme a nova senha").fill(user.email);
    await page.getByRole("button", { name: purpose === "reset" ? "Salvar nova senha e entrar" : "Criar senha e entrar" }).click();
    await expect(page.getByText("A senha não pode ser o seu e-mail")).toBeVisible();
    await page.getByLabel(/^Nova senha/).fill("nova-senha-da-equipe-7");
    await page.getByLabel("Confirme a nova senha").fill("nova-senha-da-equipe-7");
    await page.getByLabel("Confirme a nova senha").press("Enter");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Este link já foi usado." })).toHaveCount(0);
    expect(posts).toEqual([]);
  });
}
