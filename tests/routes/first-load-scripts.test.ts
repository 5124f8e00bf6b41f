// How many scripts a public page's first visit loads, on the production build. Each one is a
// request, and on a phone's connection every request costs time before the page can respond:
// the framework, the code the layout needs, the page's own module and one chunk of the code
// three or more pages share (vite.config.ts) keep every public page at ten at most.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/platform-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const PAGES = ["/", "/sobre", "/servicos", "/portfolio", "/led-panels", "/window-films", "/curso", "/blog", "/contato", "/termos-uso", "/politica-privacidade"];

it.each(PAGES)("%s loads at most ten scripts on a first visit", async (path) => {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts).size).toBe(scripts.length);
  expect(scripts.length, scripts.join("\n")).toBeLessThanOrEqual(10);
});
