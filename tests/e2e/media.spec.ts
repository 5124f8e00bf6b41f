// Media through the real production server: an admin upload is stored and served back with
// Range (206) and resized by /img; demo images under public/ resize too; path tricks sent raw
// over a socket never leave the media folder. Run with S3_ENDPOINT set (e.g. an s3rver) the
// same spec checks the S3 backend end to end.
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { baseURL } from "../../playwright.config";
import { signIn } from "./admin-helpers";

const AVIF = "image/avif,image/webp,*/*";

async function sizeOf(body: Buffer) {
  const meta = await sharp(body).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

/** Sends the request line exactly as written (no client-side URL normalising). */
function rawGet(path: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

test("a photo uploaded in the admin is stored, served with Range and resized", async ({ page, request }) => {
  const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
  const title = `Painel mídia ${Date.now()}`;

  await signIn(page, "/admin/led-panels?novo");
  // The admin form's fields carry the database's column names.
  const form = page.locator("form").filter({ has: page.locator('[name="primary_flow"]') });
  await form.locator('[name="title"]').fill(title);
  await form.locator('[name="primary_flow"]').fill("10 mil/dia");
  await form.locator('[name="reach"]').fill("300 mil/mês");
  await form.locator('[name="flow"]').fill("Alto");
  await form.locator('[name="description"]').fill("Painel de teste de mídia.");
  await form.locator('[name="photo"]').setInputFiles({ name: "painel.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Criar Painel" }).click();

  const preview = page.getByRole("img", { name: title });
  await expect(preview).toBeVisible();
  const src = (await preview.getAttribute("src"))!;
  const url = src.startsWith("/img?") ? new URL(src, baseURL).searchParams.get("src")! : src;
  expect(url).toMatch(/\/blog-media\/painel(-\d+)?\.jpg$/);

  const whole = await request.get(url);
  expect(whole.status()).toBe(200);
  expect(whole.headers()["content-type"]).toBe("image/jpeg");
  expect(Buffer.from(await whole.body())).toEqual(photo);

  const part = await request.get(url, { headers: { Range: "bytes=100-199" } });
  expect(part.status()).toBe(206);
  expect(Buffer.from(await part.body())).toEqual(photo.subarray(100, 200));

  const resized = await request.get(`/img?src=${encodeURIComponent(url)}&w=640`, { headers: { Accept: AVIF } });
  expect(resized.status()).toBe(200);
  expect(resized.headers()["content-type"]).toBe("image/avif");
  expect(await sizeOf(Buffer.from(await resized.body()))).toEqual({ width: 640, height: 320, format: "heif" });
});

test("demo images under public/ are resized to the asked width and format", async ({ request }) => {
  const response = await request.get("/img?src=%2Fdemo%2Fled%2Fpanel-01.webp&w=480", { headers: { Accept: "image/webp,*/*" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sizeOf(Buffer.from(await response.body()))).width).toBe(480);
  expect((await request.get("/img?src=%2Fdemo%2Fled%2Fpanel-01.webp&w=500")).status()).toBe(400);
});

test("path tricks sent raw never leave the media folder", async () => {
  for (const path of [
    "/media/../../package.json",
    "/media/portfolio-media/../../../package.json",
    "/media/portfolio-media/..%2f..%2f..%2fpackage.json",
    "/media/portfolio-media/%2e%2e/%2e%2e/%2e%2e/package.json",
    "/media/portfolio-media/..%5c..%5c..%5cpackage.json",
    "/media//etc/passwd",
    "/media/portfolio-media/%2Fetc%2Fpasswd",
    "/img?src=%2F..%2F..%2Fpackage.json&w=320",
    "/img?src=%2Fdemo%2F..%2F..%2Fpackage.json&w=320",
  ]) {
    const answer = await rawGet(path);
    expect(answer, path).toMatch(/^HTTP\/1\.1 (400|404)/);
    expect(answer, path).not.toContain('"name": "agencia-site"');
    expect(answer, path).not.toContain("root:x:0:0");
  }
});
