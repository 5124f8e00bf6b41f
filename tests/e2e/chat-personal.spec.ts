// Two visitors with a conversation kept on the server (sent through the chat's form), browsing
// with JavaScript on and off: the pages are rendered for each of them with their own
// conversation, never the other's, privately (not from the shared page cache), and with
// JavaScript the page hydrates onto it without a mismatch (the live widget keeps the messages).
//
// The conversation is the layout's, the same on every page: tests/routes/personal-pages.test.ts
// checks every public page over HTTP (each visitor's own messages only, private, never the
// shared page), and public-site.spec.ts hydrates every page without an error. Here a browser
// does it on pages of each kind: home's static sections, a plain page, a list and a form.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { unique } from "./admin-helpers";
import { reachForChat } from "./site-helpers";

const pages = ["/", "/servicos", "/blog", "/contato"];

async function visitor(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "pt-BR" });
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|Minified React error/i.test(message.text())) problems.push(message.text());
  });
  return { page, problems, close: () => context.close() };
}

/**
 * The visitor's message through the chat's form (what the widget posts without JavaScript: the
 * conversation is kept on the server for the pages that follow); the cookie lands in the
 * visitor's browser, whose pages are then opened with or without JavaScript.
 */
async function say(page: Page, baseURL: string, text: string) {
  const response = await page.request.post("/api/chat", { form: { message: text, redirectTo: "/" }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

test("two visitors see only their own conversation on the pages, rendered for each", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const ana = { ...(await visitor(browser, baseURL!, javaScriptEnabled)), text: unique("Sou a Ana") };
  const bruno = { ...(await visitor(browser, baseURL!, javaScriptEnabled)), text: unique("Sou o Bruno") };
  await say(ana.page, baseURL!, ana.text);
  await say(bruno.page, baseURL!, bruno.text);

  for (const path of pages) {
    for (const [me, other] of [
      [ana, bruno],
      [bruno, ana],
    ] as const) {
      const response = await me.page.goto(path);
      expect(response!.headers()["x-cache"], `${path} is not the shared page`).toBeUndefined();
      expect(response!.headers()["cache-control"]).toBe("private, no-cache");
      // With JavaScript, the live widget takes over once the visitor reaches for the chat: it keeps the conversation.
      if (javaScriptEnabled) await reachForChat(me.page);
      const log = me.page.getByRole("log");
      await expect(log.locator('[data-role="user"]').filter({ hasText: me.text }), path).toHaveCount(1);
      await expect(log.locator('[data-role="assistant"]').filter({ hasText: `Resposta do webhook: ${me.text}` }), path).toHaveCount(1);
      await expect(log.getByText(other.text), path).toHaveCount(0);
      await expect(me.page.getByRole("button", { name: "Quero um site" }), `${path}: no suggestions once chatting`).toHaveCount(0);
    }
  }
  expect(ana.problems).toEqual([]);
  expect(bruno.problems).toEqual([]);
  await ana.close();
  await bruno.close();
});
