// One Prisma client for the process. DATABASE_URL chooses the database at start-up:
// `file:` is SQLite (through libsql), `postgres://` is PostgreSQL (through pg).
import { remember } from "@epic-web/remember";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/prisma-sqlite/client.ts";
import { PrismaClient as PgClient } from "../generated/prisma-pg/client.ts";
import { isPostgresUrl, sqliteFilePath } from "./database-url.server.ts";
import { env } from "./env.server.ts";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/** Both generated clients have the same API; the SQLite one's types stand for both. */
export type Db = SqliteClient;

export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export const isPostgres = isPostgresUrl(env.DATABASE_URL);

function createClient(url: string): Db {
  if (isPostgresUrl(url)) {
    return new PgClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) }) as unknown as Db;
  }
  const file = sqliteFilePath(url);
  mkdirSync(dirname(file), { recursive: true });
  // The libsql client keeps a pool: a transaction borrows a connection of its own and later
  // queries may run on another one, so a PRAGMA run once reaches only the first connection.
  // Per-connection settings therefore come from the driver, which applies them to every
  // connection it opens: `timeout` is SQLite's busy timeout (writers wait up to 10 s for the lock
  // instead of failing), and libsql opens each connection with foreign keys enforced.
  // tests/routes/db-connections.test.ts checks both after transactions.
  return new SqliteClient({ adapter: new PrismaLibSql({ url: `file:${file}`, timeout: SQLITE_BUSY_TIMEOUT_MS }) });
}

async function prepare(client: Db) {
  // SQLite: WAL for concurrent readers (a property of the database file, so once is enough).
  if (isPostgres) return;
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
}

function connect(): { client: Db; ready: Promise<void> } {
  const client = createClient(env.DATABASE_URL);
  return { client, ready: prepare(client) };
}

// In development Vite loads this module again after an edit: one client (and its connections)
// for the process, not one more per reload. Elsewhere the module loads once.
const connection = env.NODE_ENV === "development" ? remember("db", connect) : connect();

export const db: Db = connection.client;
export const dbReady: Promise<void> = connection.ready;
