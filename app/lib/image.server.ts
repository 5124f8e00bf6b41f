// Resized, re-encoded image variants for the image route (app/routes/img.ts). Sources are
// stored objects (/media/... or their S3 public URL) and image files under public/ (/demo/...).
// Each variant is made once with sharp and kept on disk under UPLOADS_DIR/.image-cache; stored
// objects never change (random names), files under public/ are keyed by their size and mtime.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import sharp, { type SharpOptions } from "sharp";
import { env } from "./env.server.ts";
import type { ImageWidth } from "./image-url.ts";
import { objectFromUrl, storage, type Bucket } from "./storage.server.ts";

export type ImageFormat = "avif" | "webp" | "jpeg" | "png";

export const FORMAT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

const RESIZABLE = /\.(jpe?g|png|webp|avif)$/i;

export type ImageSource =
  | { kind: "object"; src: string; bucket: Bucket; key: string; fallback: ImageFormat }
  | { kind: "public"; src: string; file: string; fallback: ImageFormat };

function fallbackFormat(path: string): ImageFormat {
  return extname(path).toLowerCase() === ".png" ? "png" : "jpeg";
}

/** The best format the browser accepts: AVIF, then WebP, then the source's own kind (PNG or JPEG). */
export function negotiateFormat(accept: string | null, fallback: ImageFormat): ImageFormat {
  if (accept && /image\/avif/i.test(accept)) return "avif";
  if (accept && /image\/webp/i.test(accept)) return "webp";
  return fallback;
}

export function publicRoot(): string {
  return resolve(process.env.PUBLIC_DIR || "public");
}

/** A source the route may read, or null (foreign URLs, traversal, non-images). */
export function resolveSource(src: string): ImageSource | null {
  if (!src || src.length > 500 || !RESIZABLE.test(src)) return null;
  const object = objectFromUrl(src);
  if (object) return { kind: "object", src, ...object, fallback: fallbackFormat(object.key) };
  if (!src.startsWith("/") || src.startsWith("//") || src.startsWith("/media/")) return null;
  if (!/^(\/[a-zA-Z0-9_-][a-zA-Z0-9._-]*)+$/.test(src) || src.split("/").includes("..")) return null;
  const root = publicRoot();
  const file = resolve(root, `.${src}`);
  if (!file.startsWith(root + sep)) return null;
  return { kind: "public", src, file, fallback: fallbackFormat(file) };
}

export interface Variant {
  file: string;
  size: number;
  etag: string;
  contentType: string;
}

const cacheRoot = () => resolve(env.UPLOADS_DIR, ".image-cache");
const inFlight = new Map<string, Promise<Variant | null>>();

/** The cached variant, made now if missing; null when the source does not exist. */
export async function variantFor(source: ImageSource, width: ImageWidth, format: ImageFormat): Promise<Variant | null> {
  let version = "";
  if (source.kind === "public") {
    const info = await stat(source.file).catch(() => null);
    if (!info?.isFile()) return null;
    version = `${info.size}-${info.mtimeMs}`;
  }
  const hash = createHash("sha256").update(`${source.src}|${version}|${width}|${format}`).digest("hex");
  const file = join(cacheRoot(), hash.slice(0, 2), `${hash}.${format}`);
  const variant = (size: number): Variant => ({ file, size, etag: `"${hash.slice(0, 24)}"`, contentType: FORMAT_TYPES[format] });

  const cached = await stat(file).catch(() => null);
  if (cached) return variant(cached.size);

  let pending = inFlight.get(hash);
  if (!pending) {
    pending = makeVariant(source, width, format, file)
      .then((size) => (size === null ? null : variant(size)))
      .finally(() => inFlight.delete(hash));
    inFlight.set(hash, pending);
  }
  return pending;
}

async function openSource(source: ImageSource): Promise<Readable | Buffer | null> {
  if (source.kind === "public") return readFile(source.file).catch(() => null);
  const object = await (await storage()).get(source.bucket, source.key);
  return object?.stream ?? null;
}

async function makeVariant(source: ImageSource, width: ImageWidth, format: ImageFormat, file: string): Promise<number | null> {
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
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  try {
    await writeFile(partial, output);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return output.length;
}

export function openVariant(variant: Variant): Readable {
  return createReadStream(variant.file);
}
