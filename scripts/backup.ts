// `npm run db:backup [-- <path>]`: a consistent copy of the SQLite database, safe while the server
// runs (VACUUM INTO reads one snapshot, so concurrent writers neither block it nor tear it).
// Default: backups/app-<UTC timestamp>.db next to the database file (./data/backups/ for the
// default DATABASE_URL). For PostgreSQL it runs pg_dump when installed, else explains how.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { env } from "../app/lib/env.server.ts";
import { isPostgresUrl, sqliteFilePath } from "./lib/migrator.ts";

const databaseUrl = env.DATABASE_URL;
const requested = process.argv[2];
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");

function fail(message: string): never {
  console.error(`db:backup: ${message}`);
  process.exit(1);
}

/** The absolute target path, its folder created; an existing file is never overwritten. */
function newFile(path: string): string {
  const target = resolve(path);
  if (existsSync(target)) fail(`${target} already exists; choose another path`);
  mkdirSync(dirname(target), { recursive: true });
  return target;
}

async function backupSqlite(): Promise<string> {
  const source = sqliteFilePath(databaseUrl);
  if (!existsSync(source)) fail(`no database at ${source}`);
  const target = newFile(requested ?? join(dirname(source), "backups", `app-${stamp}.db`));

  const db = createClient({ url: `file:${source}` });
  try {
    await db.execute("PRAGMA busy_timeout = 10000");
    await db.execute({ sql: "VACUUM INTO ?", args: [target] });
  } finally {
    db.close();
  }
  const copy = createClient({ url: `file:${target}` });
  try {
    const check = await copy.execute("PRAGMA integrity_check");
    if (String(check.rows[0]?.[0]) !== "ok") fail(`the copy at ${target} failed its integrity check`);
  } finally {
    copy.close();
  }
  return target;
}

function backupPostgres(): string {
  const target = newFile(requested ?? join("data", "backups", `app-${stamp}.dump`));
  const run = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--file", target, databaseUrl], { stdio: "inherit" });
  if (run.error || run.status !== 0) {
    fail(`pg_dump ${run.error ? "is not installed" : `exited with ${run.status}`}. Back up PostgreSQL with its own tools:
  pg_dump --format=custom --no-owner --file app.dump "$DATABASE_URL"        # a consistent snapshot, safe while serving
  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" app.dump  # restore
(install the client with: apt-get install -y postgresql-client, same major version as the server or newer)`);
  }
  return target;
}

const target = isPostgresUrl(databaseUrl) ? backupPostgres() : await backupSqlite();
console.log(`db:backup: wrote ${target} (${(statSync(target).size / 1024).toFixed(0)} KB)`);
