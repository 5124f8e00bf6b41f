// Resized, re-encoded image variants for the image route (app/routes/img.ts). Sources are
// stored objects (/media/... or their S3 public URL), image files under public/ (/demo/...) and
// images on other sites (fetched through app/lib/media/remote-image.server.ts, so pages never load another
// host's image directly). Each variant is made once with sharp and kept on disk under
// UPLOADS_DIR/.image-cache, named by what it shows: the bucket and object key, the public file
// (with its size and mtime), or the normalized remote URL, plus width and format. A local `src`
// with a query or fragment is refused: it would name the same file under endless cache names.
// The cache is bounded (MAX_CACHE_BYTES): past it, the least recently used variants are deleted.
// Variants are written like uploads on local disk (writeFileSafely: a temporary name of their own,
// renamed when complete); a disk that is full or takes no writes only stops the caching, and
// the variant made is served from memory all the same.
// The small variants served lately are also kept in memory (bounded too): a page's images are
// asked for by every new visitor, and from memory they cost no file system call.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile, rm, stat, utimes } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type SharpOptions } from "sharp";
import { env } from "../env.server.ts";
import { errorFields, log } from "../logger.server.ts";
import { isPartial, StorageWriteError, writeFileSafely } from "../storage/disk.server.ts";
import { LRUCache } from "lru-cache";
import { IMAGE_WIDTHS, type ImageWidth } from "./image-url.ts";
import { fetchRemoteImage, normalizeRemoteUrl, RemoteImageError } from "./remote-image.server.ts";
import { objectFromUrl, storage, type Bucket } from "../storage/index.server.ts";
import { looksLikeSvg, rasterizeSvg, SvgBusy, SvgRefused } from "./svg.server.ts";

export type ImageFormat = "avif" | "webp" | "jpeg" | "png";

const FORMAT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

const RESIZABLE = /\.(jpe?g|png|webp|avif)$/i;
/** What sharp may decode from another site (after sniffing); SVG goes through rasterizeSvg first. */
const REMOTE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
/** How long a variant of another site's image is reused before it is fetched again. */
export const REMOTE_MAX_AGE_S = 24 * 60 * 60;

export type ImageSource =
  | { kind: "object"; src: string; bucket: Bucket; key: string; fallback: ImageFormat }
  | { kind: "public"; src: string; file: string; fallback: ImageFormat }
  | { kind: "remote"; src: string; url: string; fallback: ImageFormat };

function fallbackFormat(path: string): ImageFormat {
  return extname(path).toLowerCase() === ".png" ? "png" : "jpeg";
}

/** The best format the browser accepts: AVIF, then WebP, then the source's own kind (PNG or JPEG). */
export function negotiateFormat(accept: string | null, fallback: ImageFormat): ImageFormat {
  if (accept && /image\/avif/i.test(accept)) return "avif";
  if (accept && /image\/webp/i.test(accept)) return "webp";
  return fallback;
}

function publicRoot(): string {
  return resolve(process.env.PUBLIC_DIR || "public");
}

/** A source the route may read, or null (traversal, non-images, local paths with a query). */
export function resolveSource(src: string): ImageSource | null {
  if (!src || src.length > 2000) return null;
  const object = objectFromUrl(src);
  if (object || src.startsWith("/")) {
    // Our own files have no query or fragment: one file, one cache name.
    if (/[?#]/.test(src) || src.length > 500 || !RESIZABLE.test(src)) return null;
    if (object) return { kind: "object", src, ...object, fallback: fallbackFormat(object.key) };
    if (src.startsWith("//") || src.startsWith("/media/")) return null;
    if (!/^(\/[a-zA-Z0-9_-][a-zA-Z0-9._-]*)+$/.test(src) || src.split("/").includes("..")) return null;
    const root = publicRoot();
    const file = resolve(root, `.${src}`);
    if (!file.startsWith(root + sep)) return null;
    return { kind: "public", src, file, fallback: fallbackFormat(file) };
  }
  const url = normalizeRemoteUrl(src);
  if (!url) return null;
  // Formats that may be transparent fall back to PNG (browsers without WebP/AVIF are rare).
  return { kind: "remote", src, url: url.href, fallback: /\.(png|svg|gif)$/i.test(url.pathname) ? "png" : "jpeg" };
}

export interface Variant {
  file: string;
  size: number;
  etag: string;
  contentType: string;
  /** The bytes, when the variant is kept in memory. */
  bytes?: Buffer;
}

/** Variants served lately, by file (its name says what it shows, so its bytes never change). */
const recentVariants = new LRUCache<string, Buffer>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (bytes) => bytes.length });
/** Larger variants are streamed from disk each time. */
const MAX_KEPT_VARIANT_BYTES = 256 * 1024;

const cacheRoot = () => resolve(env.UPLOADS_DIR, ".image-cache");
const inFlight = new Map<string, Promise<Variant | null>>();

const objectIdentity = (bucket: Bucket, key: string) => `object:${bucket}/${key}`;

/** Where the variant of what `id` names, at this width and format, is kept (a name that never changes). */
function variantFile(id: string, width: ImageWidth, format: ImageFormat): { hash: string; file: string } {
  const hash = createHash("sha256").update(`${id}|${width}|${format}`).digest("hex");
  return { hash, file: join(cacheRoot(), hash.slice(0, 2), `${hash}.${format}`) };
}

/** What a variant shows, whatever spelling of `src` asked for it. */
async function identity(source: ImageSource): Promise<string | null> {
  if (source.kind === "object") return objectIdentity(source.bucket, source.key);
  // Another site's image may change: its variants are renewed each day (older ones age out of the cache).
  if (source.kind === "remote") return `remote:${source.url}|${Math.floor(Date.now() / (REMOTE_MAX_AGE_S * 1000))}`;
  const info = await stat(source.file).catch(() => null);
  if (!info?.isFile()) return null;
  return `public:${source.file}|${info.size}-${info.mtimeMs}`;
}

/**
 * The cached variant, made now if missing; null when the source does not exist. `admit` runs
 * before a variant is made (not when it is cached or already being made) and may throw to refuse
 * the work: the image route counts misses per address there.
 */
export async function variantFor(source: ImageSource, width: ImageWidth, format: ImageFormat, admit?: () => Promise<void>): Promise<Variant | null> {
  const id = await identity(source);
  if (!id) return null;
  const { hash, file } = variantFile(id, width, format);
  const variant = (size: number): Variant => ({ file, size, etag: `"${hash.slice(0, 24)}"`, contentType: FORMAT_TYPES[format] });

  const bytes = recentVariants.get(file);
  if (bytes) return { ...variant(bytes.length), bytes };
  const cached = await stat(file).catch(() => null);
  if (cached) {
    await imageCache.touch(file, cached.mtimeMs);
    return variant(cached.size);
  }

  let pending = inFlight.get(hash);
  if (!pending) {
    await admit?.();
    pending = inFlight.get(hash);
  }
  if (!pending) {
    pending = imageJobs(() => makeVariant(source, width, format, file))
      .then((made) => (made === null ? null : { ...variant(made.size), bytes: made.bytes }))
      .finally(() => inFlight.delete(hash));
    inFlight.set(hash, pending);
  }
  return pending;
}

/**
 * Forgets every variant of a stored object, on disk and in memory: call it once the object is
 * deleted. Variants are named by bucket and key and served with immutable caching, so without this
 * a deleted photo would stay reachable through /img at every size asked for before. Their names
 * are hashes, but of a short list (the allowed widths times the formats), so each possible name is
 * computed and deleted. A variant still being made is waited for, or it would be written after.
 * The cache is this instance's (under UPLOADS_DIR), whichever backend stores the objects.
 */
export async function forgetVariants(bucket: Bucket, key: string): Promise<void> {
  const id = objectIdentity(bucket, key);
  const formats = Object.keys(FORMAT_TYPES) as ImageFormat[];
  const names = IMAGE_WIDTHS.flatMap((width) => formats.map((format) => variantFile(id, width, format)));
  await Promise.all(
    names.map(async ({ hash, file }) => {
      await inFlight.get(hash)?.catch(() => null);
      recentVariants.delete(file);
      const info = await stat(file).catch(() => null);
      if (!info) return;
      await rm(file, { force: true });
      if (imageCache.total !== null) imageCache.total -= info.size;
    }),
  );
}

/**
 * Variants made at once. Each holds a thread of libuv's pool while sharp works, and that pool
 * also reads files and compresses answers for every other request (server/index.ts sizes it):
 * image work never takes more than these threads of it.
 */
const MAX_IMAGE_JOBS = 2;
let activeJobs = 0;
const queuedJobs: Array<() => void> = [];

async function imageJobs<T>(job: () => Promise<T>): Promise<T> {
  if (activeJobs < MAX_IMAGE_JOBS) activeJobs++;
  else await new Promise<void>((resolve) => queuedJobs.push(resolve)); // a finishing job hands its place over
  try {
    return await job();
  } finally {
    const next = queuedJobs.shift();
    if (next) next();
    else activeJobs--;
  }
}

/** An image from another site that sharp may read: sniffed from its bytes, SVG rasterized first. */
async function remoteInput(url: string): Promise<Buffer> {
  const bytes = await fetchRemoteImage(url);
  const head = bytes.subarray(0, 4100);
  if (looksLikeSvg(head)) {
    try {
      return await rasterizeSvg(bytes);
    } catch (error) {
      if (error instanceof SvgRefused) throw new RemoteImageError(422, "Imagem inválida");
      if (error instanceof SvgBusy) throw new RemoteImageError(503, "Servidor ocupado: tente novamente em instantes");
      throw error;
    }
  }
  const type = await fileTypeFromBuffer(head);
  if (!type || !REMOTE_TYPES.has(type.mime)) throw new RemoteImageError(422, "O endereço não contém uma imagem");
  return bytes;
}

async function openSource(source: ImageSource): Promise<Readable | Buffer | null> {
  if (source.kind === "public") return readFile(source.file).catch(() => null);
  if (source.kind === "remote") return remoteInput(source.url);
  const object = await (await storage()).get(source.bucket, source.key);
  return object?.stream ?? null;
}

/**
 * Makes the variant and keeps it in the disk cache; null when the source does not exist. Its bytes
 * come back too when they could not be cached (a disk full or taking no writes): served from
 * memory rather than refused.
 */
async function makeVariant(source: ImageSource, width: ImageWidth, format: ImageFormat, file: string): Promise<{ size: number; bytes?: Buffer } | null> {
  const input = await openSource(source);
  if (!input) return null;
  const options: SharpOptions = { failOn: "error", limitInputPixels: 60_000_000 };
  const image = Buffer.isBuffer(input) ? sharp(input, options) : sharp(options);
  image
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .toFormat(format, format === "avif" ? { quality: 55, effort: 1 } : format === "png" ? { compressionLevel: 8 } : { quality: 78 });
  if (!Buffer.isBuffer(input)) {
    input.on("error", (error) => image.destroy(error));
    input.pipe(image);
  }
  const output = await image.toBuffer();
  try {
    await writeFileSafely(file, output);
  } catch (error) {
    if (!(error instanceof StorageWriteError)) throw error;
    log("warn", "img: variant not cached, the disk takes no writes", { status: error.status, ...errorFields(error.cause) });
    // Small ones stay in memory meanwhile, so each new visitor does not cost the work again.
    if (output.length <= MAX_KEPT_VARIANT_BYTES) recentVariants.set(file, output);
    return { size: output.length, bytes: output };
  }
  await imageCache.added(file, output.length);
  return { size: output.length };
}

/** The variant's content: its bytes (read once, then kept in memory while used) or, when large, a stream of the file. */
export async function variantBody(variant: Variant): Promise<Buffer | Readable> {
  if (variant.bytes) return variant.bytes;
  if (variant.size > MAX_KEPT_VARIANT_BYTES) return createReadStream(variant.file);
  const bytes = await readFile(variant.file);
  recentVariants.set(variant.file, bytes);
  return bytes;
}

/**
 * The disk cache's size bound. The running total is learnt by one scan of the folder, then kept
 * up to date as variants are written; a variant's mtime records its last use (refreshed at most
 * hourly, so hits cost no write), and when the total passes `maxBytes` the least recently used
 * files are deleted until it is back under 90% of it.
 */
export const imageCache = {
  maxBytes: 500 * 1024 * 1024,
  total: null as number | null,
  evicting: null as Promise<void> | null,

  async touch(file: string, mtimeMs: number): Promise<void> {
    if (Date.now() - mtimeMs < 60 * 60 * 1000) return;
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
  },

  async files(): Promise<Array<{ path: string; size: number; used: number }>> {
    const root = cacheRoot();
    const found: Array<{ path: string; size: number; used: number }> = [];
    for (const dir of await readdir(root).catch(() => [] as string[])) {
      for (const name of await readdir(join(root, dir)).catch(() => [] as string[])) {
        if (isPartial(name)) continue; // a variant being written (or left by a write cut off): not in the cache yet
        const path = join(root, dir, name);
        const info = await stat(path).catch(() => null);
        if (info?.isFile()) found.push({ path, size: info.size, used: info.mtimeMs });
      }
    }
    return found;
  },

  async added(file: string, size: number): Promise<void> {
    if (this.total === null) this.total = (await this.files()).reduce((sum, f) => sum + f.size, 0);
    else this.total += size;
    if (this.total > this.maxBytes) await (this.evicting ??= this.evict(file).finally(() => (this.evicting = null)));
  },

  async evict(keep: string): Promise<void> {
    const files = (await this.files()).sort((a, b) => a.used - b.used);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    for (const f of files) {
      if (total <= this.maxBytes * 0.9) break;
      if (f.path === keep) continue;
      await rm(f.path, { force: true });
      total -= f.size;
    }
    this.total = total;
  },
};
