// The chat widget as every visitor first sees it, with JavaScript on and off.
import { expect, test, type Page } from "@playwright/test";
import { reachForChat, siteHydrated } from "./site-helpers";

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

test("on a phone the sheet takes at most half the screen, starting with the greeting", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await settled(page, javaScriptEnabled);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  const box = (await panel.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(812 / 2);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
  for (const control of [
    panel.getByText("Sou o assistente digital"),
    panel.getByRole("button", { name: "Quero um site" }),
    panel.getByPlaceholder("Digite sua mensagem..."),
    panel.getByRole("link", { name: "Falar com vendedor no WhatsApp" }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
});

test("on a desktop the greeting opens the conversation at the top of the panel", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await settled(page, javaScriptEnabled);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  const log = (await panel.getByRole("log").boundingBox())!;
  const header = (await panel.getByRole("heading", { name: "Assistente Wind Digital" }).boundingBox())!;
  // Header, then the greeting right under it: no tall empty space above it.
  expect(log.y - (header.y + header.height)).toBeLessThan(60);
});

// A first visit: the cookie notice is shown, and neither it nor the chat covers the other.
test.describe("first visit, with the cookie notice", () => {
  test.beforeEach(async ({ context }) => {
    await context.clearCookies();
  });

  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    test(`at ${width}×${height} the chat sits above the notice and both stay usable`, async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      await settled(page, javaScriptEnabled);
      const banner = page.getByRole("region", { name: "Aviso" });
      const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
      // Polled: the panel may still be moving into place when the page has settled.
      await expect(async () => {
        const bannerBox = (await banner.boundingBox())!;
        const panelBox = (await panel.boundingBox())!;
        expect(bannerBox.y + bannerBox.height).toBeCloseTo(height, 0);
        expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(bannerBox.y + 0.5);
        if (javaScriptEnabled) expect(bannerBox.y - (panelBox.y + panelBox.height)).toBeLessThanOrEqual(width < 640 ? 1 : 25);
      }).toPass({ timeout: 10_000 });
      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

      // Every control of both is on screen and is what a tap there reaches (trial: no action). With
      // JavaScript, a pointer over the chat brings its live code, which redraws the panel (its send
      // button disabled while the message is empty): reached for first, as a visitor's tap does.
      if (javaScriptEnabled) await reachForChat(page);
      const controls = [
        panel.getByPlaceholder("Digite sua mensagem..."),
        panel.getByRole("button", { name: "Enviar mensagem" }),
        panel.getByRole("link", { name: "Falar com vendedor no WhatsApp" }),
        panel.getByRole("button", { name: "Fechar chat" }).or(panel.getByRole("link", { name: "Fechar chat" })),
        banner.getByRole("button", { name: "Aceitar" }),
        banner.getByRole("button", { name: "Recusar" }),
        banner.getByRole("link", { name: "Saber mais e personalizar" }),
      ];
      for (const control of controls) {
        await expect(control).toBeInViewport({ ratio: 1 });
        if (await control.isEnabled()) await control.click({ trial: true, timeout: 2000 });
      }

      // Once the visitor chooses, the chat returns to the bottom.
      await banner.getByRole("button", { name: "Aceitar" }).click();
      await expect(banner).toHaveCount(0);
      const bottom = width < 640 ? 0 : 24;
      await expect
        .poll(async () => {
          const box = (await page.getByRole("region", { name: "Assistente Wind Digital" }).boundingBox())!;
          return Math.round(height - (box.y + box.height));
        })
        .toBe(bottom);
    });
  }

  test("on a phone with the chat closed, the launcher sits above the notice", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    if (javaScriptEnabled) await reachForChat(page);
    await page
      .getByRole("region", { name: "Assistente Wind Digital" })
      .getByRole(javaScriptEnabled ? "button" : "link", { name: "Fechar chat" })
      .click();
    const launcher = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Abrir chat com o assistente" });
    await expect(launcher).toBeInViewport({ ratio: 1 });
    await launcher.click({ trial: true, timeout: 2000 });
    const launcherBox = (await launcher.boundingBox())!;
    const bannerBox = (await page.getByRole("region", { name: "Aviso" }).boundingBox())!;
    expect(launcherBox.y + launcherBox.height).toBeLessThanOrEqual(bannerBox.y);
  });
});

/** With JavaScript, the page has hydrated (the server-rendered chat stays until the visitor reaches for it). */
async function settled(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await siteHydrated(page);
}
