// The same file sent again is not stored again. Staff re-upload a photo they already sent (the same
// cover for a second project, the library's form twice): each time it used to become one more copy
// in the library under a new name. After an upload is stored, its bytes are compared (SHA-256) with
// the files already in the same place (bucket and folder); when one has the same bytes, the new
// copy is deleted and that file is used instead, and the form says so ("“foto.png” já está na
// biblioteca: nenhuma cópia foi criada.").
//
// Only files of the same size are hashed (reading both from storage), so an upload that matches no
// size costs one listing. Hashes are remembered by file and write time (a stored name is never
// reused, so a file's bytes never change under it).
//
// Two identical uploads at once must not both give way to the other: a file only gives way to one
// stored before it (the time the library recorded it, to the millisecond, else the storage's write
// time, which S3 keeps in whole seconds; then the smaller key), the same rule on every instance.
import { createHash } from "node:crypto";
import { basename, dirname } from "node:path";
import { pipeline } from "node:stream/promises";
import { LRUCache } from "lru-cache";
import { db } from "../db.server";
import { errorFields, log } from "../logger.server.ts";
import { storage, type Bucket, type StoredObject } from "../storage/index.server";
import { deleteStored } from "./upload.server";

/** A file of the library an upload turned out to be, used instead of the upload's copy. */
export interface SameFile {
  bucket: Bucket;
  key: string;
  url: string;
  /** Its name in the library ("foto.png"). */
  name: string;
}

/** Digests of files already read, by file and version: the least recently used forgotten first. */
const hashes = new LRUCache<string, string>({ max: 5000 });

async function hashOf(bucket: Bucket, key: string, size: number, written: Date): Promise<string | null> {
  const id = `${bucket}/${key}:${size}:${written.getTime()}`;
  const known = hashes.get(id);
  if (known) return known;
  const body = await (await storage()).get(bucket, key);
  if (!body) return null; // deleted meanwhile
  const hash = createHash("sha256");
  await pipeline(body.stream, hash);
  const digest = hash.digest("hex");
  hashes.set(id, digest);
  return digest;
}

/** The file of the same place with the same bytes as `object`, written before it; null when there is none. */
async function sameFileAs(object: StoredObject): Promise<SameFile | null> {
  const backend = await storage();
  const listed = await backend.list(object.bucket);
  const self = listed.find((item) => item.key === object.key);
  if (!self) return null;
  const folder = dirname(object.key);
  const sameSize = listed.filter((item) => item.key !== self.key && item.size === self.size && dirname(item.key) === folder);
  if (sameSize.length === 0) return null;
  const recorded = new Map(
    (
      await db.mediaFile.findMany({
        where: { bucket: object.bucket, key: { in: [self.key, ...sameSize.map((item) => item.key)] } },
        select: { key: true, createdAt: true },
      })
    ).map((row) => [row.key, row.createdAt.getTime()]),
  );
  const stored = (item: { key: string; lastModified: Date }) => recorded.get(item.key) ?? item.lastModified.getTime();
  const order = (a: { key: string; lastModified: Date }, b: { key: string; lastModified: Date }) => stored(a) - stored(b) || a.key.localeCompare(b.key);
  const candidates = sameSize.filter((item) => order(item, self) < 0).sort(order);
  if (candidates.length === 0) return null;
  const mine = await hashOf(object.bucket, self.key, self.size, self.lastModified);
  for (const candidate of candidates) {
    if (mine && (await hashOf(object.bucket, candidate.key, candidate.size, candidate.lastModified)) === mine) {
      return { bucket: object.bucket, key: candidate.key, url: backend.publicUrl(object.bucket, candidate.key), name: basename(candidate.key) };
    }
  }
  return null;
}

/**
 * Each stored upload that is a file the library already had: its copy is deleted, and the field
 * gets the library's file instead (`same`). The others stay in `stored`. A failure while comparing
 * keeps the upload as it is (a copy is better than a lost file).
 */
export async function withoutCopies(stored: Record<string, StoredObject>): Promise<{ stored: Record<string, StoredObject>; same: Record<string, SameFile> }> {
  const kept: Record<string, StoredObject> = {};
  const same: Record<string, SameFile> = {};
  for (const [field, object] of Object.entries(stored)) {
    const existing = await sameFileAs(object).catch((error: unknown) => {
      log("warn", "upload not compared with the library, kept as a new file", { key: object.key, ...errorFields(error) });
      return null;
    });
    if (!existing) {
      kept[field] = object;
      continue;
    }
    await deleteStored(object.bucket, object.key);
    same[field] = existing;
  }
  return { stored: kept, same };
}
