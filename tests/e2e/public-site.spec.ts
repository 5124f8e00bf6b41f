// The public site with JavaScript on and off (runs in both Playwright projects), against the
// demo seed: every route, WhatsApp links, filters, lightbox, LED ordering, cookie notice, forms,
// published-only blog, 404s and axe (WCAG 2 A/AA).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { siteHydrated } from "./site-helpers";

const SALES = "5562991234567";
const VIDEO = "5562998765432";
const DRAFT_SLUG = "crm-e-automacao-de-vendas-por-onde-comecar";
const PUBLISHED_SLUG = "agente-de-ia-no-whatsapp-atendimento-24-horas";

const pages: Array<{ path: string; h1: RegExp | string; text: string }> = [
  { path: "/", h1: "Transformação Digital que entrega resultado", text: "A AGÊNCIA DAS MELHORES MARCAS" },
  { path: "/sobre", h1: "Sobre a Wind Digital", text: "Missão" },
  { path: "/servicos", h1: "Soluções completas para a sua transformação digital", text: "Agente de IA Personalizado" },
  { path: "/portfolio", h1: "Projetos que geraram resultado", text: "Todos" },
  { path: "/led-panels", h1: "Sua marca em destaque nos pontos mais movimentados", text: "Outros Painéis" },
  { path: "/window-films", h1: "Vídeos que fazem a sua marca ser lembrada", text: "+3500" },
  { path: "/curso", h1: "IA + Marketing + Vendas na Prática", text: "Próxima Turma em Breve" },
  { path: "/blog", h1: "Insights e Novidades", text: "Insights e Novidades" },
  { path: "/contato", h1: "Vamos conversar sobre o seu crescimento", text: "Resposta em até 2 horas úteis." },
  { path: "/termos-uso", h1: "Termos de Uso", text: "11. Legislação e foro" },
  { path: "/politica-privacidade", h1: "Política de Privacidade e Cookies", text: "12. Encarregado de dados (DPO)" },
];

const isJs = () => test.info().project.name === "js";

// Every test here has its own page and reads the demo seed: they may share the two workers. Run
// one after another, this file's 26 tests were the suite's longest stretch on a single worker.
test.describe.configure({ mode: "parallel" });

/**
 * Without JavaScript, axe runs on these pages only. A page's server HTML is the DOM the JavaScript
 * project checks (hydration keeps it: the test below fails on any hydration error), except the parts
 * only a visitor without JavaScript gets: the layout's (the chat's and the cookie notice's forms,
 * the menu) and the forms and filters that work as plain links and posts. These three pages hold
 * all of them; axe on the other eight took a minute of the suite for nothing more.
 */
const AXE_WITHOUT_JAVASCRIPT = new Set(["/", "/portfolio", "/contato"]);

/**
 * axe needs JavaScript in the page. Without JavaScript the test still checks what a visitor
 * without it gets: the server's HTML with every executable script removed, in a page where only
 * axe runs.
 */
async function axeViolations(page: Page, browser: Browser, path: string, baseURL: string): Promise<string[]> {
  let target = page;
  const context = isJs() ? null : await browser.newContext({ baseURL, javaScriptEnabled: true });
  if (context) {
    await context.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "");
      await route.fulfill({ response, body: html });
    });
    target = await context.newPage();
    await target.goto(path);
  }
  const axe = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  await context?.close();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Without JavaScript a form's post answers with a redirect to WhatsApp, which the browser follows
 * off this machine's closed network. The test reads where the redirect points.
 */
async function redirectOf(page: Page, submit: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && r.status() >= 300 && r.status() < 400), submit()]);
  return response.headers()["location"] ?? "";
}

function waText(href: string | null): string {
  return decodeURIComponent(new URL(href!).searchParams.get("text") ?? "");
}

test.describe("every public page", () => {
  for (const p of pages) {
    test(`${p.path} renders with SEO tags and no axe violations`, async ({ page, baseURL, browser }) => {
      const hydrationErrors: string[] = [];
      page.on("pageerror", (error) => hydrationErrors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat|did not match|Minified React error/i.test(message.text())) hydrationErrors.push(message.text());
      });
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
      await expect(page.getByText(p.text).first()).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${p.path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Wind Digital|Window Films/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      if (isJs()) await siteHydrated(page);
      if (isJs() || AXE_WITHOUT_JAVASCRIPT.has(p.path)) expect(await axeViolations(page, browser, p.path, baseURL!)).toEqual([]);
      expect(hydrationErrors).toEqual([]);
    });
  }
});

test("the header has nine links, highlights the current one and opens WhatsApp", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/portfolio");
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Serviços", "Portfólio", "Painéis LED", "Window Films", "Curso", "Blog", "Sobre", "Contato"]);
  await expect(nav.getByRole("link", { name: "Portfólio" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  const cta = page.getByRole("banner").getByRole("link", { name: /Falar com Especialista/ });
  await expect(cta).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${SALES}\\?text=`));
  await expect(cta).toHaveAttribute("target", "_blank");
  await expect(cta).toHaveAttribute("rel", "noopener noreferrer");
});

test("the mobile menu opens, and a chosen link navigates and closes it", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu).toBeHidden();
  await page.locator("summary", { hasText: "Menu" }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Curso" }).click();
  await expect(page).toHaveURL(/\/curso$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("IA + Marketing + Vendas na Prática");
  await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
});

test("home: service calls to action, methodology anchor, logos, FAQ accordion and JSON-LD", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "SOBRE NÓS", exact: true })).toHaveAttribute("href", "#como-funciona");
  await expect(page.locator("#como-funciona")).toContainText("Metodologia em 5 fases");
  const aiCard = page.getByRole("link", { name: /Saiba mais sobre Agente de IA Personalizado/ });
  expect(waText(await aiCard.getAttribute("href"))).toBe("Olá, vim do site e quero saber mais sobre Agente de IA Personalizado");
  const videoCard = page.getByRole("link", { name: /Saiba mais sobre Vídeos Profissionais/ });
  await expect(videoCard).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${VIDEO}\\?`));
  await expect(page.getByRole("link", { name: "Ver todos os serviços" })).toHaveAttribute("href", "/servicos");

  await expect(page.getByRole("heading", { name: "TEMOS A CONFIANÇA DE + DE 200 MARCAS NO MERCADO" })).toBeVisible();
  const logos = page.locator(".logo-track li:not([data-duplicate]) img");
  // The seed's 12 logos (an admin test running alongside may add one).
  await expect(logos.nth(11)).toBeAttached();
  for (const alt of await logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))) expect(alt).toBeTruthy();

  await expect(page.getByRole("heading", { name: "Dúvidas frequentes sobre Transformação Digital" })).toBeVisible();
  const items = page.locator("details.faq-item");
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open", "");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).not.toHaveAttribute("open", "");

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = jsonLd.map((t) => JSON.parse(t)["@type"]);
  expect(types).toEqual(expect.arrayContaining(["ProfessionalService", "FAQPage"]));
});

test("services: six cards with five features, the video service on its own number", async ({ page }) => {
  await page.goto("/servicos");
  const cards = page.locator("li[id]").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(cards.nth(i).locator("ul > li")).toHaveCount(5);
  const video = page.locator("#videos").getByRole("link", { name: /Quero um orçamento de vídeo/ });
  await expect(video).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${VIDEO}\\?`));
  expect(waText(await video.getAttribute("href"))).toBe("Olá, vim do site e quero saber mais sobre Vídeos Profissionais");
  await expect(page.getByRole("link", { name: /Quero meu diagnóstico gratuito/ })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${SALES}\\?`));
});

test("portfolio: filters are links and the lightbox opens and closes", async ({ page }) => {
  await page.goto("/portfolio");
  const filters = page.getByRole("navigation", { name: "Filtrar por categoria" });
  await expect(filters.getByRole("link")).toHaveText(["Todos", "IA", "Social Media", "Sites", "Vídeos", "Tráfego"]);
  await expect(filters.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "page");
  const allCount = await page.locator("main ul.grid > li").count();
  expect(allCount).toBeGreaterThanOrEqual(6);

  await filters.getByRole("link", { name: "IA", exact: true }).click();
  await expect(page).toHaveURL(/\?categoria=IA$/);
  await expect(filters.getByRole("link", { name: "IA", exact: true })).toHaveAttribute("aria-current", "page");
  const badges = page.locator("main ul.grid > li p.rounded-full");
  await expect.poll(async () => [...new Set(await badges.allTextContents())]).toEqual(["IA"]);
  expect(await badges.count()).toBeLessThan(allCount);

  const first = page.locator("main ul.grid > li").first();
  const title = await first.getByRole("heading", { level: 2 }).textContent();
  await first.getByRole("link", { name: /Ver mídia do projeto/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(title!);
  await expect(page).toHaveURL(/categoria=IA&midia=/);
  await dialog.getByRole("link", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\?categoria=IA$/);
});

test("LED panels: panels 01, 08 and 14 under Destaque, the others below", async ({ page }) => {
  await page.goto("/led-panels");
  const featured = page.locator("section", { has: page.getByRole("heading", { name: "Destaque", exact: true }) }).locator("h3");
  const others = page.locator("section", { has: page.getByRole("heading", { name: "Outros Painéis" }) }).locator("h3");
  const featuredTitles = await featured.allTextContents();
  expect(featuredTitles).toHaveLength(3);
  expect(featuredTitles.map((t) => t.match(/panel (\d+)/i)?.[1]).sort()).toEqual(["01", "08", "14"]);
  const otherTitles = await others.allTextContents();
  // The seed's twelve other panels (other specs may add panels of their own to the same database).
  expect(otherTitles.filter((t) => /^Panel \d+/.test(t))).toHaveLength(12);
  for (const t of otherTitles) expect(t).not.toMatch(/panel (01|08|14)/i);
  const cta = page.getByRole("link", { name: /Quero anunciar neste painel/ }).first();
  expect(waText(await cta.getAttribute("href"))).toBe(`Olá, vim do site e quero anunciar no ${featuredTitles[0]}`);
});

test("window films: filters, testimonials (video instead of text) and the video number", async ({ page }) => {
  await page.goto("/window-films");
  const filters = page.getByRole("navigation", { name: "Filtrar vídeos por categoria" });
  await expect(filters.getByRole("link")).toHaveText(["Todos", "Corporativo", "Comercial", "Eventos", "Edição"]);
  await filters.getByRole("link", { name: "Eventos" }).click();
  await expect(page).toHaveURL(/\?categoria=Eventos$/);
  const badges = page.locator("section:has(#portfolio-wf) ul.grid > li p.rounded-full");
  await expect.poll(async () => [...new Set(await badges.allTextContents())]).toEqual(["Eventos"]);

  const testimonials = page.locator("section", { has: page.getByRole("heading", { name: "O que dizem nossos clientes" }) });
  await expect(testimonials.locator("li").nth(2)).toBeAttached(); // the seed's 3 (admin tests may add more)
  const carlos = testimonials.locator("li", { hasText: "Carlos Henrique Moura" });
  await expect(carlos.locator("video")).toHaveCount(1);
  await expect(carlos.locator("video")).toHaveAttribute("poster", /depoimento-carlos\.webp/);
  await expect(carlos.locator("video")).toHaveAttribute("preload", "metadata");
  await expect(carlos.locator("blockquote")).toHaveCount(0);
  const cta = page.getByRole("link", { name: /Pedir orçamento pelo WhatsApp/ });
  await expect(cta).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${VIDEO}\\?text=`));

  // The hero's silent loop: started by a script after load, or by autoplay without JavaScript.
  await page.goto("/window-films");
  const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) }).locator("video");
  await expect(hero.first()).toHaveAttribute("poster", /hero-16x9\.webp/);
  if (!isJs()) await expect(page.locator("section video[autoplay]")).toHaveCount(1);
});

test("course: the call to action and the students' video testimonials", async ({ page }) => {
  await page.goto("/curso");
  const cta = page.getByRole("link", { name: /Quero participar do curso/ }).first();
  expect(waText(await cta.getAttribute("href"))).toBe("Olá, vim do site e quero participar do curso IA + Marketing + Vendas na Prática");
  await expect(page.getByRole("heading", { name: "Para Quem é Este Curso" })).toBeVisible();
  const testimonials = page.locator("section", { has: page.getByRole("heading", { name: "Depoimentos de alunos" }) });
  await expect(testimonials.locator("video").nth(2)).toBeAttached(); // the seed's 3 (admin tests may add more)
  // Each shows its poster (the frame shipped next to the demo clip), not a black box.
  const demoStudents = testimonials.locator("li").filter({ hasText: /Mariana Lopes|Rafael Nogueira|Patrícia Siqueira/ });
  await expect(demoStudents).toHaveCount(3);
  for (const video of await demoStudents.locator("video").all()) {
    await expect(video).toHaveAttribute("poster", /%2Fdemo%2Fvideos%2Faluno-[a-z]+\.webp/);
    await expect(video).toHaveAttribute("preload", "metadata");
  }
  const poster = await demoStudents.locator("video").first().getAttribute("poster");
  const response = await page.request.get(poster!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
});

test("blog: only published posts, Portuguese dates, post page and 404 for drafts", async ({ page }) => {
  await page.goto("/blog");
  // The demo seed publishes 5 posts (admin tests running alongside may add their own).
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  await expect(cards.first().locator("time")).toHaveText(/^\d{2} de [a-zç]+, \d{4}$/);
  await expect(page.locator(`a[href="/blog/${DRAFT_SLUG}"]`)).toHaveCount(0);

  const card = cards.filter({ has: page.locator(`a[href="/blog/${PUBLISHED_SLUG}"]`) });
  const title = await card.getByRole("heading").textContent();
  // By keyboard: the more posts other tests publish meanwhile, the lower this card sits, and on a
  // 720 px screen its link may lie under the chat panel (open on arrival) or the cookie notice.
  await card.getByRole("link", { name: /Ler mais/ }).press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
  await expect(page.getByRole("link", { name: "Voltar para o blog" }).first()).toHaveAttribute("href", "/blog");
  const cta = page.getByRole("main").getByRole("link", { name: /Falar com Especialista/ });
  await expect(cta).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${SALES}\\?`));
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.map((t) => JSON.parse(t)["@type"])).toContain("BlogPosting");

  const draft = await page.goto(`/blog/${DRAFT_SLUG}`);
  expect(draft?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post não encontrado" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Voltar para o blog" })).toHaveAttribute("href", "/blog");
});

test("footer: hidden admin link, contact links, legal links and current year", async ({ page }) => {
  await page.goto("/sobre");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "digital", exact: true })).toHaveAttribute("href", "/admin/login");
  await expect(footer.getByRole("link", { name: "contato@winddigital.com.br" })).toHaveAttribute("href", "mailto:contato@winddigital.com.br");
  await expect(footer.getByRole("link", { name: "(62) 99123-4567" })).toHaveAttribute("href", `tel:+${SALES}`);
  await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
  await expect(footer.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/politica-privacidade");
  await expect(footer.getByRole("link", { name: "Termos de Uso" })).toHaveAttribute("href", "/termos-uso");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Wind Digital`);
});

test.describe("cookie notice", () => {
  for (const [button, value] of [
    ["Aceitar", "accepted"],
    ["Recusar", "rejected"],
  ] as const) {
    test(`'${button}' stores ${value} and the banner stays away after reload`, async ({ page }) => {
      await page.goto("/servicos");
      const banner = page.getByRole("region", { name: "Aviso" });
      await expect(banner).toBeVisible();
      await banner.getByRole("button", { name: button }).click();
      await expect(page.getByRole("region", { name: "Aviso" })).toHaveCount(0);
      await expect(page).toHaveURL(/\/servicos$/);
      const cookie = (await page.context().cookies()).find((c) => c.name === "cookieConsent");
      expect(cookie?.value).toBe(value);
      if (isJs()) expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe(value);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Aviso" })).toHaveCount(0);

      await page.getByRole("button", { name: "Preferências de cookies" }).click();
      await expect(page.getByRole("region", { name: "Aviso" })).toBeVisible();
    });
  }

  test("'Saber mais e personalizar' goes to the privacy policy without storing a choice", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Aviso" }).getByRole("link", { name: "Saber mais e personalizar" }).click();
    await expect(page).toHaveURL(/\/politica-privacidade$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de Privacidade e Cookies");
    expect((await page.context().cookies()).find((c) => c.name === "cookieConsent")).toBeUndefined();
    if (isJs()) {
      await expect(page.getByRole("region", { name: "Aviso" })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBeNull();
    }
  });
});

test.describe("forms that open WhatsApp", () => {
  test.beforeEach(async ({ context }) => {
    await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
  });

  test("contact: errors next to the fields, then WhatsApp with every field", async ({ page, context }) => {
    await page.goto("/contato");
    await page.getByRole("region", { name: "Aviso" }).getByRole("button", { name: "Aceitar" }).click();
    const form = page.getByRole("main").locator("form");
    await form.getByLabel("Nome").fill("Ana Lima");
    await form.getByLabel("E-mail").fill("ana-sem-arroba");
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(form.getByText("Informe um e-mail válido")).toBeVisible();
    await expect(form.getByText("Informe seu telefone")).toBeVisible();
    await expect(form.getByText("Escreva sua mensagem")).toBeVisible();
    await expect(form.getByLabel("Nome")).toHaveValue("Ana Lima");
    await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("E-mail").fill("ana@example.com");
    await form.getByLabel("Telefone").fill("(62) 98888-7777");
    await form.getByLabel("Mensagem").fill("Quero um site novo");
    const expected = ["Nome: Ana Lima", "E-mail: ana@example.com", "Telefone: (62) 98888-7777", "Empresa: Não informada", "Mensagem: Quero um site novo"];
    if (isJs()) {
      const popupPromise = context.waitForEvent("page");
      await form.getByRole("button", { name: "Enviar mensagem" }).click();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      expect(popup.url()).toContain(`https://wa.me/${SALES}?text=`);
      for (const part of expected) expect(waText(popup.url())).toContain(part);
      await expect(page.getByText("Mensagem enviada!")).toBeVisible();
      await expect(page.getByText("Redirecionando para o WhatsApp...")).toBeVisible();
      await expect(form.getByLabel("Nome")).toHaveValue("");
    } else {
      const whatsapp = await redirectOf(page, () => form.getByRole("button", { name: "Enviar mensagem" }).click());
      expect(whatsapp).toMatch(new RegExp(`^https://wa\\.me/${SALES}\\?text=`));
      for (const part of expected) expect(waText(whatsapp)).toContain(part);
    }
  });

  test("diagnostic: all three fields required, then WhatsApp with the values", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "cookieConsent", value: "rejected", url: baseURL! }]);
    await page.goto("/#diagnostico");
    const form = page.locator("#diagnostico form");
    await form.getByRole("button", { name: /Quero meu diagnóstico gratuito/ }).click();
    await expect(form.getByText("Informe seu nome")).toBeVisible();
    await expect(form.getByText("Informe seu WhatsApp")).toBeVisible();
    await expect(form.getByText("Selecione o faturamento mensal")).toBeVisible();

    await form.getByLabel("Nome").fill("Carlos Souza");
    await form.getByLabel("WhatsApp").fill("62 97777-6666");
    await form.getByLabel("Faturamento mensal").selectOption({ label: "Acima de R$ 300 mil" });
    const expected = "Nome: Carlos Souza\nWhatsApp: 62 97777-6666\nFaturamento mensal: Acima de R$ 300 mil";
    if (isJs()) {
      const popupPromise = context.waitForEvent("page");
      await form.getByRole("button", { name: /Quero meu diagnóstico gratuito/ }).click();
      const popup = await popupPromise;
      expect(waText(popup.url())).toContain(expected);
      await expect(page.getByText("Mensagem enviada!")).toBeVisible();
      await expect(form.getByLabel("Nome")).toHaveValue("");
    } else {
      const whatsapp = await redirectOf(page, () => form.getByRole("button", { name: /Quero meu diagnóstico gratuito/ }).click());
      expect(whatsapp).toMatch(new RegExp(`^https://wa\\.me/${SALES}\\?text=`));
      expect(waText(whatsapp)).toContain(expected);
    }
  });
});
