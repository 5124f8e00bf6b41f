// What JavaScript adds on the public site: the lightbox closes with Escape and a click outside,
// the header gains its shadow after 20 px of scrolling, and service calls to action show on focus.
import { expect, test } from "@playwright/test";
import { siteHydrated } from "./site-helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
});

test("the portfolio lightbox closes with Escape and with a click outside", async ({ page }) => {
  await page.goto("/portfolio");
  const open = () =>
    page
      .getByRole("link", { name: /Ver mídia do projeto/ })
      .first()
      .click();
  await open();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Fechar" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/portfolio$/);

  await open();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.mouse.click(5, 300);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the window-films lightbox shows the project's challenge, solution and result", async ({ page }) => {
  await page.goto("/window-films");
  await page
    .getByRole("link", { name: /Assistir ao projeto/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("video, iframe, img").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("the window-films hero loop starts only once the page has loaded", async ({ page }) => {
  const videoRequests: number[] = [];
  let loaded = 0;
  page.on("request", (request) => {
    if (request.url().includes("/demo/videos/hero-16x9.mp4")) videoRequests.push(Date.now());
  });
  page.on("load", () => (loaded = Date.now()));
  await page.emulateMedia({ reducedMotion: "no-preference" }); // the suite's default is reduced motion: no loop
  await page.goto("/window-films");
  const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) }).locator("video");
  await expect(hero).toHaveCount(1); // the <noscript> twin is not part of the page with JavaScript on
  await expect(hero).toHaveAttribute("preload", "none");
  await expect.poll(() => hero.evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);
  expect(videoRequests.length).toBeGreaterThan(0);
  expect(Math.min(...videoRequests)).toBeGreaterThanOrEqual(loaded);
});

test("the header gains a shadow once scrolled past 20 px", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header).not.toHaveAttribute("data-scrolled");
  await page.evaluate(() => window.scrollTo(0, 10));
  await page.waitForTimeout(100);
  await expect(header).not.toHaveAttribute("data-scrolled");
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute("data-scrolled", "true");
});

test("a service card's call to action shows on keyboard focus", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const cta = page.getByRole("link", { name: /Saiba mais sobre Tráfego Pago/ });
  const wrapper = cta.locator("xpath=..");
  await expect(wrapper).toHaveCSS("opacity", "0");
  await cta.focus();
  await expect(wrapper).toHaveCSS("opacity", "1");
});

test("six skeleton cards show while the blog list loads after a client-side navigation", async ({ page }) => {
  await page.goto("/");
  // Hydrated, so the link navigates on the client (before that it loads the whole /blog document).
  await siteHydrated(page);
  // Long enough for the skeleton's own chunk to load first on a busy machine.
  await page.route("**/blog.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Blog" }).click();
  await expect(page.locator("[data-skeleton]")).toHaveCount(6);
  await expect(page.locator("main article").first()).toBeVisible();
  await expect(page.locator("[data-skeleton]")).toHaveCount(0);
});

test("the mobile menu opened before the page's scripts have loaded stays open once they run", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // A slow phone: the page shows, and the visitor opens the menu, while the scripts still load.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const menu = page.getByRole("navigation", { name: "Menu" });
  await page.locator("summary", { hasText: "Menu" }).click();
  await expect(menu).toBeVisible();

  release();
  // Hydrated, its effects run: the header now follows the scroll.
  const header = page.getByRole("banner");
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, window.scrollY === 400 ? 401 : 400));
      return header.getAttribute("data-scrolled");
    })
    .toBe("true");
  await expect(menu).toBeVisible();
});
