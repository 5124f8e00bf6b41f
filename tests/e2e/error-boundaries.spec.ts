// A page whose loader fails keeps its layout: the public pages their header, footer and
// navigation, the admin pages their header (home link, e-mail, "Sair"), with the Portuguese error
// screen between them and HTTP 500 kept. JavaScript on (client-side navigation too) and off.
// The failure is real: this spec runs its own copy of the built production server on a fresh
// database and renames the LED panels and activity log tables, as a database fault would hide
// them, so /led-panels and the admin's activity page fail (the dashboard shows such a failure in
// its card alone: tests/e2e/admin-failures.spec.ts); the shared e2e server keeps working.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../helpers/platform-server.ts";
import { ADMIN } from "./admin-helpers.ts";

const root = resolve(import.meta.dirname, "../..");
let server: RunningServer;
let base = "";
let dir = "";

test.beforeAll(async () => {
  // Migrates, seeds and starts a server of its own: minutes on a busy machine, not seconds.
  test.setTimeout(150_000);
  dir = mkdtempSync(join(tmpdir(), "e2e-errors-"));
  const databaseFile = join(dir, "app.db");
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: `file:${databaseFile}`,
    UPLOADS_DIR: join(dir, "uploads"),
    SESSION_SECRET: "e2e-errors-secret-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  for (const args of [["scripts/migrate.ts"], ["scripts/seed.ts", "--admin-only"]]) {
    const run = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${args[0]} failed:\n${run.stdout}\n${run.stderr}`);
  }
  const database = createClient({ url: `file:${databaseFile}` });
  await database.execute("ALTER TABLE led_panels RENAME TO led_panels_off");
  await database.execute("ALTER TABLE activity_log RENAME TO activity_log_off");
  database.close();
  server = await startServer(env);
  base = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function expectErrorScreen(page: Page) {
  const main = page.locator("main#conteudo");
  await expect(main.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(main.getByText("Ocorreu um erro inesperado.")).toBeVisible();
  await expect(main.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
}

async function expectSiteLayout(page: Page) {
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Painéis LED" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Links rápidos" })).toBeVisible();
}

test("a public page whose loader fails keeps the header, footer and navigation, with status 500", async ({ page }) => {
  const response = await page.goto(`${base}/led-panels`);
  expect(response?.status()).toBe(500);
  await expectErrorScreen(page);
  await expectSiteLayout(page);
  await expect(page).toHaveTitle("Erro | Wind Digital");
});

test("following the menu to a failing page shows the error inside the layout, and the menu still works", async ({ page }) => {
  await page.goto(`${base}/`);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Painéis LED" }).click();
  await expect(page).toHaveURL(`${base}/led-panels`);
  await expectErrorScreen(page);
  await expectSiteLayout(page);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Serviços" }).click();
  await expect(page).toHaveURL(`${base}/servicos`);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
});

test("an admin page whose loader fails keeps the admin header (e-mail, Sair), with status 500", async ({ page }) => {
  await page.goto(`${base}/admin/login`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await page.getByRole("link", { name: "Ver toda a atividade" }).click();
  await expect(page).toHaveURL(`${base}/admin/atividade`);
  await expectErrorScreen(page);

  const response = await page.goto(`${base}/admin/atividade`);
  expect(response?.status()).toBe(500);
  await expectErrorScreen(page);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Wind Digital · Admin" })).toHaveAttribute("href", "/admin/dashboard");
  await expect(header.getByText(ADMIN.email)).toBeVisible();
  await header.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(`${base}/`);
});
