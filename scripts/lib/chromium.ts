// Debian's Chromium, as the browser tests and the benchmark start it: no sandbox
// (root), no GPU, and none of the background connections this machine's closed network refuses.
//
// Lighthouse runs the full browser (CHROMIUM_PATH). The browser tests run Chromium's headless
// shell (Debian's chromium-headless-shell, the build Playwright itself uses for headless runs):
// it renders pages with the same engine without the full browser's own processes' work, and on
// two cores the browser suite runs in about half the time (8.5 against 15-17 minutes).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
