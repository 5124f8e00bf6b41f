// What the browser tests' server (scripts/e2e-server.ts) and the browser tests agree on: where its
// database lives and which secret signs its cookies, so a test can start an admin session the
// way the app's own session module does, without typing the password.
import { join } from "node:path";

/** The shared server's address: E2E_PORT, as playwright.config.ts starts it. */
export const E2E_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 4173)}`;
export const E2E_SESSION_SECRET = "e2e-secret-0123456789abcdef";
export const E2E_ADMIN = { email: "admin@winddigital.com.br", password: "vento-laranja-janela-42" };

/** The database of the browser tests' server, in the folder playwright.config.ts chose (E2E_DIR). */
export function e2eDatabaseUrl(dir = process.env.E2E_DIR): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  if (!dir) throw new Error("E2E_DIR is not set: run the browser tests through playwright.config.ts");
  return `file:${join(dir, "e2e.db")}`;
}
