// Media through the real production server: an admin upload is stored and served back with
// Range (206) and resized by /img. (Demo images resized and path tricks sent raw involve no
// browser: tests/routes/public-http.test.ts checks them over HTTP.) Run with S3_ENDPOINT set
// (e.g. an s3rver) the same spec checks the S3 backend end to end.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { baseURL } from "../../playwright.config";
import { signIn } from "./admin-helpers";

const AVIF = "image/avif,image/webp,*/*";

async function sizeOf(body: Buffer) {
  const meta = await sharp(body).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
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
  expect(url).toMatch(/\/blog-media\/painel-[a-z2-7]{13}\.jpg$/);

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
