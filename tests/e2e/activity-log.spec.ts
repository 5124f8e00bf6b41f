import { expect, test } from "@playwright/test";
import { ADMIN, formReady, PNG, signIn, toast, unique } from "./admin-helpers";

// The activity log as the agency's staff use it, with JavaScript on and off: a change made in a
// section shows on the dashboard and in /admin/atividade with who made it and what changed, and
// the log's filters (a plain GET form) narrow it to one section.
test("a change shows in the activity log with who, what and which row; the filters narrow it", async ({ page }) => {
  const name = unique("Logo registrado");
  await signIn(page, "/admin/client-logos?novo");
  await formReady(page);
  await page.locator('[name="client_name"]').fill(name);
  // A real image: the logo shows on the home page, which other tests check for failed loads.
  await page.locator('[name="logo_file"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Adicionar Logo" }).click();
  await expect(toast(page, "Logo adicionado com sucesso!")).toBeVisible();

  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await formReady(page);
  await expect(page.locator('[name="client_name"]')).toHaveValue(name);
  await page.locator('[name="client_name"]').fill(`${name} (novo nome)`);
  await page.getByRole("button", { name: "Atualizar Logo" }).click();
  await expect(toast(page, "Logo atualizado com sucesso!")).toBeVisible();

  await page.goto("/admin/dashboard");
  const recent = page.getByRole("region", { name: "Atividade recente" });
  await expect(
    recent
      .getByRole("listitem")
      .filter({ hasText: `“${name} (novo nome)”` })
      .first(),
  ).toContainText(ADMIN.email);

  await recent.getByRole("link", { name: "Ver toda a atividade" }).click();
  await expect(page).toHaveURL(/\/admin\/atividade$/);
  await expect(page.getByRole("heading", { level: 1, name: "Atividade" })).toBeVisible();
  const edited = page.getByRole("listitem").filter({ hasText: `“${name} (novo nome)”` });
  await expect(edited).toContainText(`${ADMIN.email} editou`);
  await expect(edited).toContainText(`Nome do cliente: “${name}” → “${name} (novo nome)”`);
  await expect(edited).toContainText("Logos de clientes");
  await expect(page.getByRole("listitem").filter({ hasText: `${ADMIN.email} criou “${name}”` })).toBeVisible();

  await page.getByLabel("Seção").selectOption("client-logos");
  await page.getByLabel("Pessoa").selectOption(ADMIN.email);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/secao=client-logos/);
  await expect(page.getByLabel("Seção")).toHaveValue("client-logos");
  await expect(edited).toBeVisible();
  const sections = await page.locator("ol > li").evaluateAll((items) => items.map((item) => item.textContent ?? ""));
  expect(sections.length).toBeGreaterThan(0);
  for (const text of sections) expect(text).toContain("Logos de clientes");

  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(/\/admin\/atividade$/);
  await expect(page.getByText(/Entrou no painel|entrou no painel/).first()).toBeVisible();
});

test("a phone sees the log without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "/admin/atividade");
  await expect(page.getByRole("heading", { level: 1, name: "Atividade" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
