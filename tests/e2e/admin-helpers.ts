import { existsSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { crc32 } from "node:zlib";
import { E2E_ADMIN, E2E_BASE_URL as sharedServer, E2E_SESSION_SECRET, e2eDatabaseUrl } from "../helpers/e2e-env";

export const ADMIN = E2E_ADMIN;

type SessionModule = typeof import("../../app/lib/session.server.ts");
type DbModule = typeof import("../../app/lib/db.server.ts");
let sessionStore: Promise<{ createUserSession: SessionModule["createUserSession"]; db: DbModule["db"] }> | undefined;

/**
 * The app's own session module, loaded once per worker on the shared browser tests' server's
 * database (the folder playwright.config.ts chose, E2E_DIR) and secret. The database must already
 * be there: opening a missing file would create an empty one, and every session planted in it
 * would be unknown to the server.
 */
function sessions() {
  // The first call in a worker loads the app's modules and both Prisma clients (compiled on the
  // worker's first run): seconds on an idle machine, up to a minute on a loaded one. That time is
  // the worker's, not the test's: the test that pays it gets it added to its time limit.
  if (!sessionStore && test.info().timeout > 0) test.info().setTimeout(test.info().timeout + 120_000);
  return (sessionStore ??= (async () => {
    const url = e2eDatabaseUrl();
    if (url.startsWith("file:") && !existsSync(url.slice("file:".length))) {
      throw new Error(`the browser tests' database ${url} does not exist: did something delete the server's data folder (E2E_DIR)?`);
    }
    process.env.DATABASE_URL = url;
    process.env.SESSION_SECRET = E2E_SESSION_SECRET;
    const { createUserSession } = await import("../../app/lib/session.server.ts");
    const { db } = await import("../../app/lib/db.server.ts");
    return { createUserSession, db };
  })());
}

/** The shared browser tests' server's database (through the app's own module), for a test that must set up what no form can write. */
export async function e2eDb(): Promise<DbModule["db"]> {
  return (await sessions()).db;
}

/** The form sign-in: for a server of a spec's own, whose database this worker does not hold. */
async function signInWithForm(page: Page, target: string) {
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`));
}

/**
 * Signs the seeded admin in without typing the password and opens `target`: starts a session in
 * the shared server's database exactly as the sign-in action does (a row in the sessions table,
 * its signed id in the cookie, through app/lib/session.server.ts) and hands the cookie to the
 * browser. Signing in through the form, with JavaScript and without, is tested in
 * admin-guard.spec.ts. A spec that runs against a server of its own (another port, another
 * database: the planted session is unknown there, so the server asks for the login) is signed in
 * through the form instead.
 */
export async function signIn(page: Page, target = "/admin/dashboard") {
  const { createUserSession, db } = await sessions();
  const admin = await db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
  const [pair] = (await createUserSession(admin.id)).split(";");
  const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: sharedServer, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(target);
  const landed = new URL(page.url());
  if (landed.origin !== sharedServer && landed.pathname === "/admin/login") return signInWithForm(page, target);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`));
}

export function toast(page: Page, text: string) {
  return page.locator("[data-toast]").filter({ hasText: text }).first();
}

const PNG_BYTES = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2563eb" } })
  .png()
  .toBuffer();
const MP4_BYTES = Buffer.concat([Buffer.from("0000001c667479706d703432000000006d7034326d70343169736f6d", "hex"), Buffer.alloc(64)]);

// Each use of PNG or MP4 is a file of its own: the same picture (or video start) with bytes no other
// use has (a numbered PNG text chunk; bytes after the MP4's first box), so the media library keeps
// it as a new file. A file sent again with the same bytes is not stored twice
// (app/lib/media/duplicates.server.ts); a test of that sends one buffer twice.
let made = 0;
const stamp = () => `arquivo ${process.pid}-${Date.now()}-${++made}`;
function numberedPng(): Buffer {
  const end = PNG_BYTES.length - 12; // the IEND chunk
  const chunk = Buffer.concat([Buffer.from("tEXt"), Buffer.from(`Comment\0${stamp()}`, "latin1")]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(chunk.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk));
  return Buffer.concat([PNG_BYTES.subarray(0, end), length, chunk, crc, PNG_BYTES.subarray(end)]);
}

/** A small real PNG (decodable by the image resizer) and the start of a real MP4. */
export const PNG = {
  name: "imagem.png",
  mimeType: "image/png",
  get buffer() {
    return numberedPng();
  },
};
export const MP4 = {
  name: "depoimento.mp4",
  mimeType: "video/mp4",
  get buffer() {
    return Buffer.concat([MP4_BYTES, Buffer.from(stamp())]);
  },
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

/**
 * The ids of the blog posts a test creates; each is deleted after the test (through the admin's
 * own delete), so that other specs' lists stay as the seed made them.
 */
export function blogPostsDeletedAfterEach(): string[] {
  const created: string[] = [];
  test.afterEach(async ({ page }) => {
    for (const id of created.splice(0)) {
      const response = await page.request.post("/admin/blog", { form: { intent: "delete", id }, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
  });
  return created;
}
