// The enforced Content-Security-Policy breaks nothing: no violation on any public page or the
// admin sign-in, with JavaScript on (the app hydrates) and off, whether the page was rendered for
// this request (its inline scripts carry a fresh nonce) or served from the page cache (MISS, then
// HIT: its policy names the hashes of the page's own inline scripts, since a nonce stored with the
// page would be the same, public value for every visitor); style attributes still apply (the
// honeypot stays off-screen). On a cached page, an injected inline script does not run, even one
// carrying the nonce found in the page.
import { expect, test, type Page, type Response } from "@playwright/test";

const paths = ["/", "/sobre", "/servicos", "/portfolio", "/led-panels", "/window-films", "/curso", "/blog", "/contato", "/admin/login"];

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  return violations;
}

test("no Content-Security-Policy violation on any page, on a cache MISS and a cache HIT", async ({ page, javaScriptEnabled }) => {
  const violations = watchViolations(page);
  for (const path of paths) {
    // The first visit may render the page or find it cached; later ones are HITs, unless an admin
    // save in a parallel test emptied the cache meanwhile: then visit again (a few times at most).
    for (let visit = 1; visit <= 6; visit++) {
      const response = await page.goto(path, { waitUntil: "networkidle" });
      const headers = response!.headers();
      const csp = headers["content-security-policy"]!;
      expect(csp, path).toMatch(/script-src 'self' '(nonce|sha256)-/);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      if (path === "/admin/login") {
        expect(headers["x-cache"], path).toBeUndefined();
        expect(csp).toContain("'nonce-");
      } else {
        expect(["MISS", "HIT"], path).toContain(headers["x-cache"]);
        expect(csp, `${path} (${headers["x-cache"]})`).not.toContain("'nonce-");
      }
      if (javaScriptEnabled) {
        // Polled: on a busy machine the modules may still be running when the network went idle.
        await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), { message: `${path} hydrated (visit ${visit})` }).toBe(true);
      }
      // Anonymous visitors get public pages from the cache: done once this page was a HIT.
      if (visit >= 2 && (path === "/admin/login" || headers["x-cache"] === "HIT")) break;
      expect(visit, `${path}: a later visit is a cache HIT`).toBeLessThan(6);
    }
  }
  expect(violations).toEqual([]);
});

test("a cached page: an injected inline script does not run, even with the page's nonce, and the page still works", async ({ page, javaScriptEnabled }) => {
  // An HTML injection on the cached page (what the policy is there for), made by rewriting the
  // cached answer on its way to the browser: scripts with and without the nonce the page carries.
  let nonceInPage = "";
  let cacheStatus = "";
  await page.route(
    (url) => url.pathname === "/portfolio",
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      cacheStatus = response.headers()["x-cache"] ?? "";
      const html = await response.text();
      nonceInPage = /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1] ?? "";
      const injected = html.replace(
        "<head>",
        `<head><script nonce="${nonceInPage}">window.__injectedWithNonce = true</script><script>window.__injected = true</script>`,
      );
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ status: response.status(), headers, body: injected });
    },
  );
  const violations = watchViolations(page);
  // Warm the cache so that the navigation is served from it (again, should an admin save in a
  // parallel test have emptied the cache in between).
  let response: Response | null = null;
  for (let attempt = 1; attempt <= 5 && cacheStatus !== "HIT"; attempt++) {
    await page.request.get("/portfolio");
    violations.length = 0;
    response = await page.goto("/portfolio", { waitUntil: "networkidle" });
  }
  expect(cacheStatus).toBe("HIT");
  expect(nonceInPage).not.toBe("");

  if (!javaScriptEnabled) {
    // Without JavaScript no script runs at all; the page is still served whole.
    expect(response!.headers()["content-security-policy"]).not.toContain(nonceInPage);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    return;
  }
  expect(await page.evaluate(() => ({ withNonce: "__injectedWithNonce" in window, plain: "__injected" in window }))).toEqual({
    withNonce: false,
    plain: false,
  });
  expect(response!.headers()["content-security-policy"]).not.toContain(nonceInPage);
  expect(violations.filter((v) => /inline script/i.test(v)).length).toBeGreaterThanOrEqual(2);
  expect(violations.filter((v) => !/inline script/i.test(v))).toEqual([]);

  // The page's own scripts run: it hydrates, and navigating loads the next route's lazy chunk
  // and its data in place (a marker set on this window survives, so no full reload happened).
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.getByRole("link", { name: "Blog", exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  expect(violations.filter((v) => !/inline script/i.test(v))).toEqual([]);
});

test("style attributes apply under the CSP: the contact form's honeypot is off-screen", async ({ page }) => {
  await page.goto("/contato");
  const trap = page.locator('input[tabindex="-1"][autocomplete="off"]').first();
  const box = await trap.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeLessThan(-1000);
});
