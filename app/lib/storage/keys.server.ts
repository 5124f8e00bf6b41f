// What every storage backend shares: the buckets, how object keys are made and checked, the
// content type a key implies, and the interface a backend implements.
import { randomBytes, randomInt } from "node:crypto";
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

/** The longest name part a key gets from an uploaded file's name (the token and the extension come on top). */
const NAME_CHARS = 80;

/** Lower-case RFC 4648 base32: URL-safe, and one case, so no two tokens differ only by case on a disk that ignores it. */
const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
/** 13 characters of 5 bits: 65 random bits. */
const TOKEN_CHARS = 13;

/** The random part of a stored name. */
function nameToken(): string {
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  return Array.from(randomBytes(TOKEN_CHARS), (byte) => TOKEN_ALPHABET[byte & 31]).join("");
}

/**
 * The key an uploaded file is stored under: its own name, made safe for a URL and a disk (the
 * folders a browser may send are dropped, accents transliterated, every other character outside
 * a-z and 0-9 becomes a hyphen), then a random token, then the extension its bytes allow.
 * "Foto Equipe (1).PNG" → "foto-equipe-1-k3j9x2q8m4tz7.png"; a name with nothing left becomes
 * "arquivo-<token>". The token (65 random bits) is what keeps a file private until a page shows
 * it: an address is public as soon as it is known, and readable names alone are easy to guess
 * ("lancamento-cliente-acme.png", then "capa-2.png"...) for media of drafts not yet published.
 * It also makes every name unique, so two files sent with one name never need numbering.
 */
export function namedKey(fileName: string | undefined, extension: string, folder?: string): string {
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
  return inFolder(`${safe}-${nameToken()}${cleanExtension(extension)}`, folder);
}

/**
 * Keys are ours (names made by namedKey, and the random numbers and plain names of older uploads,
 * which keep their addresses); anything else is refused before touching a disk.
 */
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
