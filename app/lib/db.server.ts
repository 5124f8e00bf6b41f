// One Prisma client for the process. DATABASE_URL chooses the database at start-up:
// `file:` is SQLite (through libsql), `postgres://` is PostgreSQL (through pg).
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/prisma-sqlite/client.ts";
import { PrismaClient as PgClient } from "../generated/prisma-pg/client.ts";
import { env } from "./env.server.ts";
import { resolve } from "node:path";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/** Both generated clients have the same API; the SQLite one's types stand for both. */
export type Db = SqliteClient;

export const isPostgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL);

function createClient(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    return new PgClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) }) as unknown as Db;
  }
  const file = resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
  mkdirSync(dirname(file), { recursive: true });
  return new SqliteClient({ adapter: new PrismaLibSql({ url: `file:${file}` }) });
}

async function prepare(client: Db) {
  // SQLite: WAL for concurrent readers and a busy timeout so writers wait instead of failing.
  if (isPostgres) return;
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await client.$queryRawUnsafe("PRAGMA busy_timeout = 10000");
  await client.$queryRawUnsafe("PRAGMA foreign_keys = ON");
}

// In development Vite reloads modules; keep one client across reloads.
const cache = (env.NODE_ENV === "development" ? globalThis : {}) as { __db?: Db; __dbReady?: Promise<void> };

export const db: Db = (cache.__db ??= createClient(env.DATABASE_URL));
export const dbReady: Promise<void> = (cache.__dbReady ??= prepare(db));
