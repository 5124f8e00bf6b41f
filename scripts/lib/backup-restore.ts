// `npm run restore -- FILE`: puts a backup archive (app/lib/backup/format.server.ts) back into this
// installation, in an order that makes every step safe to interrupt and run again:
//   1. read the whole archive and check it against its manifest (every entry's size and SHA-256,
//      no entry missing or unlisted, every name inside its folder, the database of the kind
//      DATABASE_URL names, a schema this version knows): a bad archive is refused with one line
//      before anything is written;
//   2. refuse a non-empty installation unless --force (and say what is in it);
//   3. upload every file to the configured storage (disk or S3, whichever the backup came from);
//   4. put the database in place in one step (SQLite: a rename; PostgreSQL: pg_restore in one
//      transaction), check every table's row count against the manifest, rewrite the stored
//      files' absolute S3 addresses when the storage changed, and migrate it forward;
//   5. read every file back from the storage and check its SHA-256.
// Until step 4 the database is untouched, so a restore cut short there leaves an empty site that
// the same command restores again; one cut short after step 4 holds exactly the backup's rows,
// which step 2 recognises as an interrupted restore of the same archive.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { countRows, pgTool, run, type DatabaseTarget } from "../../app/lib/backup/database.server.ts";
import {
  BackupRefused,
  BUCKETS,
  DATABASE_ENTRY,
  MANIFEST_MAX_BYTES,
  mediaEntry,
  parseEntryName,
  parseManifest,
  type BackupManifest,
} from "../../app/lib/backup/format.server.ts";
import { contentTypeFor, LocalDiskStorage, type StorageBackend } from "../../app/lib/storage/index.server.ts";
import { migrate } from "./migrator.ts";

const root = new URL("../..", import.meta.url).pathname;
const MIGRATIONS_TABLE = "_prisma_migrations";

export interface RestoreTarget {
  database: DatabaseTarget;
  /** DATABASE_URL, for the migrator. */
  databaseUrl: string;
  storage: StorageBackend;
  /** This installation's absolute storage addresses (app/lib/backup/config.server.ts). */
  urlBases: string[];
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  migrated: string[];
  rewrittenValues: number;
  /** Files already in the storage that the backup does not hold (kept: files are deleted only from the media library). */
  keptFiles: number;
}

interface Scan {
  manifest: BackupManifest;
  databaseFile: string;
}

/** Every entry of the archive, in order, each read to its end by `onEntry` (or skipped). */
async function readArchive(file: string, onEntry: (name: string, type: string | null | undefined, body: AsyncIterable<Buffer>) => Promise<void>) {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract as unknown as Writable);
  feeding.catch(() => undefined); // its error also ends the loop below; awaited after it
  for await (const entry of extract) {
    await onEntry(entry.header.name, entry.header.type, entry as AsyncIterable<Buffer>);
    entry.resume(); // whatever onEntry left unread
  }
  await feeding;
}

async function hashOf(body: AsyncIterable<Buffer>, sink?: Writable): Promise<{ size: number; sha256: string; bytes?: Buffer }> {
  const hash = createHash("sha256");
  let size = 0;
  const kept: Buffer[] = [];
  const collect = !sink;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
    if (sink) {
      if (!sink.write(chunk)) await new Promise((resolve) => sink.once("drain", resolve));
    } else if (collect && size <= MANIFEST_MAX_BYTES) kept.push(chunk);
  }
  if (sink) await new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { size, sha256: hash.digest("hex"), bytes: collect ? Buffer.concat(kept) : undefined };
}

/** Step 1's reading: every entry hashed, the database copied to `work`, the manifest parsed. */
async function scanArchive(file: string, work: string): Promise<Scan & { seen: Map<string, { size: number; sha256: string }> }> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  let databaseFile = "";
  try {
    await readArchive(file, async (name, type, body) => {
      const parsed = parseEntryName(name);
      if (!parsed) throw new BackupRefused(`the archive holds a path outside its folders: ${JSON.stringify(name)}`);
      if (type !== "file") throw new BackupRefused(`the archive holds ${JSON.stringify(name)} as a ${type ?? "special entry"}, not a file`);
      if (seen.has(name)) throw new BackupRefused(`the archive holds ${JSON.stringify(name)} twice`);
      if (parsed.type === "manifest") {
        const read = await hashOf(body);
        if (read.size > MANIFEST_MAX_BYTES) throw new BackupRefused("the manifest is too large to be one of ours");
        manifestBytes = read.bytes!;
        seen.set(name, read);
        return;
      }
      if (parsed.type === "database") {
        databaseFile = join(work, "database");
        seen.set(name, await hashOf(body, createWriteStream(databaseFile, { flags: "wx" })));
        return;
      }
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of body) {
        hash.update(chunk);
        size += chunk.length;
      }
      seen.set(name, { size, sha256: hash.digest("hex") });
    });
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`the archive is damaged or truncated (${(error as Error).message})`);
  }
  if (!manifestBytes) throw new BackupRefused("the archive has no manifest.json (truncated, or not a backup of this product)");
  const manifest = parseManifest(manifestBytes);
  return { manifest, databaseFile, seen };
}

function migrationNames(kind: DatabaseTarget["kind"]): Set<string> {
  const dir = join(root, kind === "sqlite" ? "prisma/migrations" : "prisma/postgresql/migrations");
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "migration.sql")))
      .map((e) => e.name),
  );
}

const KIND_NAME = { sqlite: "SQLite", postgresql: "PostgreSQL" } as const;

/** Step 1's checks: the archive holds exactly what its manifest lists, and this installation can take it. */
function checkArchive(scan: Awaited<ReturnType<typeof scanArchive>>, target: RestoreTarget): BackupManifest {
  const { manifest, seen } = scan;
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const got = seen.get(file.path);
    if (!got) throw new BackupRefused(`the archive lacks ${file.path}, which its manifest lists (truncated or altered)`);
    if (got.size !== file.size || got.sha256 !== file.sha256)
      throw new BackupRefused(`${file.path} does not match its checksum in the manifest (damaged or altered)`);
  }
  for (const name of seen.keys()) {
    if (name !== "manifest.json" && !listed.has(name)) throw new BackupRefused(`the archive holds ${name}, which its manifest does not list`);
  }
  const kind = manifest.database.kind;
  if (!listed.has(DATABASE_ENTRY[kind])) throw new BackupRefused("the archive holds no database");
  if (kind !== target.database.kind) {
    throw new BackupRefused(
      `the backup holds a ${KIND_NAME[kind]} database and DATABASE_URL names ${KIND_NAME[target.database.kind]}: restore it into a ${KIND_NAME[kind]} installation (the admin's "Exportar conteúdo" moves content between the two)`,
    );
  }
  const known = migrationNames(kind);
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `the backup comes from a newer schema (migration ${unknown[0]} is unknown to this version): update the application to ${manifest.product.version} or later, then restore`,
    );
  }
  return manifest;
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Step 2: what is in the installation already, and whether it may be replaced. */
async function checkEmpty(manifest: BackupManifest, target: RestoreTarget, force: boolean): Promise<number> {
  const current = await countRows(target.database);
  const busy = Object.entries(current?.tables ?? {}).filter(([table, n]) => table !== MIGRATIONS_TABLE && n > 0);
  // A restore of this very archive that was cut short after its database went in.
  const sameRows =
    busy.length > 0 && Object.entries(current!.tables).every(([table, n]) => table === MIGRATIONS_TABLE || n === (manifest.database.tables[table] ?? 0));
  const inBackup = new Set(manifest.files.map((f) => f.path));
  const foreign: string[] = [];
  for (const bucket of BUCKETS) {
    for (const object of await target.storage.list(bucket)) if (!inBackup.has(mediaEntry(bucket, object.key))) foreign.push(mediaEntry(bucket, object.key));
  }
  if (!force && ((busy.length > 0 && !sameRows) || foreign.length > 0)) {
    const parts = [
      ...busy.slice(0, 4).map(([table, n]) => `${table}: ${plural(n, "row", "rows")}`),
      ...(busy.length > 4 ? [`${busy.length - 4} more tables with rows`] : []),
      ...(foreign.length ? [`${plural(foreign.length, "stored file", "stored files")} not in this backup`] : []),
    ];
    throw new BackupRefused(
      `the installation is not empty (${parts.join(", ")}): restore into an empty one, or add --force to replace its database (stored files not in the backup are kept)`,
    );
  }
  return foreign.length;
}

/** Step 3: every file of the archive into the storage, its bytes checked against the manifest on the way. */
async function restoreMedia(file: string, manifest: BackupManifest, target: RestoreTarget): Promise<{ files: number; bytes: number }> {
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  let files = 0;
  let bytes = 0;
  await readArchive(file, async (name, _type, body) => {
    const parsed = parseEntryName(name);
    if (parsed?.type !== "media") return;
    // A local upload streams into "<file>.part" first; one left by a restore that was killed
    // midway would make the next attempt fail, so it goes (it is never a finished file).
    if (target.storage instanceof LocalDiskStorage) await rm(join(target.storage.root, parsed.bucket, `${parsed.key}.part`), { force: true });
    const hash = createHash("sha256");
    async function* hashed() {
      for await (const chunk of body) {
        hash.update(chunk);
        yield chunk;
      }
    }
    const size = await target.storage.put(parsed.bucket, parsed.key, Readable.from(hashed()), contentTypeFor(parsed.key));
    const want = expected.get(name);
    if (!want || want.sha256 !== hash.digest("hex") || want.size !== size) throw new Error(`${name} changed in the archive while it was being restored`);
    files++;
    bytes += size;
  });
  return { files, bytes };
}

async function pgMajor(url: string): Promise<number> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Math.floor(Number((await client.query("SHOW server_version_num")).rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

async function withPgClient<T>(url: string, fn: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Step 4: the database in place, in one step. */
async function restoreDatabase(databaseFile: string, manifest: BackupManifest, target: RestoreTarget): Promise<void> {
  if (target.database.kind === "sqlite") {
    const file = target.database.file;
    await mkdir(dirname(file), { recursive: true });
    const staging = `${file}.restoring`;
    await rm(staging, { force: true });
    await copyFile(databaseFile, staging);
    // The old database's write-ahead log must not be replayed onto the restored file.
    await rm(`${file}-wal`, { force: true });
    await rm(`${file}-shm`, { force: true });
    await rename(staging, file);
    return;
  }
  const url = target.database.url;
  // Tables the dump does not hold (a newer schema's, created by a migration run on the empty
  // installation) would make the forward migration fail; pg_restore --clean drops the others.
  await withPgClient(url, async (client) => {
    const { rows } = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
    const extra = rows.map((r: { table_name: string }) => r.table_name).filter((name: string) => !(name in manifest.database.tables));
    if (extra.length) await client.query(`DROP TABLE IF EXISTS ${extra.map(quote).join(", ")} CASCADE`);
  });
  await run(pgTool("pg_restore", await pgMajor(url)), [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
    "--dbname",
    url,
    databaseFile,
  ]);
}

/**
 * Rows name stored files by address; /media/<bucket>/<key> works on every storage, but an S3
 * setup's absolute addresses do not survive a move to another store. Rewrites them to this
 * installation's address for the same bucket and key; returns how many values changed.
 */
async function rewriteUrls(manifest: BackupManifest, target: RestoreTarget): Promise<number> {
  const pairs: Array<[string, string]> = [];
  for (const base of manifest.storage.urlBases) {
    if (target.urlBases.includes(base)) continue;
    for (const bucket of BUCKETS) pairs.push([`${base}/${bucket}/`, target.storage.publicUrl(bucket, "")]);
  }
  if (pairs.length === 0) return 0;
  let changed = 0;
  if (target.database.kind === "sqlite") {
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: `file:${target.database.file}` });
    try {
      for (const table of Object.keys(manifest.database.tables)) {
        if (table === MIGRATIONS_TABLE) continue;
        const columns = (await client.execute({ sql: "SELECT name FROM pragma_table_info(?)", args: [table] })).rows.map((r) => String(r.name));
        for (const column of columns) {
          for (const [from, to] of pairs) {
            const c = quote(column);
            const result = await client.execute({
              sql: `UPDATE ${quote(table)} SET ${c} = replace(${c}, ?, ?) WHERE typeof(${c}) = 'text' AND instr(${c}, ?) > 0`,
              args: [from, to, from],
            });
            changed += result.rowsAffected;
          }
        }
      }
    } finally {
      client.close();
    }
    return changed;
  }
  await withPgClient(target.database.url, async (client) => {
    const { rows } = await client.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb') AND table_name <> $1`,
      [MIGRATIONS_TABLE],
    );
    for (const { table_name, column_name, data_type } of rows as Array<{ table_name: string; column_name: string; data_type: string }>) {
      const c = quote(column_name);
      const cast = data_type === "json" || data_type === "jsonb" ? `::${data_type}` : "";
      for (const [from, to] of pairs) {
        const result = await client.query(`UPDATE ${quote(table_name)} SET ${c} = replace(${c}::text, $1, $2)${cast} WHERE strpos(${c}::text, $1) > 0`, [
          from,
          to,
        ]);
        changed += result.rowCount ?? 0;
      }
    }
  });
  return changed;
}

/** Step 5: every file read back from the storage, its SHA-256 compared with the manifest's. */
async function verifyMedia(manifest: BackupManifest, target: RestoreTarget): Promise<void> {
  for (const file of manifest.files) {
    const parsed = parseEntryName(file.path);
    if (parsed?.type !== "media") continue;
    const body = await target.storage.get(parsed.bucket, parsed.key);
    if (!body) throw new Error(`verification failed: ${file.path} is not in the storage after the restore`);
    const { size, sha256 } = await hashOf(body.stream, undefined).then((r) => ({ size: r.size, sha256: r.sha256 }));
    if (size !== file.size || sha256 !== file.sha256) throw new Error(`verification failed: ${file.path} in the storage does not match its SHA-256`);
  }
}

export interface RestoreOptions {
  force?: boolean;
  /** One line per step, for the operator. */
  progress?: (line: string) => void;
}

export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreReport> {
  const say = options.progress ?? (() => undefined);
  if (!existsSync(file)) throw new BackupRefused(`no file at ${file}`);
  const work = await mkdtemp(join(tmpdir(), "restore-"));
  try {
    say("checking the archive against its manifest…");
    const scan = await scanArchive(file, work);
    const manifest = checkArchive(scan, target);
    const keptFiles = await checkEmpty(manifest, target, options.force ?? false);

    say(`restoring ${manifest.files.length - 1} files to the storage…`);
    const media = await restoreMedia(file, manifest, target);

    say("restoring the database…");
    await restoreDatabase(scan.databaseFile, manifest, target);
    const restored = await countRows(target.database);
    for (const [table, n] of Object.entries(manifest.database.tables)) {
      const got = restored?.tables[table];
      if (got !== n) throw new Error(`verification failed: ${table} has ${got ?? "no table"} rows, the backup ${n}`);
    }
    const rewrittenValues = await rewriteUrls(manifest, target);
    const migrated = await migrate(target.databaseUrl);

    say("reading every file back from the storage…");
    await verifyMedia(manifest, target);
    const tables = Object.keys(manifest.database.tables).length;
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    return { manifest, tables, rows, files: media.files, bytes: media.bytes, migrated, rewrittenValues, keptFiles };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
