// Writes one backup archive (see format.server.ts): the database first, then every stored file,
// then the manifest. Used by `npm run backup` and by the server's daily schedule.
//
// Why this order keeps a backup consistent while the site is being written to: the database copy
// is one snapshot, and stored files are never changed or removed after they are written except by
// an explicit deletion in the media library (which refuses a file still in use). So every file a
// row of the snapshot names already exists when the files are read afterwards; a file uploaded
// after the snapshot is simply an extra, unused file in the backup.
//
// Memory stays flat whatever the size of the library: each file streams from the storage (disk or
// S3) through a hash into the tar stream and the gzip stream, one file at a time, with
// backpressure; nothing is gathered.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { constants, createGzip } from "node:zlib";
import tar from "tar-stream";
import type { Bucket, StorageBackend } from "../storage/keys.server.ts";
import { snapshotDatabase, type DatabaseTarget } from "./database.server.ts";
import { BUCKETS, DATABASE_ENTRY, FORMAT, MANIFEST_ENTRY, mediaEntry, type BackupManifest, type ManifestFile, type StorageKind } from "./format.server.ts";

export interface BackupSource {
  database: DatabaseTarget;
  storage: StorageBackend;
  storageKind: StorageKind;
  /** The S3 public URL and endpoint (absolute spellings of stored files' addresses); empty on disk. */
  urlBases: string[];
  product: { name: string; version: string };
  now?: () => Date;
}

/** Streams `source` into one entry of the archive, returning the bytes' size and SHA-256. */
async function addEntry(pack: tar.Pack, name: string, size: number, mtime: Date, source: Readable): Promise<ManifestFile> {
  const hash = createHash("sha256");
  let written = 0;
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
    const fail = (error: unknown) => {
      source.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    source.on("error", fail);
    entry.on("error", fail);
    source.on("data", (chunk: Buffer) => {
      hash.update(chunk);
      written += chunk.length;
      // Backpressure: the file is read no faster than the archive is written.
      if (!entry.write(chunk)) {
        source.pause();
        entry.once("drain", () => source.resume());
      }
    });
    source.on("end", () => {
      if (written !== size) fail(new Error(`${name} changed while it was read (${written} bytes, expected ${size})`));
      else (entry as unknown as { end(): void }).end(); // a streamx stream: end() takes no callback
    });
  });
  return { path: name, size, sha256: hash.digest("hex") };
}

/**
 * Writes the archive to `out` (a stream the caller closes with the pipeline) and returns its
 * manifest. `workDir` holds the database copy while it streams (default: the system's temp folder).
 */
async function writeBackup(source: BackupSource, out: Writable, workDir = tmpdir()): Promise<BackupManifest> {
  const now = source.now ?? (() => new Date());
  const createdAt = now();
  const temp = await mkdtemp(join(workDir, "backup-"));
  const pack = tar.pack();
  // Level 1: stored media are mostly compressed already (JPEG, WebP, MP4), so a higher level buys
  // a few percent of the database's size for several times the CPU, on a machine that is serving.
  const written = pipeline(pack, createGzip({ level: constants.Z_BEST_SPEED }), out);
  written.catch(() => undefined); // awaited below; a failure also surfaces through pack
  try {
    const snapshot = await snapshotDatabase(source.database, join(temp, "database"));
    const files: ManifestFile[] = [];
    const dbInfo = await stat(snapshot.file);
    files.push(await addEntry(pack, DATABASE_ENTRY[snapshot.kind], dbInfo.size, dbInfo.mtime, createReadStream(snapshot.file)));
    await rm(snapshot.file, { force: true });

    for (const bucket of BUCKETS as readonly Bucket[]) {
      const objects = (await source.storage.list(bucket)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      for (const object of objects) {
        const body = await source.storage.get(bucket, object.key);
        // Listed a moment ago and gone now: deleted from the media library meanwhile (so no row of
        // the snapshot uses it, or the library would have refused).
        if (!body) continue;
        files.push(await addEntry(pack, mediaEntry(bucket, object.key), body.size, body.lastModified, body.stream));
      }
    }

    const manifest: BackupManifest = {
      format: FORMAT,
      product: source.product,
      createdAt: createdAt.toISOString(),
      database: {
        kind: snapshot.kind,
        migrations: snapshot.migrations,
        lastMigration: snapshot.migrations.at(-1) ?? null,
        tables: snapshot.tables,
      },
      storage: { kind: source.storageKind, urlBases: source.urlBases },
      files,
    };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_ENTRY, mtime: createdAt, mode: 0o644 }, bytes, (e) => (e ? reject(e) : resolve())),
    );
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Writes the archive to `path` through `<path>.partial`, renamed once complete: a backup that
 * fails midway never leaves a truncated file under the final name. Refuses an existing file.
 */
export async function writeBackupFile(source: BackupSource, path: string): Promise<BackupManifest> {
  const partial = `${path}.partial`;
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (exists) throw new Error(`${path} already exists; choose another name`);
  try {
    const manifest = await writeBackup(source, createWriteStream(partial, { flags: "w" }));
    await rename(partial, path);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
