// A real page view's Core Web Vitals, measured by the visitor's browser, reach /admin/estatisticas
// and its CSV. With JavaScript the page loads web-vitals after it is idle and sends one beacon when
// it is left; without JavaScript nothing is measured (no beacon), and the insights page says so.
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { signIn } from "./admin-helpers";
import { saoPauloDay } from "../../app/lib/analytics/period.ts";

const isJs = () => test.info().project.name === "js";

// A browser's usual user agent: the headless shell says "HeadlessChrome", which the insights
// rightly take for a robot and do not measure.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
test.use({ userAgent: BROWSER });

/** The Core Web Vitals row of /sobre on a computer, as the insights page shows it ("" when there is none). */
async function aboutRow(admin: Page): Promise<string> {
  await admin.goto("/admin/estatisticas?periodo=7");
  const section = admin.getByRole("region", { name: "Velocidade para os visitantes (Core Web Vitals)" });
  await expect(section).toContainText("sem JavaScript nada é medido");
  const row = section.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: /^\/sobre/ }) });
  return (await row.count()) === 0 ? "" : await row.first().innerText();
}

test("a page view's Core Web Vitals show on /admin/estatisticas and in the CSV (with JavaScript only)", async ({ page, browser }) => {
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin);

  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/estatisticas?evento=vitais")) beacons.push(request.postData() ?? "");
  });
  await page.goto("/sobre");
  if (!isJs()) {
    await page.getByRole("link", { name: "Serviços" }).first().click();
    await page.waitForLoadState("load");
    expect(beacons).toEqual([]);
    await adminContext.close();
    return;
  }
  // The library comes after the page is idle, as a chunk of its own.
  await page.waitForResponse((response) => /vitals-client/.test(response.url()));
  await page.getByRole("heading", { level: 1 }).click();
  const sent = page.waitForRequest((request) => request.url().includes("/api/estatisticas?evento=vitais"), { timeout: 15_000 });
  // The visitor hides the page (switches tabs, locks the phone): the one beacon goes then. The
  // headless browser never hides its page by itself, so the page is told it is hidden as a
  // browser tells it (visibilityState, then the event).
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
  const body = JSON.parse((await sent).postData()!) as Record<string, unknown>;
  expect(body.pagina).toBe("/sobre");
  for (const vital of ["fcp", "ttfb", "lcp"]) expect(typeof body[vital], vital).toBe("number");
  expect(beacons).toHaveLength(1);

  await expect.poll(() => aboutRow(admin), { timeout: 15_000, intervals: [500] }).toContain("Computador");
  const row = await aboutRow(admin);
  expect(row).toMatch(/Bom|Precisa melhorar|Ruim/);
  const today = saoPauloDay();
  const csv = await (await admin.request.get(`/admin/estatisticas.csv?de=${today}&ate=${today}`)).text();
  expect(csv).toContain(`;p75_fcp;/sobre|computador;`);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin
    .getByRole("region", { name: "Velocidade para os visitantes (Core Web Vitals)" })
    .screenshot({ path: test.info().outputPath("web-vitals-1280.png") });
  await adminContext.close();
});
