// Once per run, before any test file: a migrated template database that every test file copies
// (tests/helpers/vitest-setup.ts) instead of running every migration again. TEST_DATABASE=postgres
// runs the suite against a throwaway PostgreSQL cluster (the template is a database there, copied
// with CREATE DATABASE ... TEMPLATE); the default is SQLite (the template is a file, copied).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "../../scripts/lib/migrator.ts";
import { startPgCluster } from "../../scripts/lib/pg-cluster.ts";

export const TEMPLATE_DATABASE = "t_migrated_template";

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === "postgres") {
    const cluster = await startPgCluster();
    // A database with no open connection can be copied; the migrator closes its own.
    await migrate(await cluster.createDatabase(TEMPLATE_DATABASE));
    project.provide("pgClusterUrl", cluster.url);
    return () => cluster.stop();
  }
  const dir = mkdtempSync(join(tmpdir(), "vitest-template-"));
  const file = join(dir, "template.db");
  await migrate(`file:${file}`);
  // Everything in the main file (the migrator leaves the database in WAL mode, and a copy of the
  // main file alone must hold every migration).
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: `file:${file}` });
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  client.close();
  project.provide("sqliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgClusterUrl: string;
    sqliteTemplate: string;
  }
}
