// A course testimonial whose video comes from the media library, JavaScript on and off: the editor
// puts a video in the library (the demo seed's videos are static files, not library files), opens
// "Novo Depoimento", types the student's name, picks the video under the video field and saves.
import { expect, test, type Page } from "@playwright/test";
import { formReady, MP4, signIn, toast, unique } from "./admin-helpers";

/** Uploads a small MP4 into the portfolio bucket and returns its stored name (the toast names it). */
async function uploadVideo(page: Page): Promise<string> {
  await page.goto("/admin/midia?bucket=portfolio-media&tipo=video");
  await formReady(page);
  await page.locator('input[name="arquivo_portfolio"]').setInputFiles(MP4);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const sent = toast(page, "Arquivo enviado");
  await expect(sent).toContainText(/“depoimento-[a-z2-7]{13}\.mp4” já está na biblioteca\./);
  return /“(depoimento-[a-z2-7]{13}\.mp4)”/.exec((await sent.textContent()) ?? "")![1]!;
}

test("a new testimonial saves with a video picked from the media library", async ({ page }) => {
  const student = unique("Aluno da biblioteca");
  await signIn(page, "/admin/midia");
  const video = await uploadVideo(page);

  await page.goto("/admin/course-testimonials");
  await page.getByRole("link", { name: "Novo Depoimento" }).click();
  await expect(page).toHaveURL(/\/admin\/course-testimonials\?novo$/);
  await formReady(page);
  await page.locator('[name="student_name"]').fill(student);
  await page.getByRole("button", { name: "Escolher da biblioteca: Vídeo (vertical)" }).click();
  // With JavaScript a dialog of the library's videos; without, the form comes back with them.
  const offered = test.info().project.use.javaScriptEnabled === false ? page : page.getByRole("dialog", { name: "Escolher da biblioteca" });
  await offered.getByRole("button", { name: `Escolher ${video}` }).click();

  const base = process.env.E2E_S3 === "1" ? "http://127\\.0\\.0\\.1:\\d+/" : "/media/";
  const url = new RegExp(`^${base}portfolio-media/biblioteca/${video.replace(".", "\\.")}$`);
  await expect(page.locator('[data-library-choice="video_url"]')).toBeVisible();
  await expect(page.locator('input[name="video_url_biblioteca"]')).toHaveValue(url);
  // What was typed before picking stays (without JavaScript the picker submitted the form).
  await expect(page.locator('[name="student_name"]')).toHaveValue(student);
  await page.getByRole("button", { name: "Salvar Depoimento" }).click();

  await expect(toast(page, "Depoimento criado com sucesso")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/course-testimonials$/);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: student }) });
  await expect(row.locator("video")).toHaveAttribute("src", url);
});
