// The database side of a backup: a consistent copy taken while the site keeps serving, and the
// table list and row counts of that very copy. Tables are read from the database itself (never
// from a list in the code), so a table added by a later migration is backed up and verified
// without anyone remembering to add it here.
//   SQLite      VACUUM INTO: one read transaction, so concurrent writers neither block it nor tear it.
//   PostgreSQL  pg_dump --format=custom inside a snapshot this module exports: the row counts are
//               read in the same snapshot the dump reads, so the manifest describes the dump exactly.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseKind } from "./format.server.ts";

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgresql"; url: string };

export interface DatabaseSnapshot {
  kind: DatabaseKind;
  file: string;
  migrations: string[];
  tables: Record<string, number>;
}

const MIGRATIONS_TABLE = "_prisma_migrations";

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

interface Query {
  all(sql: string): Promise<Array<Record<string, unknown>>>;
}

async function readTables(q: Query, tableNames: string[]): Promise<Record<string, number>> {
  const tables: Record<string, number> = {};
  for (const name of tableNames.sort()) {
    const [row] = await q.all(`SELECT count(*) AS n FROM ${quote(name)}`);
    tables[name] = Number(row?.n ?? 0);
  }
  return tables;
}

async function readMigrations(q: Query, tableNames: string[]): Promise<string[]> {
  if (!tableNames.includes(MIGRATIONS_TABLE)) return [];
  const rows = await q.all(`SELECT migration_name FROM ${MIGRATIONS_TABLE} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`);
  return rows.map((r) => String(r.migration_name));
}

async function withSqlite<T>(file: string, fn: (q: Query, exec: (sql: string, args?: unknown[]) => Promise<void>) => Promise<T>): Promise<T> {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: `file:${file}` });
  try {
    await client.execute("PRAGMA busy_timeout = 10000");
    const q: Query = { all: async (sql) => (await client.execute(sql)).rows as unknown as Array<Record<string, unknown>> };
    return await fn(q, async (sql, args = []) => void (await client.execute({ sql, args: args as never[] })));
  } finally {
    client.close();
  }
}

async function sqliteTableNames(q: Query): Promise<string[]> {
  const rows = await q.all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`);
  return rows.map((r) => String(r.name));
}

async function pgTableNames(q: Query): Promise<string[]> {
  const rows = await q.all(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
  return rows.map((r) => String(r.table_name));
}

/** Every table and its row count, or null when there is no database yet (a missing SQLite file). */
export async function countRows(target: DatabaseTarget): Promise<{ tables: Record<string, number>; migrations: string[] } | null> {
  if (target.kind === "sqlite") {
    if (!existsSync(target.file)) return null;
    return withSqlite(target.file, async (q) => {
      const names = await sqliteTableNames(q);
      return { tables: await readTables(q, names), migrations: await readMigrations(q, names) };
    });
  }
  return withPg(target.url, async (q) => {
    const names = await pgTableNames(q);
    return { tables: await readTables(q, names), migrations: await readMigrations(q, names) };
  });
}

async function withPg<T>(url: string, fn: (q: Query) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn({ all: async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>> });
  } finally {
    await client.end();
  }
}

/** A consistent copy of the database in `file` (which must not exist), with its tables counted in the same snapshot. */
export async function snapshotDatabase(target: DatabaseTarget, file: string): Promise<DatabaseSnapshot> {
  if (target.kind === "sqlite") {
    if (!existsSync(target.file)) throw new Error(`no database at ${target.file}`);
    await withSqlite(target.file, async (_, exec) => exec("VACUUM INTO ?", [file]));
    return withSqlite(file, async (q) => {
      const check = await q.all("PRAGMA integrity_check");
      if (String(Object.values(check[0] ?? {})[0]) !== "ok") throw new Error("the database copy failed its integrity check");
      const names = await sqliteTableNames(q);
      return { kind: "sqlite", file, tables: await readTables(q, names), migrations: await readMigrations(q, names) };
    });
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    // The transaction stays open while pg_dump runs: its exported snapshot lives only that long.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = String((await client.query("SELECT pg_export_snapshot() AS id")).rows[0].id);
    const q: Query = { all: async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>> };
    const names = await pgTableNames(q);
    const tables = await readTables(q, names);
    const migrations = await readMigrations(q, names);
    const major = Math.floor(Number((await client.query("SHOW server_version_num")).rows[0].server_version_num) / 10000);
    await run(pgTool("pg_dump", major), ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, "--file", file, target.url]);
    await client.query("COMMIT");
    return { kind: "postgresql", file, tables, migrations };
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL client program that can talk to a server of this major version: the one of the
 * same version where Debian installs them side by side (/usr/lib/postgresql/<major>/bin), else a
 * newer one there, else the one on PATH. pg_dump refuses a server newer than itself, and
 * pg_restore reads only dumps of its own version or older.
 */
export function pgTool(name: "pg_dump" | "pg_restore", major: number): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .map(Number)
        .filter((v) => v >= major && existsSync(join(base, String(v), "bin", name)))
        .sort((a, b) => a - b)
    : [];
  return versions.length ? join(base, String(versions[0]), "bin", name) : name;
}

/** Runs a program, rejecting with its last line of error output when it fails. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once("error", (error) => reject(new Error(`${command} could not run (${(error as Error).message}); install the PostgreSQL client`)));
    child.once("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command.split("/").at(-1)} exited with ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`));
    });
  });
}
