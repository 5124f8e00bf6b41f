// Applies committed Prisma migrations without Prisma's native engine: each pending
// migration.sql runs in order and is recorded in `_prisma_migrations` exactly as Prisma does,
// so the official CLI can take over wherever it can run. Safe to start concurrently: a lock
// (an advisory lock on PostgreSQL, an immediate transaction on SQLite) serialises instances.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isPostgresUrl, sqliteFilePath as sqliteFileFrom } from "../../app/lib/database-url.server.ts";

const root = resolve(new URL("../..", import.meta.url).pathname);

export { isPostgresUrl };

/** Relative SQLite paths are taken from the repository root, wherever the script runs from. */
export function sqliteFilePath(url: string): string {
  return sqliteFileFrom(url, root);
}

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

function migrationsIn(dir: string): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Returns the names of the migrations it applied. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  return isPostgresUrl(databaseUrl) ? migratePostgres(databaseUrl) : migrateSqlite(databaseUrl);
}

async function migrateSqlite(url: string): Promise<string[]> {
  const { createClient } = await import("@libsql/client");
  const file = sqliteFilePath(url);
  mkdirSync(dirname(file), { recursive: true });
  const db = createClient({ url: `file:${file}` });
  const applied: string[] = [];
  try {
    await db.execute("PRAGMA journal_mode = WAL");
    await db.execute("PRAGMA busy_timeout = 10000");
    await db.execute(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`);
    for (const m of migrationsIn(join(root, "prisma/migrations"))) {
      const tx = await db.transaction("write");
      try {
        const done = await tx.execute({
          sql: `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ? AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          args: [m.name],
        });
        if (done.rows.length === 0) {
          const id = randomUUID();
          const now = Date.now();
          await tx.executeMultiple(m.sql);
          await tx.execute({
            sql: `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)`,
            args: [id, m.checksum, now, m.name, now],
          });
          applied.push(m.name);
        }
        await tx.commit();
      } catch (error) {
        await tx.rollback().catch(() => {});
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
      } finally {
        tx.close();
      }
    }
  } finally {
    db.close();
  }
  return applied;
}

async function migratePostgres(url: string): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock(72707369)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`);
    const done = new Set(
      (await client.query(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)).rows.map(
        (r: { migration_name: string }) => r.migration_name,
      ),
    );
    for (const m of migrationsIn(join(root, "prisma/postgresql/migrations"))) {
      if (done.has(m.name)) continue;
      try {
        await client.query("BEGIN");
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
        applied.push(m.name);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707369)").catch(() => {});
    await client.end();
  }
  return applied;
}
