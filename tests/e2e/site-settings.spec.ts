// /admin/configuracoes with JavaScript on and off: an admin changes the sales WhatsApp number and
// the e-mail, and the public pages (already in the page cache) show the new values at once: the
// home's WhatsApp buttons, the footer, the contact page and the structured data.
//
// The change would leak into the other browser tests (they check the demo values, in parallel),
// so this file runs against a server of its own: scripts/e2e-server.ts on a free port, with its
// own freshly seeded database, one per Playwright worker.
import { spawn, type ChildProcess } from "node:child_process";
import { test as base, expect, type Page } from "@playwright/test";
import { freePort } from "../../scripts/lib/free-port.ts";
import { signIn, toast } from "./admin-helpers";

const root = new URL("../..", import.meta.url).pathname;

const test = base.extend<object, { ownServer: string }>({
  ownServer: [
    async ({}, use) => {
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ["scripts/e2e-server.ts"], {
        cwd: root,
        // A data folder of its own: the shared server's (E2E_DIR) is deleted when this one stops.
        env: { ...process.env, E2E_PORT: String(port), E2E_DIR: "" },
        stdio: "ignore",
      });
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`e2e server exited with ${child.exitCode}`);
        const ok = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error("e2e server did not start");
        await new Promise((r) => setTimeout(r, 200));
      }
      await use(url);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
    { scope: "worker", timeout: 150_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer),
});

const DEMO = { sales: "5562991234567", salesDisplay: "(62) 99123-4567", email: "contato@winddigital.com.br" };
const NEW = { sales: "5511912345678", salesDisplay: "(11) 91234-5678", email: "ola@ventosul.com.br" };

/** Loads a public page twice as an anonymous visitor: the second answer comes from the page cache. */
async function warm(page: Page, path: string) {
  await page.goto(path);
  const response = await page.goto(path);
  expect(response?.headers()["x-cache"], path).toBe("HIT");
}

async function organization(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => d["@type"] === "ProfessionalService");
}

test("the admin changes the WhatsApp number and e-mail; cached public pages show them at once", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const visitorContext = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false, locale: "pt-BR" });
  const visitor = await visitorContext.newPage();
  for (const path of ["/", "/contato", "/sobre"]) await warm(visitor, path);
  await expect(visitor.locator(`a[href^="https://wa.me/${DEMO.sales}"]`).first()).toBeAttached();

  await signIn(page);
  await page.getByRole("link", { name: /Configurações/ }).click();
  await expect(page).toHaveURL(/\/admin\/configuracoes$/);
  await expect(page.getByRole("heading", { name: "Configurações" })).toBeVisible();
  const salesPhone = page.getByLabel("WhatsApp de vendas");
  // Each number is typed once, shown as the site shows it.
  await expect(salesPhone).toHaveValue(DEMO.salesDisplay);
  await expect(page.getByLabel(/como aparece no site/)).toHaveCount(0);

  // A number without its DDD is refused, with the message next to the field.
  await salesPhone.fill("91234-5678");
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(salesPhone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#" + (await salesPhone.getAttribute("aria-describedby")))).toHaveText(
    "Informe um número do Brasil com DDD (ex.: (62) 99123-4567)",
  );

  // Any common format: stored as the digits the WhatsApp links need.
  await salesPhone.fill("11 91234 5678");
  await page.getByLabel("E-mail").fill(NEW.email);
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(toast(page, "Configurações salvas com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/configuracoes$/);
  await expect(page.getByLabel("WhatsApp de vendas")).toHaveValue(NEW.salesDisplay);

  // Home: the hero's and the header's WhatsApp buttons, the footer and the JSON-LD.
  await visitor.goto("/");
  const heroButton = visitor.getByRole("main").locator('a[href^="https://wa.me/"]').first();
  await expect(heroButton).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${NEW.sales}\\?text=`));
  await expect(visitor.locator(`a[href^="https://wa.me/${DEMO.sales}"]`)).toHaveCount(0);
  const footer = visitor.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: NEW.email })).toHaveAttribute("href", `mailto:${NEW.email}`);
  await expect(footer.getByRole("link", { name: NEW.salesDisplay })).toHaveAttribute("href", `tel:+${NEW.sales}`);
  expect(await organization(visitor)).toMatchObject({ email: NEW.email, telephone: `+${NEW.sales}` });
  expect(await visitor.content()).not.toContain(DEMO.email);

  // Contact page: channels and "Outros canais".
  await visitor.goto("/contato");
  await expect(visitor.getByRole("link", { name: /WhatsApp com o Agente de IA/ })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${NEW.sales}\\?text=`));
  await expect(visitor.getByRole("main").getByRole("link", { name: NEW.email })).toHaveAttribute("href", `mailto:${NEW.email}`);
  await expect(visitor.getByRole("main").getByText(NEW.salesDisplay)).toBeVisible();
  expect(await visitor.content()).not.toContain(DEMO.sales);

  await visitor.goto("/sobre");
  await expect(visitor.getByRole("contentinfo").getByRole("link", { name: NEW.email })).toBeVisible();
  await visitorContext.close();
});
