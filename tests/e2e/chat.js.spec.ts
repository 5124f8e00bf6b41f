// The interactive chat widget (JavaScript on), talking to the local test webhook.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { reachForChat, siteHydrated } from "./site-helpers";

// The cookie notice (decided here) would cover the bottom of the chat until the visitor chooses.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
});

async function openPage(page: Page, path = "/") {
  await page.goto(path);
  await reachForChat(page);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  return {
    panel,
    input: panel.getByPlaceholder("Digite sua mensagem..."),
    send: panel.getByRole("button", { name: "Enviar mensagem" }),
    userMessages: panel.getByRole("log").locator('[data-role="user"]'),
    assistantMessages: panel.getByRole("log").locator('[data-role="assistant"]'),
    launcher: page.getByRole("button", { name: "Abrir chat com o assistente" }),
  };
}

/**
 * Holds the live chat's code back at the network until `release()` (a slow phone network): until
 * then the page shows the server-rendered chat. `requested` settles once the browser asked for it.
 */
async function holdBackLiveChat(page: Page) {
  const liveChat = /\/assets\/chat-live-[^/]+\.js$/;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(liveChat, async (route) => {
    await released;
    await route.continue();
  });
  return { release, requested: page.waitForRequest(liveChat) };
}

// Most visitors never chat: the live widget's code is not part of their page view.
test("the live chat's code loads when the visitor reaches for the chat, not before", async ({ page }) => {
  const liveChat = /\/assets\/chat-live-[^/]+\.js$/;
  const requests: string[] = [];
  page.on("request", (request) => {
    if (liveChat.test(request.url())) requests.push(request.url());
  });
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });

  // Scrolling and reading the page: nothing loads.
  await page.goto("/");
  await siteHydrated(page);
  await page.mouse.wheel(0, 600);
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);

  // A pointer over the chat.
  await panel.hover();
  await page.locator("[data-chat-ready]").waitFor();
  expect(requests).toHaveLength(1);

  // Focus inside it, from the keyboard.
  await page.goto("/servicos");
  await siteHydrated(page);
  await panel.getByRole("button", { name: "Quero um site" }).focus();
  await page.locator("[data-chat-ready]").waitFor();

  // The openAIChat window event, from a closed chat: it opens, ready to type.
  await panel.getByRole("button", { name: "Fechar chat" }).click();
  await page.goto("/sobre");
  await siteHydrated(page);
  await expect(panel).toBeHidden();
  await page.evaluate(() => window.dispatchEvent(new Event("openAIChat")));
  await expect(panel.getByPlaceholder("Digite sua mensagem...")).toBeFocused();
  await expect(panel).toHaveAttribute("data-chat-ready", "");
  // Opened, it is no longer remembered as closed.
  await page.goto("/contato");
  await expect(panel).toBeVisible();
});

test("a quick suggestion sends itself and the suggestions disappear", async ({ page }) => {
  const chat = await openPage(page);
  await expect(chat.assistantMessages).toHaveCount(1);
  await chat.panel.getByRole("button", { name: "Preciso melhorar meu Instagram" }).click();
  await expect(chat.userMessages).toHaveText(["Você: Preciso melhorar meu Instagram"]);
  await expect(chat.assistantMessages.last()).toHaveText("Assistente: Resposta do webhook: Preciso melhorar meu Instagram");
  await expect(chat.panel.getByRole("button", { name: "Quero um site" })).toHaveCount(0);
});

test("Enter sends, the input clears, and an empty or blank message is not sent", async ({ page }) => {
  const chat = await openPage(page);
  let posts = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/chat")) posts++;
  });
  await chat.input.fill("   ");
  await chat.input.press("Enter");
  await chat.input.fill("");
  await chat.input.press("Enter");
  await expect(chat.send).toBeDisabled();
  expect(posts).toBe(0);
  await expect(chat.userMessages).toHaveCount(0);

  await chat.input.fill("Olá, tudo bem?");
  await chat.input.press("Enter");
  await expect(chat.input).toHaveValue("");
  await expect(chat.assistantMessages.last()).toHaveText("Assistente: Resposta do webhook: Olá, tudo bem?");
  expect(posts).toBe(1);
  await expect(chat.input).toBeFocused();
});

test("while a reply is pending the input and send button are disabled and a typing indicator shows", async ({ page }) => {
  const chat = await openPage(page);
  await chat.input.fill("modo:slow uma pergunta demorada");
  await chat.input.press("Enter");
  await expect(chat.input).toBeDisabled();
  await expect(chat.send).toBeDisabled();
  const typing = chat.panel.getByTestId("chat-typing");
  await expect(typing).toBeVisible();
  await expect(typing).toContainText("O assistente está digitando...");
  await expect(chat.assistantMessages.last()).toHaveText("Assistente: Resposta lenta: modo:slow uma pergunta demorada");
  await expect(typing).toHaveCount(0);
  await expect(chat.input).toBeEnabled();
});

test("failures show the Portuguese error messages", async ({ page }) => {
  const chat = await openPage(page);
  for (const [message, expected] of [
    ["modo:500", "Desculpe, ocorreu um erro. Tente novamente."],
    ["modo:invalid", "Desculpe, ocorreu um erro. Tente novamente."],
    ["modo:missing", "Desculpe, não consegui processar sua mensagem."],
  ]) {
    await chat.input.fill(message!);
    await chat.input.press("Enter");
    await expect(chat.assistantMessages.last()).toHaveText(`Assistente: ${expected}`);
  }
  // the server itself unreachable
  await page.route("**/api/chat", (route) => route.abort("connectionrefused"));
  await chat.input.fill("sem rede");
  await chat.input.press("Enter");
  await expect(chat.assistantMessages.last()).toHaveText("Assistente: Desculpe, ocorreu um erro. Tente novamente.");
});

test("replies show line breaks and safe links, never HTML", async ({ page }) => {
  const chat = await openPage(page);
  await chat.input.fill("modo:links");
  await chat.input.press("Enter");
  const reply = chat.assistantMessages.last();
  await expect(reply).toContainText("Primeira linha");
  expect(await reply.innerText()).toMatch(/Primeira linha\nSegunda linha/);
  const link = reply.getByRole("link", { name: "example.com/pagina" });
  await expect(link).toHaveAttribute("href", "https://example.com/pagina?x=1");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  await chat.input.fill("modo:html");
  await chat.input.press("Enter");
  await expect(chat.assistantMessages.last()).toContainText('<img src=x onerror="window.__injected=1"><b>negrito</b>');
  await expect(chat.panel.locator("img, b")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
});

test("closing shows the launcher, is remembered for the visit, and the launcher opens it again", async ({ page }) => {
  const chat = await openPage(page);
  await expect(chat.launcher).toHaveCount(0);
  await chat.panel.getByRole("button", { name: "Fechar chat" }).click();
  await expect(chat.panel).toHaveCount(0);
  await expect(chat.launcher).toBeVisible();
  await expect(chat.launcher).toBeFocused();

  await openPage(page, "/sobre");
  await expect(chat.launcher).toBeVisible();
  await expect(chat.panel).toHaveCount(0);

  await chat.launcher.click();
  await expect(chat.panel).toBeVisible();
  await expect(chat.input).toBeFocused();
  await expect(chat.launcher).toHaveCount(0);
});

test("a chat closed earlier in the visit stays closed on the next page while its live code is still loading", async ({ page }) => {
  const chat = await openPage(page);
  await chat.panel.getByRole("button", { name: "Fechar chat" }).click();
  await expect(chat.launcher).toBeVisible();

  // The next page's live chat code arrives late (a slow phone network): until then the visitor
  // sees the server-rendered chat, which must not open again over the page.
  const liveCode = await holdBackLiveChat(page);
  await page.goto("/sobre");
  await siteHydrated(page);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  const staticLauncher = page.getByRole("link", { name: "Abrir chat com o assistente" });
  await expect(panel).toBeHidden();
  await expect(staticLauncher).toBeVisible();
  // Its launcher still opens it before the live code has arrived.
  await staticLauncher.click();
  await liveCode.requested;
  await expect(panel).toBeVisible();

  // The live widget goes on from there: open, as the visitor left it.
  liveCode.release();
  await page.locator("[data-chat-ready]").waitFor();
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Fechar chat" }).click();
  // (A reload would keep the address's #chat, the link that asks for the chat open.)
  await openPage(page, "/sobre");
  await expect(chat.launcher).toBeVisible();
  await expect(panel).toBeHidden();
});

// Closing is often the visitor's first touch of the chat, before its live code has arrived.
test("a close made before the live code arrives is remembered for the visit too", async ({ page }) => {
  const liveCode = await holdBackLiveChat(page);
  await page.goto("/servicos");
  await siteHydrated(page);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await panel.getByRole("link", { name: "Fechar chat" }).click();
  await expect(panel).toBeHidden();
  liveCode.release();
  await page.goto("/sobre");
  await expect(
    page.getByRole("link", { name: "Abrir chat com o assistente" }).or(page.getByRole("button", { name: "Abrir chat com o assistente" })),
  ).toBeVisible();
  await expect(panel).toBeHidden();
});

// A quick suggestion is often the first tap on the chat, before its live code has arrived.
test("a message sent before the live code arrives goes to the live widget, without reloading the page", async ({ page }) => {
  const liveCode = await holdBackLiveChat(page);
  await page.goto("/");
  await siteHydrated(page);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await panel.getByRole("button", { name: "Quero um site" }).click();
  await liveCode.requested;
  liveCode.release();
  await expect(panel.getByRole("log").locator('[data-role="user"]')).toHaveText(["Você: Quero um site"]);
  await expect(panel.getByRole("log").locator('[data-role="assistant"]').last()).toHaveText("Assistente: Resposta do webhook: Quero um site");
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(page).toHaveURL(/\/$/);
});

test("if the live code fails while a message waits for it, the message is posted as without JavaScript", async ({ page }) => {
  let fail!: () => void;
  const failed = new Promise<void>((resolve) => (fail = resolve));
  await page.route(/\/assets\/chat-live-[^/]+\.js$/, async (route) => {
    await failed;
    await route.abort("failed");
  });
  await page.goto("/");
  await siteHydrated(page);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await panel.getByRole("button", { name: "Quero aumentar vendas" }).click();
  fail();
  await expect(page).toHaveURL(/\/#chat$/);
  await expect(page.getByRole("log").locator('[data-role="assistant"]').last()).toContainText("Resposta do webhook: Quero aumentar vendas");
});

test("Escape closes the panel", async ({ page }) => {
  const chat = await openPage(page);
  await chat.input.focus();
  await page.keyboard.press("Escape");
  await expect(chat.launcher).toBeVisible();
});

test("the openAIChat window event opens the chat from anywhere", async ({ page }) => {
  const chat = await openPage(page);
  await chat.panel.getByRole("button", { name: "Fechar chat" }).click();
  await expect(chat.panel).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event("openAIChat")));
  await expect(chat.panel).toBeVisible();
  await expect(chat.input).toBeFocused();
});

test("the WhatsApp button opens the sales number in a new tab", async ({ page, context }) => {
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
  const chat = await openPage(page);
  const popupPromise = page.waitForEvent("popup");
  await chat.panel.getByRole("link", { name: "Falar com vendedor no WhatsApp" }).click();
  const popup = await popupPromise;
  expect(popup.url()).toMatch(/^https:\/\/wa\.me\/5562991234567\?text=/);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test("the widget is accessible: a live log, named controls, no axe violations", async ({ page }) => {
  const chat = await openPage(page);
  await expect(chat.panel.getByRole("log")).toHaveAttribute("aria-live", "polite");
  await expect(chat.input).toHaveAccessibleName("Sua mensagem");
  const results = await new AxeBuilder({ page }).include("#chat").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
});

test("if the interactive widget cannot load, the server-rendered chat form still works", async ({ page }) => {
  await page.route(/\/assets\/chat-live-[^/]+\.js$/, (route) => route.abort("failed"));
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  await expect(panel).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  const input = panel.getByPlaceholder("Digite sua mensagem...");
  await input.fill("Olá sem o widget");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/#chat$/);
  await expect(page.getByRole("log").locator('[data-role="assistant"]').last()).toContainText("Resposta do webhook: Olá sem o widget");
});

test("what the visitor typed before the interactive widget loaded is kept, and they go on typing", async ({ page }) => {
  // The interactive widget's code arrives late (a slow phone network): the visitor is already
  // typing into the server-rendered form, after hydration and before the takeover.
  const liveCode = await holdBackLiveChat(page);
  await page.goto("/");
  await siteHydrated(page);
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  const input = panel.getByPlaceholder("Digite sua mensagem...");
  await input.pressSequentially("Quero um orç");
  await liveCode.requested;
  liveCode.release();
  await page.locator("[data-chat-ready]").waitFor();
  await expect(input).toHaveValue("Quero um orç");
  await expect(input).toBeFocused();
  await page.keyboard.type("amento");
  await expect(input).toHaveValue("Quero um orçamento");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("log").locator('[data-role="user"]')).toHaveText(["Você: Quero um orçamento"]);
  await expect(page).toHaveURL(/\/$/);
});

// The takeover comes right as the visitor starts typing (their first touch of the chat asks for
// its code): no keystroke may fall between reading the server-rendered field and replacing it.
test("every keystroke typed while the live widget takes over is kept", async ({ page }) => {
  const liveCode = await holdBackLiveChat(page);
  await page.goto("/servicos");
  await siteHydrated(page);
  await page.getByRole("region", { name: "Assistente Wind Digital" }).getByPlaceholder("Digite sua mensagem...").click();
  await liveCode.requested;
  const typing = page.keyboard.type("Quero um site para a minha loja", { delay: 15 });
  liveCode.release();
  await typing;
  await page.locator("[data-chat-ready]").waitFor();
  await expect(page.getByPlaceholder("Digite sua mensagem...")).toHaveValue("Quero um site para a minha loja");
});

// The panel (or launcher) itself moving, as when it was placed with `bottom` and the cookie notice
// then measured itself. What moves inside it is a different matter: a late web font can still
// shift the panel's bottom area by a few pixels on a busy machine.
test("on a phone's first visit the chat panel follows the cookie notice's height without a layout shift", async ({ page, context }) => {
  await context.clearCookies();
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { chatShifts: string[] }).chatShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; sources?: Array<{ node?: Node | null }> }>) {
        for (const source of entry.sources ?? []) {
          const node = source.node;
          if (node instanceof Element && node.matches("#chat, [aria-label='Abrir chat com o assistente']"))
            shifts.push(`${entry.value.toFixed(3)} ${node.outerHTML.slice(0, 60)}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const path of ["/", "/servicos", "/window-films"]) {
    await page.goto(path);
    await reachForChat(page);
    await expect(page.getByRole("region", { name: "Aviso" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { chatShifts: string[] }).chatShifts), path).toEqual([]);
  }
});

// A style change on the page's root or body restyles every element of the page (on a phone, a
// long task right as the page becomes interactive): the notice's measured height goes to the chat.
test("on a first visit, hydration leaves the page's root and body as the server sent them", async ({ page, context }) => {
  await context.clearCookies();
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as { rootChanges: string[] }).rootChanges = changes;
    new MutationObserver((records) => {
      for (const record of records)
        if (record.target === document.documentElement || record.target === document.body)
          changes.push(`${(record.target as Element).tagName} ${record.attributeName}`);
    }).observe(document, { attributes: true, subtree: true });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page);
  expect(await page.evaluate(() => (window as unknown as { rootChanges: string[] }).rootChanges)).toEqual([]);
  const bannerHeight = Math.round((await page.getByRole("region", { name: "Aviso" }).boundingBox())!.height);
  await expect(page.locator("[data-chat-dock]")).toHaveCSS("--cookie-notice-h", `${bannerHeight}px`);
});
