// The chat widget as every visitor first sees it, with JavaScript on and off.
import { expect, test, type Page } from "@playwright/test";

// The cookie notice (decided here) would cover the bottom of the chat until the visitor chooses.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
});

const SALES_PHONE = "5562991234567";

test("the chat panel is open on page load with its header, greeting, suggestions and WhatsApp button", async ({ page }) => {
  await page.goto("/servicos");
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Online agora")).toBeVisible();
  await expect(panel.getByRole("log")).toContainText("Sou o assistente digital da Wind Digital");
  await expect(panel.getByPlaceholder("Digite sua mensagem...")).toBeVisible();
  for (const suggestion of ["Quero um site", "Preciso melhorar meu Instagram", "Como funciona a IA?", "Quero aumentar vendas"]) {
    await expect(panel.getByRole("button", { name: suggestion })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Abrir chat com o assistente" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Abrir chat com o assistente" })).toBeHidden();

  const whatsapp = panel.getByRole("link", { name: "Falar com vendedor no WhatsApp" });
  await expect(whatsapp).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${SALES_PHONE}\\?text=`));
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
});

test("the webhook's address never reaches the browser", async ({ page }) => {
  await page.goto("/");
  expect(await page.content()).not.toContain("webhook/windapp");
});

test("on a phone the panel is a full-width bottom sheet that leaves the top of the page visible", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await settled(page, javaScriptEnabled);
  const box = await page.getByRole("region", { name: "Assistente Wind Digital" }).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBe(0);
  expect(box!.width).toBe(375);
  expect(box!.y + box!.height).toBeCloseTo(740, 0);
  expect(box!.y).toBeGreaterThan(740 * 0.25);
});

test("on a desktop the panel is 384 × 600 at the bottom right", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await settled(page, javaScriptEnabled);
  const box = await page.getByRole("region", { name: "Assistente Wind Digital" }).boundingBox();
  expect(box).toMatchObject({ width: 384, height: 600 });
  expect(1440 - (box!.x + box!.width)).toBe(24);
  expect(900 - (box!.y + box!.height)).toBe(24);
});

/** With JavaScript, the interactive widget replaces the server-rendered one after hydration. */
async function settled(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator("[data-chat-ready]").waitFor();
}
