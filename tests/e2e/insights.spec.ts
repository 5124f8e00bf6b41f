// A visitor clicks the course page's WhatsApp button, with JavaScript on and off, and the admin sees
// the click in /admin/estatisticas. Without JavaScript the link's `ping` reports it (Chromium sends
// pings); with JavaScript the `ping` is gone once the page hydrates and a beacon reports it, so no
// click counts twice. The link itself stays as the site has always written it (href, target, rel);
// WhatsApp is stubbed, since wa.me cannot be reached here. The period's date fields follow the
// period shown. And the staff's own sign-out, which lands on the home page, is not a visit.
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { signIn } from "./admin-helpers";
import { daysBetween, saoPauloDay } from "../../app/lib/analytics/period.ts";

const isJs = () => test.info().project.name === "js";

// A browser's usual user agent: the headless shell says "HeadlessChrome", which the insights
// rightly take for a robot and do not count.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
test.use({ userAgent: BROWSER });

/** The course button's clicks as the insights page shows them (0 before the first). */
async function courseClicks(admin: Page): Promise<number> {
  await admin.goto("/admin/estatisticas?periodo=7");
  const table = admin.getByRole("region", { name: "Cliques no WhatsApp por link" });
  const row = table.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: "Curso", exact: true }) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole("cell").last().innerText()).replace(/\D/g, ""));
}

test("a WhatsApp click on the course page shows in /admin/estatisticas", async ({ page, context, browser }) => {
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
  // The admin in a browser of their own: an admin session is never counted as a visitor.
  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: isJs() });
  const admin = await adminContext.newPage();
  await signIn(admin);
  const before = await courseClicks(admin);

  await page.goto("/curso");
  const link = page.getByRole("main").locator('a[href^="https://wa.me/"]').first();
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  if (isJs()) await expect(link).not.toHaveAttribute("ping");
  else await expect(link).toHaveAttribute("ping", /^\/api\/estatisticas\?evento=whatsapp&botao=curso&numero=\d+&pagina=%2Fcurso$/);

  const reported = page.waitForRequest((request) => request.url().includes("/api/estatisticas?evento=whatsapp&botao=curso") && request.method() === "POST");
  const popup = context.waitForEvent("page");
  await link.click();
  await (await popup).waitForLoadState();
  await reported;

  // Counted within seconds (the page promises 15).
  await expect.poll(() => courseClicks(admin), { timeout: 15_000, intervals: [500] }).toBe(before + 1);
  await adminContext.close();
});

test("the period's date fields show the period on the page, also after a preset chosen after typed dates", async ({ page }) => {
  await signIn(page, "/admin/estatisticas");
  await page.getByLabel("De", { exact: true }).fill("2026-11-01");
  await page.getByLabel("Até", { exact: true }).fill("2026-11-05");
  await page.getByRole("button", { name: "Ver período" }).click();
  await expect(page).toHaveURL(/de=2026-11-01&ate=2026-11-05$/);
  await page.getByRole("link", { name: "30 dias" }).click();
  await expect(page).toHaveURL(/periodo=30$/);
  // The address changes before the page shows the new period (with JavaScript the router pushes
  // the URL, then React draws): wait for the period's own text, drawn with the fields, before
  // reading them, or one field may be read before and the other after.
  await expect(page.getByText("comparado aos 30 dias anteriores.")).toBeVisible();
  // Thirty days up to São Paulo's today, today included, computed by the page's own calendar
  // (today is read on both sides of the check, in case the test runs across midnight).
  const [from, to] = [await page.getByLabel("De", { exact: true }).inputValue(), await page.getByLabel("Até", { exact: true }).inputValue()];
  expect([saoPauloDay(), saoPauloDay(new Date(Date.now() - 60_000))]).toContain(to);
  expect(daysBetween(from, to), `${from} to ${to}`).toBe(30);
  await page.goto("/admin/estatisticas?de=2026-11-05&ate=2026-11-05");
  await expect(page.getByText("(1 dia), comparado ao dia anterior.")).toBeVisible();
});

test("the staff's own sign-out, which lands on the home page, counts no visit", async ({ page, browser }) => {
  /** A page's views as the insights page shows them (0 while it is not among the most viewed). */
  const views = async (path: string): Promise<number> => {
    await page.goto("/admin/estatisticas?periodo=7");
    const table = page.getByRole("region", { name: "Páginas mais vistas" });
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: path, exact: true }) });
    if ((await row.count()) === 0) return 0;
    return Number((await row.getByRole("cell").first().innerText()).replace(/\D/g, ""));
  };
  await signIn(page);
  const [home, about] = [await views("/"), await views("/sobre")];
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Sair" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logout realizado")).toBeVisible();
  // A visitor of their own, counted: once their view shows, the sign-out's would have shown too.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: isJs(), userAgent: BROWSER });
  await (await visitor.newPage()).goto("/sobre");
  await visitor.close();
  await signIn(page);
  await expect.poll(() => views("/sobre"), { timeout: 15_000, intervals: [500] }).toBe(about + 1);
  expect(await views("/")).toBe(home);
});
