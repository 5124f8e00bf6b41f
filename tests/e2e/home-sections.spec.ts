// Home's sections 1 to 9 are static markup sent once: in the document as HTML, not a second time
// inside its hydration data (checked over HTTP in tests/routes/public-http.test.ts). With
// JavaScript the hydrated page keeps that markup, and a client-side navigation back to / (which
// has no page to take it from) gets it from the loader.
import { expect, test, type Page } from "@playwright/test";
import { siteHydrated } from "./site-helpers";

const LOGOS = "TEMOS A CONFIANÇA DE + DE 200 MARCAS NO MERCADO";
const FAQ = "Dúvidas frequentes sobre Transformação Digital";

async function expectSections(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Transformação Digital");
  await expect(page.locator("#como-funciona")).toContainText("Metodologia em 5 fases");
  await expect(page.getByRole("heading", { name: LOGOS })).toBeVisible();
  await expect(page.locator(".logo-track li:not([data-duplicate]) img").first()).toHaveAttribute("alt", /\S/);
  await expect(page.getByRole("heading", { name: FAQ })).toBeVisible();
  await expect(page.locator("details.faq-item").first()).toHaveAttribute("open", "");
  await expect(page.locator("#diagnostico")).toBeVisible();
}

test("the home sections show, and stay after hydration and client-side navigations", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto("/");
  await expectSections(page);
  if (!javaScriptEnabled) return;

  // Hydrated: a link inside the static markup navigates without reloading the document.
  await siteHydrated(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("link", { name: "Ver todos os serviços" }).click();
  await expect(page).toHaveURL(/\/servicos$/);
  // Back to / through the header: the sections come from the loader this time.
  await page.getByRole("banner").getByRole("link", { name: "Wind Digital, página inicial" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSections(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/servicos$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expectSections(page);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
