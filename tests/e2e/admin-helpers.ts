import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../helpers/e2e-env";

export const ADMIN = E2E_ADMIN;

/**
 * Signs the seeded admin in through the login form and opens `target`. (A session planted straight
 * into the server's database was tried: a worker of the second project then found an empty
 * database, so every admin test of that project failed; the form is slower, and always right.)
 */
export async function signIn(page: Page, target = "/admin/dashboard") {
  await page.goto(`/admin/login${target === "/admin/dashboard" ? "" : `?redirectTo=${encodeURIComponent(target)}`}`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`));
}

export function toast(page: Page, text: string) {
  return page.locator("[data-toast]").filter({ hasText: text }).first();
}

/** A small real PNG (decodable by the image resizer) and the start of a real MP4. */
export const PNG = {
  name: "imagem.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer(),
};
export const MP4 = {
  name: "depoimento.mp4",
  mimeType: "video/mp4",
  buffer: Buffer.concat([Buffer.from("0000001c667479706d703432000000006d7034326d70343169736f6d", "hex"), Buffer.alloc(64)]),
};

export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * With JavaScript, waits until the admin page has hydrated (its handlers run: slug from the title,
 * previews, client validation). Typing before that is a race: hydration may replace the field or
 * miss the input. Without JavaScript there is nothing to wait for.
 */
export async function formReady(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("[data-hydrated]").first().waitFor();
}

/** Fills a blog post's content with `html`: the HTML textarea, the field's default view with and without JavaScript. */
export async function fillContent(page: Page, html: string) {
  await page.locator('textarea[name="content"]').fill(html);
}
