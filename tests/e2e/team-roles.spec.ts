// Roles and the team's two-factor requirement in Chromium, with JavaScript on and off. An Editor
// sees only the cards of what their role opens and gets "Acesso restrito" on the team, the
// settings, the insights and the leads; once an administrator requires two-factor sign-in, a
// member without it lands on "Minha conta" right after the password and is sent back there from
// any other admin page until it is set up; then the panel opens again. An administrator ends a
// colleague's sessions from the team page without deactivating the account. The accounts are made with
// `npm run user:create -- --role ...`. This spec starts its own production server on a database of
// its own: turning the requirement on would otherwise hold up every other spec's admin.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { formReady, toast } from "./admin-helpers";

const ADMIN = { email: "dona@winddigital.com.br", password: "tartaruga-azul-janela-93" };
const EDITOR = { email: "redacao@winddigital.com.br", password: "girassol-quente-porta-57" };

let dir: string;
let server: RunningServer;

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  // Migrates and starts a server of its own: minutes on a busy machine, not seconds.
  test.setTimeout(150_000);
  dir = mkdtempSync(join(tmpdir(), "team-roles-"));
  const env = { ...process.env, NODE_ENV: "production", SESSION_SECRET: "team-roles-secret-0123456789abcdef", DATABASE_URL: `file:${join(dir, "app.db")}` };
  for (const args of [
    ["scripts/migrate.ts"],
    ["scripts/user-create.ts", "--email", ADMIN.email, "--password", ADMIN.password, "--role", "administrador"],
    ["scripts/user-create.ts", "--email", EDITOR.email, "--password", EDITOR.password, "--role", "editor"],
  ]) {
    const result = spawnSync(process.execPath, args, { env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
  }
  server = await startServer({ DATABASE_URL: env.DATABASE_URL, SESSION_SECRET: env.SESSION_SECRET, UPLOADS_DIR: join(dir, "uploads") });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** A separate browser (its own cookies), as another person would be. */
async function browserOf(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled, locale: "pt-BR" });
  return context.newPage();
}

test("an Editor sees no card of the team, the settings, the insights or the leads, and cannot open them", async ({ page }) => {
  await signInAs(page, EDITOR);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards.getByRole("heading", { name: "Blog" })).toBeVisible();
  await expect(cards.getByRole("heading", { name: "Biblioteca de mídia" })).toBeVisible();
  for (const hidden of ["Equipe", "Configurações", "Estatísticas", "Contatos"]) {
    await expect(cards.getByRole("heading", { name: hidden, exact: true })).toHaveCount(0);
  }
  for (const path of ["/admin/equipe", "/admin/configuracoes", "/admin/estatisticas", "/admin/contatos"]) {
    const response = await page.goto(`${server.baseUrl}${path}`);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
    await expect(page.getByText("peça a um administrador")).toBeVisible();
  }
  // The way back works, and the session is still there.
  await page.getByRole("link", { name: "Voltar ao painel" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Painel administrativo" })).toBeVisible();
  await page.goto(`${server.baseUrl}/admin/blog`);
  await expect(page.getByRole("heading", { name: "Blog" })).toBeVisible();
});

test("an administrator ends a colleague's sessions from the team page, and the account stays active", async ({ page, browser }, testInfo) => {
  const editor = await browserOf(browser, testInfo);
  await signInAs(editor, EDITOR);
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.baseUrl}/admin/equipe`);
  await formReady(page);
  const row = page.locator(`[data-member="${EDITOR.email}"]`);
  await expect(row.getByText(/^Sessões abertas \(\d+\)$/)).toBeVisible();
  const sessions = row.getByRole("list", { name: `Sessões abertas de ${EDITOR.email}` }).getByRole("listitem");
  const count = await sessions.count();
  expect(count).toBeGreaterThanOrEqual(1);
  // One at a time until none is left (with two or more, "Encerrar todas as sessões" is offered too).
  for (let left = count; left > 0; left--) {
    await row
      .getByRole("button", { name: /^Encerrar sessão de/ })
      .first()
      .click();
    await expect(toast(page, "Sessão encerrada")).toBeVisible();
    await expect(sessions).toHaveCount(left - 1);
  }
  await expect(row).toContainText("Ativo");
  // The colleague's browser is signed out; the account still signs in.
  await editor.goto(`${server.baseUrl}/admin/blog`);
  await expect(editor).toHaveURL(/\/admin\/login/);
  await signInAs(editor, EDITOR);
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);
  await editor.context().close();
});

test("required two-factor: a member without it is sent to set it up right after the password, and nothing else opens until then", async ({
  page,
  browser,
}, testInfo) => {
  // The administrator (who has an authenticator app) turns the requirement on.
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.baseUrl}/admin/conta`);
  await formReady(page);
  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  const adminKey = (await page.locator("[data-totp-key]").innerText()).replace(/\s+/g, "");
  await formReady(page);
  await page.getByLabel(/código de 6 dígitos/).fill(new TOTP({ secret: Secret.fromBase32(adminKey), digits: 6, period: 30, algorithm: "SHA1" }).generate());
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
  await page.goto(`${server.baseUrl}/admin/configuracoes`);
  await formReady(page);
  await page.getByLabel("Verificação em duas etapas obrigatória para a equipe").check();
  await page.getByRole("region", { name: "Segurança da equipe" }).getByRole("button", { name: "Salvar" }).click();
  await expect(toast(page, "Configurações salvas com sucesso!")).toBeVisible();
  await expect(page.getByLabel("Verificação em duas etapas obrigatória para a equipe")).toBeChecked();

  // The editor signs in: right after the password, "Minha conta", with the reason.
  const editor = await browserOf(browser, testInfo);
  await signInAs(editor, EDITOR);
  await expect(editor).toHaveURL(/\/admin\/conta$/);
  await expect(toast(editor, "Verificação em duas etapas obrigatória")).toBeVisible();
  for (const path of ["/admin/dashboard", "/admin/blog"]) {
    await editor.goto(`${server.baseUrl}${path}`);
    await expect(editor, path).toHaveURL(/\/admin\/conta$/);
  }
  // Signing out still works; the next sign-in lands on "Minha conta" again.
  await editor.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(editor).toHaveURL(`${server.baseUrl}/`);
  await signInAs(editor, EDITOR);
  await expect(editor).toHaveURL(/\/admin\/conta$/);
  // Set up there, the panel opens again.
  await formReady(editor);
  await editor.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  const key = (await editor.locator("[data-totp-key]").innerText()).replace(/\s+/g, "");
  await formReady(editor);
  await editor.getByLabel(/código de 6 dígitos/).fill(new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" }).generate());
  await editor.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(editor.locator("[data-recovery-codes] li")).toHaveCount(10);
  await editor.goto(`${server.baseUrl}/admin/blog`);
  await expect(editor).toHaveURL(/\/admin\/blog$/);
  await expect(editor.getByRole("heading", { name: "Blog" })).toBeVisible();
  await editor.context().close();
});
