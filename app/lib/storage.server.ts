// Every uploaded file goes through this module. Two backends share one interface:
// local disk under UPLOADS_DIR (default) and an S3-compatible store when S3_ENDPOINT is set.
// Stored objects are addressed as bucket + key; the database keeps their public URL.
import { randomInt } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, extname, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "./env.server.ts";

export const BUCKETS = ["portfolio-media", "blog-media"] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface StoredObject {
  bucket: Bucket;
  key: string;
  url: string;
  size: number;
}

export interface ObjectBody {
  stream: Readable;
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface StorageBackend {
  put(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<number>;
  get(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<ObjectBody | null>;
  head(bucket: Bucket, key: string): Promise<{ size: number; contentType: string; lastModified: Date } | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  publicUrl(bucket: Bucket, key: string): string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".ogg": "video/ogg",
  ".mov": "video/quicktime",
};

export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** A random numeric file name that keeps the original extension (spec §3), under an optional folder. */
export function randomKey(extension: string, folder?: string): string {
  const ext = extension.replace(/^\./, "").toLowerCase().replace(/[^a-z0-9]/g, "");
  const name = `${Date.now()}${randomInt(100000, 999999)}${ext ? `.${ext}` : ""}`;
  return folder ? `${folder.replace(/^\/+|\/+$/g, "")}/${name}` : name;
}

/** Keys are ours (random names in known folders); anything else is refused before touching a disk. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length < 300 &&
    /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/.test(key) &&
    !key.split("/").some((part) => part === "" || part === "." || part === "..")
  );
}

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

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

let backend: Promise<StorageBackend> | undefined;

async function createBackend(): Promise<StorageBackend> {
  if (!env.S3_ENDPOINT) return new LocalDiskStorage(env.UPLOADS_DIR);
  const { S3Storage } = await import("./storage-s3.server.ts");
  const s3 = new S3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  });
  await s3.ensureBuckets();
  return s3;
}

/**
 * The configured backend: an S3-compatible store when S3_ENDPOINT is set (its buckets are
 * created on first use, so call this at start-up), else local disk under UPLOADS_DIR.
 */
export function storage(): Promise<StorageBackend> {
  backend ??= createBackend().catch((error) => {
    backend = undefined; // a store that was down at start is retried on the next call
    throw error;
  });
  return backend;
}

/**
 * The origin media are served from when it is not the site itself (S3 public URL or endpoint),
 * for the Content-Security-Policy's img-src and media-src; null with local disk.
 */
export function mediaOrigin(): string | null {
  const base = env.S3_ENDPOINT ? env.S3_PUBLIC_URL || env.S3_ENDPOINT : null;
  return base ? new URL(base).origin : null;
}

/** Finds bucket and key back from a URL this module produced; null for foreign URLs. */
export function objectFromUrl(url: string | null | undefined): { bucket: Bucket; key: string } | null {
  if (!url) return null;
  const prefixes = ["/media/", env.S3_PUBLIC_URL, env.S3_ENDPOINT].flatMap((p) => (p ? [p.replace(/\/+$/, "") + "/"] : []));
  const prefix = prefixes.find((p) => url.startsWith(p));
  if (!prefix) return null;
  const [bucket, ...rest] = url.slice(prefix.length).split(/[?#]/)[0]!.split("/");
  const key = rest.join("/");
  return bucket && isBucket(bucket) && isSafeKey(key) ? { bucket, key } : null;
}

/** Deletes the stored object behind a URL we produced; foreign URLs are left alone. */
export async function deleteByUrl(url: string | null | undefined): Promise<void> {
  const object = objectFromUrl(url);
  if (object) await (await storage()).delete(object.bucket, object.key);
}

