// Reordering in the admin: "Mover para cima/baixo" and "Mover para a posição" (plain forms,
// JavaScript on and off) and, with JavaScript, drag and drop with the keyboard. Each row shows its
// place in the list. The public page follows the new order.
import { expect, test, type Page } from "@playwright/test";
import { formReady, signIn, toast, unique } from "./admin-helpers";

// Each project reorders its own section (both show on /window-films), so that the two projects,
// which run at the same time, never move each other's rows.
const SECTIONS = {
  js: { list: "/admin/window-films-testimonials", fields: (name: string) => ({ client_name: name, testimonial: "Depoimento para ordenar.", rating: "5" }) },
  nojs: { list: "/admin/window-films-portfolio", fields: (name: string) => ({ title: name, category: "Corporativo" }) },
};
let LIST = "";
let fieldsOf: (name: string) => Record<string, string> = () => ({});
const created: string[] = [];

test.beforeEach(({}, testInfo) => {
  const section = testInfo.project.use.javaScriptEnabled === false ? SECTIONS.nojs : SECTIONS.js;
  LIST = section.list;
  fieldsOf = section.fields;
});

test.afterEach(async ({ page }) => {
  for (const id of created.splice(0)) {
    const response = await page.request.post(LIST, { form: { intent: "delete", id }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
});

/** Two rows at the end of the section's list (A, then B); returns their names. */
async function twoAtTheEnd(page: Page): Promise<[string, string]> {
  const names: [string, string] = [unique("Ordem A"), unique("Ordem B")];
  for (const [i, name] of names.entries()) {
    const response = await page.request.post(LIST, { form: { ...fieldsOf(name), order_index: String(9000 + i) }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  await page.goto(LIST);
  for (const name of names) {
    const href = (await page.getByRole("link", { name: `Editar ${name}` }).getAttribute("href"))!;
    created.push(new URLSearchParams(href.split("?")[1]).get("editar")!);
  }
  return names;
}

/** Whether `first` comes before `second` in the page's text. */
async function before(page: Page, first: string, second: string): Promise<boolean> {
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).toContain(first);
  expect(text).toContain(second);
  return text.indexOf(first) < text.indexOf(second);
}

test("'Mover para cima' and 'Mover para baixo' reorder the list, and the public page follows", async ({ page }) => {
  await signIn(page, LIST);
  const [a, b] = await twoAtTheEnd(page);
  expect(await before(page, a, b)).toBe(true);
  // The last row cannot go further down.
  await expect(page.getByRole("button", { name: `Mover para baixo: ${b}` })).toHaveCount(0);

  await formReady(page);
  await page.getByRole("button", { name: `Mover para cima: ${b}` }).click();
  await expect(toast(page, "Ordem atualizada!")).toBeVisible();
  await expect.poll(() => before(page, b, a)).toBe(true);

  await page.goto("/window-films");
  expect(await before(page, b, a)).toBe(true);

  await page.goto(LIST);
  await formReady(page);
  await page.getByRole("button", { name: `Mover para baixo: ${b}` }).click();
  await expect(toast(page, "Ordem atualizada!")).toBeVisible();
  await expect.poll(() => before(page, a, b)).toBe(true);
});

test("each row shows its place, and 'Mover' takes a row straight to the position typed, in one step", async ({ page }) => {
  await signIn(page, LIST);
  const [a, b] = await twoAtTheEnd(page);
  const positionOf = (name: string) => page.getByRole("spinbutton", { name: `Posição de ${name}` });
  const total = Number(await positionOf(b).getAttribute("max"));
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(positionOf(b)).toHaveValue(String(total));
  await expect(positionOf(a)).toHaveValue(String(total - 1));
  await expect(page.getByRole("listitem").filter({ hasText: b }).getByText(`de ${total}`)).toBeVisible();

  await formReady(page);
  await positionOf(b).fill("1");
  await page.getByRole("button", { name: `Mover para a posição: ${b}` }).click();
  await expect(toast(page, "Ordem atualizada!")).toBeVisible();
  await expect(positionOf(b)).toHaveValue("1");
  await expect(positionOf(a)).toHaveValue(String(total));
  expect(await before(page, b, a)).toBe(true);

  await page.goto("/window-films");
  expect(await before(page, b, a)).toBe(true);
});

test("with JavaScript a row is dragged with the keyboard (Space, arrows, Space)", async ({ page }, testInfo) => {
  await signIn(page, LIST);
  const [a, b] = await twoAtTheEnd(page);
  if (testInfo.project.use.javaScriptEnabled === false) {
    // Without JavaScript there is nothing to drag: the buttons above do the job.
    await expect(page.getByRole("button", { name: `Arrastar para reordenar: ${b}` })).toHaveCount(0);
    return;
  }
  await formReady(page);
  // Picking a row up scrolls it into view, and the rows are measured right after: with the public
  // site's smooth scrolling they moved under the drag, and the row was dropped back in place.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
  const handle = page.getByRole("button", { name: `Arrastar para reordenar: ${b}` });
  await handle.focus();
  // dnd-kit measures the rows between key presses: each step waits for its announcement.
  const status = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(status).toContainText(b);
  // dnd-kit measures the rows once the drag has started: until then an arrow does nothing, so
  // press it again until the row is over the one above (no longer in the last position).
  await expect(async () => {
    await page.keyboard.press("ArrowUp");
    const position = /posição (\d+) de (\d+)/.exec((await status.textContent()) ?? "");
    expect(position !== null && Number(position[1]) < Number(position[2])).toBe(true);
  }).toPass({ timeout: 5000 });
  await page.keyboard.press("Space");
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
  await expect(toast(page, "Ordem atualizada!")).toBeVisible();
  await page.reload();
  expect(await before(page, b, a)).toBe(true);
});

test("on a phone, a move comes back to the moved row, not to the top of the page", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, LIST);
  const [a, b] = await twoAtTheEnd(page);
  await formReady(page);
  const up = page.getByRole("button", { name: `Mover para cima: ${b}` });
  await up.scrollIntoViewIfNeeded();
  await up.click();
  await expect(toast(page, "Ordem atualizada!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}#linha-[\\w-]+$`));
  // The row that moved is on screen, with its new place (above the one it passed).
  const row = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: `Mover para baixo: ${b}` }) });
  await expect(row).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await before(page, b, a)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("moved-row-phone.png") });
});
