// The enforced Content-Security-Policy breaks nothing: no violation on any public page or the
// admin sign-in, with JavaScript on (the app hydrates: its scripts carry the nonce) and off;
// style attributes still apply (the honeypot stays off-screen).
import { expect, test } from "@playwright/test";

const paths = ["/", "/sobre", "/servicos", "/portfolio", "/led-panels", "/window-films", "/curso", "/blog", "/contato", "/admin/login"];

test("no Content-Security-Policy violation on any page", async ({ page, javaScriptEnabled }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self' 'nonce-");
    if (javaScriptEnabled) {
      const hydrated = await page.evaluate(() => "__reactRouterRouteModules" in window);
      expect(hydrated, `${path} hydrated`).toBe(true);
    }
  }
  expect(violations).toEqual([]);
});

test("style attributes apply under the CSP: the contact form's honeypot is off-screen", async ({ page }) => {
  await page.goto("/contato");
  const trap = page.locator('input[tabindex="-1"][autocomplete="off"]').first();
  const box = await trap.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeLessThan(-1000);
});
