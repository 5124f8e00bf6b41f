// The local-disk backend: objects are files under UPLOADS_DIR/<bucket>/<key>, written to a
// temporary ".part" file first so a failed upload never leaves half a file under its final name.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contentTypeFor, isBucket, isSafeKey, type Bucket, type StorageBackend } from "./keys.server.ts";

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

  async put(bucket: Bucket, key: string, body: Readable): Promise<number> {
    const file = this.pathOf(bucket, key);
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.part`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: "wx" }));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await stat(file)).size;
  }

  async head(bucket: Bucket, key: string) {
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
}
