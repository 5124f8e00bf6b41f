// Runs before each test file, before the app's modules load: points DATABASE_URL and
// UPLOADS_DIR at a fresh, migrated database and an empty folder of this file's own, and makes an
// unexpected error output fail the test (tests/helpers/error-trap.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { migrate } from "../../scripts/lib/migrator.ts";

const dir = mkdtempSync(join(tmpdir(), "vitest-"));
const pgClusterUrl = process.env.TEST_DATABASE === "postgres" ? inject("pgClusterUrl") : undefined;

let databaseUrl = `file:${join(dir, "test.db")}`;
if (pgClusterUrl) {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: pgClusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  databaseUrl = pgClusterUrl.replace(/\/[^/]*$/, `/${name}`);
}

process.env.DATABASE_URL = databaseUrl;
process.env.UPLOADS_DIR = join(dir, "uploads");
process.env.SESSION_SECRET = "test-secret-0123456789";
process.env.NODE_ENV = "test";
process.env.SITE_URL = "http://localhost:3000";
delete process.env.CHAT_WEBHOOK_URL;
delete process.env.S3_ENDPOINT;
await migrate(databaseUrl);

// Loaded after the environment above is set: the app's modules read it when they load.
const { installErrorTrap } = await import("./error-trap.ts");
installErrorTrap();
