// JavaScript on and off: when the database fails during a delete or a save, the admin sees the
// section's error toast (with the database's reason) and keeps the dialog or the form, never the
// error screen. The failure is real: this spec starts its own production server on a database
// of its own, then makes the table's writes fail with a trigger.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { formReady, toast, unique } from "./admin-helpers";

const REASON = "falha simulada no banco";
const EMAIL = "falhas@winddigital.com.br";
const PASSWORD = "senha-de-teste-falhas-123";
const TABLE = "window_films_portfolio";

let dir: string;
let server: RunningServer;
let sqlite: Client;

test.beforeAll(async () => {
  // Migrates, seeds and starts a server of its own: minutes on a busy machine, not seconds.
  test.setTimeout(150_000);
  dir = mkdtempSync(join(tmpdir(), "admin-failures-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: "admin-failures-secret-0123456789",
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    UPLOADS_DIR: join(dir, "uploads"),
  };
  for (const args of [["scripts/migrate.ts"], ["scripts/user-create.ts", "--email", EMAIL, "--password", PASSWORD, "--admin"]]) {
    const result = spawnSync(process.execPath, args, { env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${args[0]} failed:\n${result.stderr}`);
  }
  server = await startServer({ DATABASE_URL: env.DATABASE_URL, UPLOADS_DIR: env.UPLOADS_DIR });
  sqlite = createClient({ url: env.DATABASE_URL });
});

test.afterAll(async () => {
  sqlite?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function failWrites(on: boolean) {
  for (const op of ["UPDATE", "DELETE"]) {
    await sqlite.execute(on ? `CREATE TRIGGER fail_${op} BEFORE ${op} ON ${TABLE} BEGIN SELECT RAISE(ABORT, '${REASON}'); END` : `DROP TRIGGER fail_${op}`);
  }
}

async function expectNoErrorScreen(page: Page) {
  await expect(page.getByRole("heading", { name: "Window Films · Portfólio" }).or(page.getByRole("heading", { name: "Editar Projeto" }))).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Erro/);
}

test("a failing database: delete and save end in the section's toast, never the error screen", async ({ page }) => {
  const title = unique("Projeto Falha");
  const list = `${server.baseUrl}/admin/window-films-portfolio`;
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto(`${list}?novo`);
  await formReady(page);
  await page.locator('[name="title"]').fill(title);
  await page.getByRole("button", { name: "Criar Projeto" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await failWrites(true);
  try {
    // Delete: the dialog stays open with 'Erro ao excluir projeto' and the database's reason.
    await formReady(page);
    await page.getByRole("link", { name: `Excluir ${title}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Excluir" }).click();
    const deleteError = dialog.getByRole("alert").filter({ hasText: "Erro ao excluir projeto" });
    await expect(deleteError).toContainText(REASON);
    if (test.info().project.use.javaScriptEnabled !== false) await expect(toast(page, "Erro ao excluir projeto")).toContainText(REASON);
    await expectNoErrorScreen(page);

    // Save: the form stays, with what was typed, and the project toast 'Erro' with the reason.
    await page.goto(list);
    await formReady(page);
    await page.getByRole("link", { name: `Editar ${title}` }).click();
    await expect(page.locator('[name="title"]')).toHaveValue(title);
    await page.locator('[name="title"]').fill(`${title} v2`);
    await page.getByRole("button", { name: "Atualizar Projeto" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /^Erro/ }).first()).toContainText(REASON);
    if (test.info().project.use.javaScriptEnabled !== false) await expect(toast(page, "Erro")).toContainText(REASON);
    await expect(page.locator('[name="title"]')).toHaveValue(`${title} v2`);
    await expectNoErrorScreen(page);
  } finally {
    await failWrites(false);
  }

  // The database is back: the same delete goes through.
  await page.goto(list);
  await formReady(page);
  await page.getByRole("link", { name: `Excluir ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Projeto excluído com sucesso")).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("one unreadable table: its dashboard card says so, every other card and the activity show as usual", async ({ page }) => {
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await sqlite.execute("ALTER TABLE led_panels RENAME TO led_panels_away");
  try {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Painel administrativo" })).toBeVisible();
    const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(card("Painéis LED").getByRole("alert")).toHaveText("Não foi possível carregar");
    await expect(card("Blog")).toContainText(/\d+ (item|itens)/);
    await expect(card("Portfólio")).toContainText(/\d+ (item|itens)/);
    await expect(page.getByRole("alert")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Atividade recente" })).toBeVisible();
  } finally {
    await sqlite.execute("ALTER TABLE led_panels_away RENAME TO led_panels");
  }
});
