// What a backup archive holds and how its names are read back. One gzip-compressed tar file:
//   database/app.sqlite or database/app.pgdump   the database (SQLite's VACUUM INTO copy, or
//                                                pg_dump's custom format)
//   media/<bucket>/<key>                         every stored file, as the storage holds it
//   manifest.json                                last: what the archive must hold (each file's
//                                                size and SHA-256, every table's row count, the
//                                                schema's migrations, the product version, when)
// The manifest comes last because the hashes are known only once the files have streamed
// through; a restore reads the whole archive and checks it against the manifest before it writes
// anything. Every name in an archive must be one of these three shapes: anything else (a `../`
// path, a link, a folder entry) makes the archive refused, so nothing can land outside its place.
import { BUCKETS, isBucket, isSafeKey, type Bucket } from "../storage/keys.server.ts";

export const FORMAT = "wind-digital-backup/1";
export const MANIFEST_ENTRY = "manifest.json";
/** The manifest is small (a few hundred bytes per file); anything much bigger is not ours. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

export type DatabaseKind = "sqlite" | "postgresql";
export type StorageKind = "disk" | "s3";

export const DATABASE_ENTRY: Record<DatabaseKind, string> = {
  sqlite: "database/app.sqlite",
  postgresql: "database/app.pgdump",
};

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  product: { name: string; version: string };
  /** ISO 8601, UTC. */
  createdAt: string;
  database: {
    kind: DatabaseKind;
    /** The migrations applied to the database backed up, in order; the last one names its schema. */
    migrations: string[];
    lastMigration: string | null;
    /** Every table of the database (read from the database itself, so a new table is covered) and its row count. */
    tables: Record<string, number>;
  };
  storage: {
    kind: StorageKind;
    /**
     * The addresses under which rows of this backup may name stored files as absolute URLs (the S3
     * store's public URL and endpoint): a restore into another storage rewrites them to its own.
     */
    urlBases: string[];
  };
  /** The database file and every media file, in archive order. */
  files: ManifestFile[];
}

export type EntryName = { type: "manifest" } | { type: "database"; kind: DatabaseKind } | { type: "media"; bucket: Bucket; key: string };

export function mediaEntry(bucket: Bucket, key: string): string {
  return `media/${bucket}/${key}`;
}

/** What an archive entry's name means, or null when it is none of ours (a `../` path, say). */
export function parseEntryName(name: string): EntryName | null {
  if (name === MANIFEST_ENTRY) return { type: "manifest" };
  for (const kind of ["sqlite", "postgresql"] as const) if (name === DATABASE_ENTRY[kind]) return { type: "database", kind };
  const match = /^media\/([^/]+)\/(.+)$/.exec(name);
  if (match && isBucket(match[1]!) && isSafeKey(match[2]!)) return { type: "media", bucket: match[1], key: match[2]! };
  return null;
}

/** A refusal with a one-line reason, said before anything is written. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}

const isCount = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** The manifest, checked for shape; every path must be a name parseEntryName accepts. */
export function parseManifest(bytes: Buffer): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new BackupRefused("the manifest is not valid JSON");
  }
  const m = value as BackupManifest;
  if (!m || typeof m !== "object" || m.format !== FORMAT) {
    throw new BackupRefused(`not a backup of this product (format ${JSON.stringify((m as { format?: unknown })?.format ?? null)}, expected ${FORMAT})`);
  }
  const db = m.database;
  const valid =
    typeof m.createdAt === "string" &&
    db &&
    (db.kind === "sqlite" || db.kind === "postgresql") &&
    Array.isArray(db.migrations) &&
    db.migrations.every((name) => typeof name === "string") &&
    db.tables &&
    typeof db.tables === "object" &&
    Object.values(db.tables).every(isCount) &&
    m.storage &&
    (m.storage.kind === "disk" || m.storage.kind === "s3") &&
    Array.isArray(m.storage.urlBases) &&
    Array.isArray(m.files) &&
    m.files.every((f) => f && typeof f.path === "string" && isCount(f.size) && typeof f.sha256 === "string" && /^[0-9a-f]{64}$/.test(f.sha256));
  if (!valid) throw new BackupRefused("the manifest is incomplete or malformed");
  for (const file of m.files) {
    const entry = parseEntryName(file.path);
    if (!entry || entry.type === "manifest") throw new BackupRefused(`the manifest names a path outside the backup's folders: ${JSON.stringify(file.path)}`);
  }
  return m;
}

export { BUCKETS };
