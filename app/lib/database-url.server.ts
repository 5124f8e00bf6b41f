// What DATABASE_URL may say and what it means, for the app's client, the env check and the
// migration and backup scripts alike: `file:<path>` is SQLite, `postgres://`/`postgresql://` is PostgreSQL.
import { resolve } from "node:path";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function isDatabaseUrl(url: string): boolean {
  return url.startsWith("file:") || isPostgresUrl(url);
}

/** The SQLite file a `file:` URL names (its ?options dropped), a relative path taken from `base`. */
export function sqliteFilePath(url: string, base = process.cwd()): string {
  return resolve(base, url.replace(/^file:/, "").replace(/\?.*$/, ""));
}
