// Runs before each test file, before the app's modules load: points DATABASE_URL and
// UPLOADS_DIR at a fresh, migrated database (a copy of the template that
// tests/helpers/vitest-global-setup.ts migrated once) and an empty folder of this file's own, and
// makes an unexpected error output fail the test (tests/helpers/error-trap.ts).
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { TEMPLATE_DATABASE } from "./vitest-global-setup.ts";

const dir = mkdtempSync(join(tmpdir(), "vitest-"));
const pgClusterUrl = process.env.TEST_DATABASE === "postgres" ? inject("pgClusterUrl") : undefined;

let databaseUrl = `file:${join(dir, "test.db")}`;
if (pgClusterUrl) {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: pgClusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  await admin.end();
  databaseUrl = pgClusterUrl.replace(/\/[^/]*$/, `/${name}`);
} else {
  copyFileSync(inject("sqliteTemplate"), join(dir, "test.db"));
}

process.env.DATABASE_URL = databaseUrl;
process.env.UPLOADS_DIR = join(dir, "uploads");
process.env.SESSION_SECRET = "test-secret-0123456789";
process.env.NODE_ENV = "test";
process.env.SITE_URL = "http://localhost:3000";
// The least bcrypt cost: creating and signing in accounts would otherwise take most of the suite's
// time. The servers these tests start inherit it; a test about the real cost sets its own.
process.env.BCRYPT_COST = "4";
delete process.env.CHAT_WEBHOOK_URL;
delete process.env.S3_ENDPOINT;

// Loaded after the environment above is set: the app's modules read it when they load.
const { installErrorTrap } = await import("./error-trap.ts");
installErrorTrap();
