// Where a backup reads from and restores into, from the validated configuration: the database of
// DATABASE_URL and the storage the site uses (S3 when S3_ENDPOINT is set, else UPLOADS_DIR).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isPostgresUrl, sqliteFilePath } from "../database-url.server.ts";
import { env } from "../env.server.ts";
import { storage } from "../storage/index.server.ts";
import type { DatabaseTarget } from "./database.server.ts";
import type { BackupSource } from "./create.server.ts";

/** `base` is the folder a relative SQLite path is taken from (the scripts use the repository's root). */
function databaseTarget(base = process.cwd()): DatabaseTarget {
  return isPostgresUrl(env.DATABASE_URL) ? { kind: "postgresql", url: env.DATABASE_URL } : { kind: "sqlite", file: sqliteFilePath(env.DATABASE_URL, base) };
}

/** The addresses an S3 setup gives its files (rows may hold them as absolute URLs). */
export function storageUrlBases(): string[] {
  return env.S3_ENDPOINT ? [...new Set([env.S3_PUBLIC_URL, env.S3_ENDPOINT].filter((v): v is string => !!v).map((v) => v.replace(/\/+$/, "")))] : [];
}

/** The product's name and version, from the package.json of the folder the process runs in. */
export function productInfo(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as { name?: string; version?: string };
    return { name: pkg.name ?? "agencia-site", version: pkg.version ?? "0.0.0" };
  } catch {
    return { name: "agencia-site", version: "0.0.0" };
  }
}

export async function backupSource(base?: string): Promise<BackupSource> {
  return {
    database: databaseTarget(base),
    storage: await storage(),
    storageKind: env.S3_ENDPOINT ? "s3" : "disk",
    urlBases: storageUrlBases(),
    product: productInfo(),
  };
}
