// Leads in the browser, with JavaScript on and off: a contact sent through the contact form (the
// visitor's flow unchanged: WhatsApp with every field) appears in /admin/contatos with its fields;
// a name carrying markup shows as text; status and notes persist on the lead's page; "Excluir"
// asks first and deletes. Screenshots of the inbox and the lead page at phone and desktop widths.
import { expect, test, type Page } from "@playwright/test";
import { signIn, unique } from "./admin-helpers";
import { siteHydrated } from "./site-helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
});

/**
 * A phone of each project's own: "Excluir" deletes everything about the person, every lead with
 * the same phone included, and the two projects run this test at the same time on one server.
 */
function phoneOf(javaScript: boolean) {
  return javaScript ? { typed: "(62) 98888-7777", digits: "5562988887777" } : { typed: "(62) 98888-6666", digits: "5562988886666" };
}

async function sendContact(page: Page, name: string, email: string, javaScript: boolean) {
  await page.goto("/contato");
  if (javaScript) await siteHydrated(page);
  const form = page.getByRole("main").locator("form");
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Telefone").fill(phoneOf(javaScript).typed);
  await form.getByLabel("Mensagem").fill("Quero um site novo para a loja");
  if (javaScript) {
    const popup = page.context().waitForEvent("page");
    const beacon = page.waitForRequest((request) => request.url().endsWith("/api/contatos") && request.method() === "POST");
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    expect((await popup).url()).toContain("https://wa.me/");
    await beacon;
    await expect(page.getByText("Mensagem enviada!")).toBeVisible();
    await expect(form.getByLabel("Nome")).toHaveValue("");
  } else {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.status() >= 300 && r.status() < 400),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(response.headers()["location"]).toMatch(/^https:\/\/wa\.me\//);
  }
}

test("a contact form's lead appears in the inbox, its page keeps status and notes, and Excluir asks first", async ({
  page: visitor,
  javaScriptEnabled,
}, info) => {
  const marker = unique("Lead");
  const name = `<b>${marker}</b><script>window.__pwned=1</script>`;
  await sendContact(visitor, name, `${marker.replace(/\W+/g, "-").toLowerCase()}@example.com`, javaScriptEnabled);

  // The staff in a tab of their own: the visitor's tab may still be on its way to WhatsApp.
  const page = await visitor.context().newPage();
  await signIn(page, "/admin/contatos");
  await page.getByLabel("Buscar").fill(marker);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/busca=/);
  const row = page.locator("tr[data-lead]").filter({ hasText: marker });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  // The markup is text: shown as typed, never run.
  await expect(row.getByRole("link", { name })).toBeVisible();
  await expect(row).toContainText("Contato");
  await expect(row).toContainText(phoneOf(javaScriptEnabled).typed);
  await expect(row).toContainText("Novo");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: info.outputPath(`inbox-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Quero um site novo para a loja")).toBeVisible();
  await expect(page.getByText("/contato", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir no WhatsApp" })).toHaveAttribute(
    "href",
    new RegExp(`^https://wa\\.me/${phoneOf(javaScriptEnabled).digits}\\?text=`),
  );
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  await page.getByLabel("Status").selectOption("em_atendimento");
  await page.getByRole("button", { name: "Salvar status" }).click();
  await expect(page.getByText("Status: Novo → Em atendimento")).toBeVisible();
  await page.getByLabel("Nova nota").fill("Liguei e marquei reunião.");
  await page.getByRole("button", { name: "Adicionar nota" }).click();
  await expect(page.getByText("Liguei e marquei reunião.")).toBeVisible();
  await expect(page.getByLabel("Nova nota")).toHaveValue("");
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("em_atendimento");
  await expect(page.getByText("Liguei e marquei reunião.")).toBeVisible();
  await expect(page.getByText(/depois da chegada/)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: info.outputPath(`lead-${width}.png`), fullPage: true });
  }

  await page.getByRole("link", { name: "Excluir", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Excluir os dados desta pessoa?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(page).toHaveURL(/\/admin\/contatos$/);
  await expect(page.getByText("Contato excluído").first()).toBeVisible();
  await page.goto(`/admin/contatos?busca=${encodeURIComponent(marker)}`);
  await expect(page.getByText("Nenhum contato com esses filtros.")).toBeVisible();
});
