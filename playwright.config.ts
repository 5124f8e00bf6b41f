import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./scripts/lib/chromium.ts";
import { E2E_BASE_URL } from "./tests/helpers/e2e-env.ts";

// Browser tests against the built production server (scripts/e2e-server.ts starts it on a
// fresh, seeded database). Two projects: JavaScript on and JavaScript off.
//   *.spec.ts       run in both projects
//   *.js.spec.ts    only with JavaScript
//   *.nojs.spec.ts  only without JavaScript
const port = Number(process.env.E2E_PORT || 4173);
export const baseURL = E2E_BASE_URL;

// The server's data folder, chosen once here (the test workers inherit the variable): the sign-in
// fixture (tests/e2e/admin-helpers.ts) starts admin sessions in the server's own database.
process.env.E2E_DIR ||= mkdtempSync(join(tmpdir(), "e2e-"));

const launchOptions = { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // A test.only left in a commit would silently skip the rest of the suite on CI.
  forbidOnly: !!process.env.CI,
  // Two at once on two cores: with four, the load average reached 15 on an idle machine and the
  // suite took longer, with more tests at their time limits.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: process.env.E2E_OUTPUT || "test-results",
  // Reduced motion: a page left open with the window-films hero's video playing keeps a core busy
  // (0.9 of one, measured idle on the page), and the suite shares two cores. The site honours the
  // preference (no hero loop, a still logo strip); the tests of motion itself ask for it back.
  use: { baseURL, launchOptions, locale: "pt-BR", timezoneId: "America/Sao_Paulo", trace: "on-first-retry", reducedMotion: "reduce" },
  projects: [
    { name: "js", testIgnore: /\.nojs\.spec\.ts$/, use: { javaScriptEnabled: true } },
    { name: "nojs", testIgnore: /\.js\.spec\.ts$/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node scripts/e2e-server.ts`,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_VERBOSE ? "pipe" : "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
