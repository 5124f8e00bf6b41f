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
  const name = `${Date.now()}${randomInt(100000, 999999)}${cleanExtension(extension)}`;
  return inFolder(name, folder);
}

function cleanExtension(extension: string): string {
  const ext = extension
    .replace(/^\./, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return ext ? `.${ext}` : "";
}

function inFolder(name: string, folder?: string): string {
  return folder ? `${folder.replace(/^\/+|\/+$/g, "")}/${name}` : name;
}

/** The longest name part a key gets from an uploaded file's name (the extension and "-2" come on top). */
const NAME_CHARS = 80;

/**
 * The key an uploaded file is stored under: its own name, made safe for a URL and a disk (the
 * folders a browser may send are dropped, accents transliterated, every other character outside
 * a-z and 0-9 becomes a hyphen), with the extension its bytes allow. "Foto Equipe (1).PNG" →
 * "foto-equipe-1.png"; a name with nothing left becomes "arquivo". `copy` 2, 3... gives the name
 * of a second, third file of the same name ("foto-equipe-2.png").
 */
export function namedKey(fileName: string | undefined, extension: string, folder?: string, copy = 1): string {
  const own = (fileName ?? "").split(/[\\/]/).at(-1) ?? "";
  const stem = own.includes(".") ? own.slice(0, own.lastIndexOf(".")) : own;
  const safe =
    stem
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/ß/g, "ss")
      .replace(/[æÆ]/g, "ae")
      .replace(/[øØ]/g, "o")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, NAME_CHARS)
      .replace(/^-+|-+$/g, "") || "arquivo";
  return inFolder(`${safe}${copy > 1 ? `-${copy}` : ""}${cleanExtension(extension)}`, folder);
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
