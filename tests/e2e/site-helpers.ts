// Waiting for the public site's JavaScript the way a visitor's actions would meet it.
import type { Page } from "@playwright/test";

/** The page has hydrated: links navigate on the client, and the chat listens for the visitor. */
export async function siteHydrated(page: Page) {
  // The dock itself has no size (what it holds is fixed in place): attached, not visible.
  await page.locator("[data-chat-dock][data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The visitor moves the pointer over the chat (its open panel or its launcher), which loads the
 * live widget's code, and the live widget takes over.
 */
export async function reachForChat(page: Page) {
  await siteHydrated(page);
  await page.locator("[data-chat-dock] :is(#chat, a[href='#chat'])").filter({ visible: true }).first().hover();
  await page.locator("[data-chat-ready]").waitFor();
}
