// What every storage backend shares: the buckets, how object keys are made and checked, the
// content type a key implies, and the interface a backend implements.
import { randomInt } from "node:crypto";
import { extname } from "node:path";
import type { Readable } from "node:stream";

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

/** One object as a listing sees it. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface StorageBackend {
  put(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<number>;
  get(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<ObjectBody | null>;
  head(bucket: Bucket, key: string): Promise<{ size: number; contentType: string; lastModified: Date } | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  publicUrl(bucket: Bucket, key: string): string;
  /** Every object in the bucket (for the media library); unfinished uploads are left out. */
  list(bucket: Bucket): Promise<ListedObject[]>;
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

/** A random numeric file name that keeps the original extension, under an optional folder. */
export function randomKey(extension: string, folder?: string): string {
  const ext = extension
    .replace(/^\./, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
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
