// The local-disk backend: objects are files under UPLOADS_DIR/<bucket>/<key>, each written under
// a temporary name of its own first (writeFileSafely), so a failed or killed upload never leaves
// half a file under its final name, nor a leftover that blocks the next write of that name.
import { createReadStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { isPartial, writeFileSafely } from "./disk.server.ts";
import { contentTypeFor, isBucket, isSafeKey, type Bucket, type ListedObject, type StorageBackend } from "./keys.server.ts";

export class LocalDiskStorage implements StorageBackend {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(bucket: Bucket, key: string): string {
    if (!isBucket(bucket) || !isSafeKey(key)) throw new Error("invalid object key");
    const full = resolve(this.root, bucket, key);
    if (!full.startsWith(resolve(this.root, bucket) + sep)) throw new Error("invalid object key");
    return full;
  }

  /** Fails with StorageWriteError (disk.server.ts) when the disk is full or takes no writes. */
  async put(bucket: Bucket, key: string, body: Readable): Promise<number> {
    return writeFileSafely(this.pathOf(bucket, key), body);
  }

  async head(bucket: Bucket, key: string) {
    // An upload still being written is no object: never served half-written.
    if (isPartial(key)) return null;
    const s = await stat(this.pathOf(bucket, key)).catch(() => null);
    return s?.isFile() ? { size: s.size, contentType: contentTypeFor(key), lastModified: s.mtime } : null;
  }

  async get(bucket: Bucket, key: string, range?: { start: number; end: number }) {
    const info = await this.head(bucket, key);
    if (!info) return null;
    const stream = createReadStream(this.pathOf(bucket, key), range ? { start: range.start, end: range.end } : {});
    return { stream, size: info.size, contentType: info.contentType, lastModified: info.lastModified };
  }

  async delete(bucket: Bucket, key: string) {
    await rm(this.pathOf(bucket, key), { force: true });
  }

  publicUrl(bucket: Bucket, key: string) {
    return `/media/${bucket}/${key}`;
  }

  async list(bucket: Bucket): Promise<ListedObject[]> {
    if (!isBucket(bucket)) throw new Error("invalid bucket");
    const root = resolve(this.root, bucket);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const objects: ListedObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      // A ".part" file is an upload still streaming (or one that broke off): not an object yet.
      const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join("/");
      if (isPartial(key) || !isSafeKey(key)) continue;
      const s = await stat(join(root, key)).catch(() => null);
      if (s?.isFile()) objects.push({ key, size: s.size, lastModified: s.mtime });
    }
    return objects;
  }
}
