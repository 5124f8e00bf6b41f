import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN, E2E_SESSION_SECRET, e2eDatabaseUrl } from "../helpers/e2e-env";

export const ADMIN = E2E_ADMIN;

// The app's own session module, loaded on the browser tests' server's database and secret.
process.env.DATABASE_URL = e2eDatabaseUrl();
process.env.SESSION_SECRET = E2E_SESSION_SECRET;
const { createUserSession } = await import("../../app/lib/session.server.ts");
const { db } = await import("../../app/lib/db.server.ts");

/**
 * Signs the seeded admin in without the form: starts a session as the sign-in action does (a row
 * in the sessions table, its signed id in the cookie), hands the cookie to the browser and opens
 * `target`. Signing in through the form, with JavaScript and without, is tested in
 * admin-guard.spec.ts.
 */
export async function signIn(page: Page, target = "/admin/dashboard") {
  const admin = await db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
  const [pair] = (await createUserSession(admin.id)).split(";");
  const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: test.info().project.use.baseURL!, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(target);
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
