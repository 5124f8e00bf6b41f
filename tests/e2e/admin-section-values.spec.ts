// The sections next to the blog accept every valid value, from the editor's point of view, with
// JavaScript on and off: the seeded window-films testimonials save unchanged (their photos and
// videos are the site's own /demo/… files), and a testimonial takes one of the site's /media/… files.
import { expect, test } from "@playwright/test";
import { windowFilmsTestimonials } from "../../scripts/lib/seed-data/window-films.ts";
import { formReady, PNG, signIn, toast } from "./admin-helpers";

test("every seeded window-films testimonial saves unchanged, and one takes an uploaded /media/ file", async ({ page }) => {
  // One save per seeded row, then an upload: more steps than most tests, so more time.
  test.setTimeout(120_000);
  await signIn(page, "/admin/window-films-testimonials");
  // The seed's rows only: rows other tests add (and delete) meanwhile may be gone by their turn.
  const edits: string[] = [];
  for (const { clientName } of windowFilmsTestimonials) {
    edits.push((await page.getByRole("link", { name: `Editar ${clientName}`, exact: true }).getAttribute("href"))!);
  }
  for (const href of edits) {
    await page.goto(href);
    await formReady(page);
    await page.getByRole("button", { name: "Atualizar Depoimento" }).click();
    await expect(toast(page, "Depoimento atualizado com sucesso"), href).toBeVisible();
  }

  // A photo uploaded to the media library, given by its /media/ address.
  await page.goto("/admin/midia");
  await page.locator('input[name="arquivo_portfolio"]').setInputFiles(PNG);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(toast(page, "Arquivo enviado")).toBeVisible();
  const url = (await page.locator('main img[src*="portfolio-media"]').first().getAttribute("src"))!;
  const media = decodeURIComponent(url.match(/src=([^&]+)/)?.[1] ?? url);
  expect(media).toMatch(/^\/media\/portfolio-media\//);
  await page.goto(edits[0]!);
  await formReady(page);
  await page.locator('input[name="client_photo"]').fill(media);
  await page.getByRole("button", { name: "Atualizar Depoimento" }).click();
  await expect(toast(page, "Depoimento atualizado com sucesso")).toBeVisible();
  await page.goto(edits[0]!);
  await expect(page.locator('input[name="client_photo"]')).toHaveValue(media);
});
