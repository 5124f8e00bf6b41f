// A toast, with JavaScript and without: what is under it still takes taps, and it leaves by itself
// (without JavaScript nothing else could remove it: it stayed over the page for good).
import { expect, test } from "@playwright/test";
import { signIn, toast } from "./admin-helpers";

test("a toast never takes a tap meant for what is under it, and leaves by itself", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.getByRole("button", { name: "Sair" }).first().click();
  const message = toast(page, "Logout realizado");
  await expect(message).toBeVisible();
  const box = (await message.boundingBox())!;
  const tapped = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("[data-toast]") ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(tapped).toBeNull();
  await expect(message).toBeHidden({ timeout: 15_000 });
  // With JavaScript the toaster also drops it from its list once it has hidden itself.
  if (javaScriptEnabled) await expect(page.locator("[data-toast]")).toHaveCount(0);
});
