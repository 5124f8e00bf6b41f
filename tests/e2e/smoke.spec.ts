import { expect, test } from "@playwright/test";

test("the home page renders in Portuguese", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Transformação Digital que entrega resultado");
});
