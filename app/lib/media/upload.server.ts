// Admin uploads, parsed as the body streams in (busboy): nothing is ever held whole in memory.
// - Text fields are collected into a FormData (each capped, NUL characters stripped).
// - Each file part is peeked (its first bytes) and its type sniffed from them (file-type), never
//   taken from its name or declared type: SVG, HTML and anything that is not a known image/video
//   (an HTML page named .png, say) is refused. The one exception: a field for logos accepts SVG
//   and stores it rasterized as a PNG (app/lib/media/svg.server.ts), never as the SVG document it came as.
// - An accepted file keeps its own name, made safe, with a random token that makes it unique and
//   unguessable ("foto-equipe-k3j9x2q8m4tz7.png"; see namedKey), and streams through a byte
//   counter into storage().put; the counter fails the write as soon as the file passes its limit,
//   and the partial object is removed (413, nothing written).
// - A disk that is full or takes no writes refuses the file like a limit does, with its own status
//   and message (StorageWriteError: 507 or 503), so the form and the upload route both answer it
//   in Portuguese and keep what was typed; nothing half-written stays.
// - The whole body is counted too: past the sum of the limits the request is refused (413) and
//   every file stored for it is deleted. A broken or non-form body is refused with 400.
import { extname } from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { db } from "../db.server";
import { env } from "../env.server";
import { INVALID_SVG_MESSAGE, looksLikeSvg, rasterizeSvg, SvgBusy, SVG_BUSY_MESSAGE, SvgRefused, SVG_MAX_BYTES } from "./svg.server";
import { forgetVariants } from "./image.server";
import { namedKey, storage, StorageWriteError, type Bucket, type StorageBackend, type StoredObject } from "../storage/index.server";
import type { UploadRule } from "./upload-targets.server";
import type { Toast } from "../toast";

const MB = 1024 * 1024;
/** The largest text field (a blog post's HTML may be long). */
const TEXT_FIELD_BYTES = 2 * MB;
/** How much of a file file-type needs to recognise it. */
const SNIFF_BYTES = 4100;
const MAX_FIELDS = 500;
const MAX_FILES = 10;

export type { UploadRule } from "./upload-targets.server";

export interface UploadFailure {
  /** 400 wrong type, 413 too large, 503 busy (SVG) or storage taking no writes, 507 storage full. */
  status: 400 | 413 | 503 | 507;
  message: string;
}

export interface ParsedUpload {
  /** The text fields (files are never in here). */
  form: FormData;
  /** Files stored, by field name. */
  stored: Record<string, StoredObject>;
  /** Files refused (type or size), by field name; parsing went on with the other fields. */
  refused: Record<string, UploadFailure>;
}

/** The whole request was refused (too large): whatever had been stored for it is deleted. */
export class UploadTooLarge extends Error {
  readonly status = 413;
}

/** The body is not a readable form (wrong content type, broken multipart): the sender's fault. */
export class UploadUnreadable extends Error {
  readonly status = 400;
}

/** One file passed its limit while streaming. */
class FileTooLarge extends Error {}

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const VIDEO_TYPES = new Set(["video/mp4", "video/webm", "video/ogg", "video/quicktime"]);
/** Extensions a file may keep when its bytes say it is this type. */
const EXTENSIONS: Record<string, string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "image/avif": ["avif"],
  "video/mp4": ["mp4", "m4v"],
  "video/webm": ["webm"],
  "video/ogg": ["ogg", "ogv"],
  "video/quicktime": ["mov"],
};
/** Markup at the start of a file that claims to be media: a polyglot, refused whatever its magic bytes say. */
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed)\b/i;

const limits = {
  imageBytes: () => env.MAX_IMAGE_MB * MB,
  videoBytes: () => env.MAX_VIDEO_MB * MB,
};

export const INVALID_FILE_MESSAGE = "Por favor, selecione uma imagem ou vídeo.";
export const INVALID_IMAGE_MESSAGE = "Por favor, selecione uma imagem.";
const INVALID_VIDEO_MESSAGE = "Por favor, selecione um vídeo.";

/** What a refused file type is told, by what the field takes (a video field never speaks of images). */
function invalidTypeMessage(rule: UploadRule): string {
  return rule.accept === "video" ? INVALID_VIDEO_MESSAGE : rule.accept === "media" ? INVALID_FILE_MESSAGE : INVALID_IMAGE_MESSAGE;
}

function tooLargeMessage(megabytes: number): string {
  return `Arquivo muito grande. O limite é de ${megabytes} MB.`;
}

export function tooLargeToast(): Toast {
  return { type: "error", title: "Arquivo muito grande", description: `Imagens até ${env.MAX_IMAGE_MB} MB e vídeos até ${env.MAX_VIDEO_MB} MB.` };
}

function maxBytesFor(rule: UploadRule): number {
  return rule.accept === "image" || rule.accept === "logo" ? limits.imageBytes() : limits.videoBytes();
}

/** The most a request may carry: every file at its limit plus room for the text fields. */
function maxBodyBytes(rules: Record<string, UploadRule>): number {
  return Object.values(rules).reduce((sum, rule) => sum + maxBytesFor(rule), 0) + 2 * TEXT_FIELD_BYTES;
}

function acceptedType(rule: UploadRule, mime: string): boolean {
  if (rule.accept === "image" || rule.accept === "logo") return IMAGE_TYPES.has(mime);
  if (rule.accept === "video") return VIDEO_TYPES.has(mime);
  return IMAGE_TYPES.has(mime) || VIDEO_TYPES.has(mime);
}

function extensionFor(fileName: string | undefined, mime: string, sniffedExt: string): string {
  const own = extname(fileName ?? "")
    .slice(1)
    .toLowerCase();
  return EXTENSIONS[mime]?.includes(own) ? own : sniffedExt;
}

/** PostgreSQL refuses NUL in text; no form field needs one. (busboy names an unnamed part undefined.) */
function withoutNul(value: string | undefined): string {
  return (value ?? "").replaceAll("\u0000", "");
}

/** Passes bytes through, failing with `tooLarge()` as soon as more than `maxBytes` went by. */
class ByteLimit extends Transform {
  private seen = 0;
  private readonly maxBytes: number;
  private readonly tooLarge: () => Error;

  constructor(maxBytes: number, tooLarge: () => Error) {
    super();
    this.maxBytes = maxBytes;
    this.tooLarge = tooLarge;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) callback(this.tooLarge());
    else callback(null, chunk);
  }
}

/** Reads up to `bytes` from the start of a stream and pauses it there (the rest stays unread). */
function readHead(file: Readable, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      file.off("data", onData).off("end", onEnd).off("error", finish);
      file.pause();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= bytes) finish();
    };
    const onEnd = () => finish();
    file.on("data", onData).once("end", onEnd).once("error", finish);
  });
}

/** Lets the parser move on past a file part we do not keep (or kept already). */
function drain(file: Readable) {
  file.unpipe();
  file.resume();
}

async function sniff(head: Buffer): Promise<{ mime: string; ext: string } | null> {
  if (head.length === 0 || MARKUP.test(head.toString("latin1"))) return null;
  return (await fileTypeFromBuffer(head)) ?? null;
}

/** Checks one file part and streams it into storage; refusals are recorded, not thrown. */
async function receiveFile(rule: UploadRule, file: Readable, fileName: string | undefined): Promise<StoredObject | UploadFailure | null> {
  try {
    const head = await readHead(file, SNIFF_BYTES);
    if (head.length === 0) return null; // an empty file input
    if (rule.accept === "logo" && looksLikeSvg(head)) return await receiveSvg(rule, file, head, fileName);
    const type = await sniff(head);
    if (!type || !acceptedType(rule, type.mime)) {
      return { status: 400, message: invalidTypeMessage(rule) };
    }
    const limit = IMAGE_TYPES.has(type.mime) ? limits.imageBytes() : limits.videoBytes();
    const body = new ByteLimit(limit, () => new FileTooLarge());
    body.on("error", () => undefined); // reported by put() below, even when it fails before put() reads
    // The part ending early (the request broke off) must fail the write, not leave it waiting.
    file.once("error", (error) => body.destroy(error));
    file.once("close", () => {
      if (!file.readableEnded) body.destroy(new UploadUnreadable("file part cut short"));
    });
    body.write(head);
    if (file.readableEnded) body.end();
    else file.pipe(body);

    const backend = await storage();
    const key = await claimKey(backend, rule, fileName, extensionFor(fileName, type.mime, type.ext));
    try {
      const size = await backend.put(rule.bucket, key, body, type.mime);
      await remember(rule.bucket, key);
      return { bucket: rule.bucket, key, url: backend.publicUrl(rule.bucket, key), size };
    } catch (error) {
      await deleteStored(rule.bucket, key).catch(() => undefined); // nothing half-written stays behind
      if (error instanceof FileTooLarge) return { status: 413, message: tooLargeMessage(limit / MB) };
      if (error instanceof StorageWriteError) return { status: error.status, message: error.message };
      throw error;
    }
  } finally {
    drain(file);
  }
}

/** An SVG logo: read whole (it is small), rasterized, stored as a PNG. */
async function receiveSvg(rule: UploadRule, file: Readable, head: Buffer, fileName: string | undefined): Promise<StoredObject | UploadFailure> {
  const chunks = [head];
  let size = head.length;
  try {
    if (!file.readableEnded) {
      // Read to the end even past the limit (the parser needs the part consumed), keeping nothing more.
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= SVG_MAX_BYTES) chunks.push(chunk);
      }
    }
  } catch (error) {
    throw new UploadUnreadable("file part cut short", { cause: error });
  }
  if (size > SVG_MAX_BYTES) return { status: 413, message: tooLargeMessage(SVG_MAX_BYTES / MB) };
  let png: Buffer;
  try {
    png = await rasterizeSvg(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof SvgRefused) return { status: 400, message: INVALID_SVG_MESSAGE };
    if (error instanceof SvgBusy) return { status: 503, message: SVG_BUSY_MESSAGE };
    throw error;
  }
  const backend = await storage();
  const key = await claimKey(backend, rule, fileName, "png");
  let stored: number;
  try {
    stored = await backend.put(rule.bucket, key, Readable.from([png]), "image/png");
  } catch (error) {
    if (error instanceof StorageWriteError) return { status: error.status, message: error.message };
    throw error;
  }
  await remember(rule.bucket, key);
  return { bucket: rule.bucket, key, url: backend.publicUrl(rule.bucket, key), size: stored };
}

/** Records that a name was given (the library's row of the file, where its alt text goes later). */
async function remember(bucket: Bucket, key: string): Promise<void> {
  await db.mediaFile.upsert({ where: { bucket_key: { bucket, key } }, create: { bucket, key }, update: {} });
}

/**
 * A fresh name for a file: its own name made safe plus a random token (namedKey). A name once
 * given is never given again, even after its file was deleted (its address was served as
 * immutable for a year, so a new file under it could show the old one from a cache): with 65
 * random bits a repeat is not to be expected, and the library's records and the store are asked
 * all the same, so it can never overwrite a file.
 */
async function claimKey(backend: StorageBackend, rule: UploadRule, fileName: string | undefined, extension: string): Promise<string> {
  for (;;) {
    const key = namedKey(fileName, extension, rule.folder);
    const [used, found] = await Promise.all([db.mediaFile.count({ where: { bucket: rule.bucket, key } }), backend.head(rule.bucket, key)]);
    if (used === 0 && !found) return key;
  }
}

/**
 * Parses an admin form as it streams in. Files in fields named by `rules` are checked and stored;
 * other files are skipped. Throws UploadTooLarge (413) when the body passes what the rules allow
 * and UploadUnreadable (400) when it is not a readable form; either way nothing stays stored.
 */
export async function parseUpload(request: Request, rules: Record<string, UploadRule>): Promise<ParsedUpload> {
  const maxBytes = maxBodyBytes(rules);
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new UploadTooLarge("request too large");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      defParamCharset: "utf8",
      limits: { fieldSize: TEXT_FIELD_BYTES, fields: MAX_FIELDS, files: MAX_FILES, parts: MAX_FIELDS + MAX_FILES },
    });
  } catch (error) {
    throw new UploadUnreadable("not a form body", { cause: error });
  }

  const form = new FormData();
  const stored: Record<string, StoredObject> = {};
  const refused: Record<string, UploadFailure> = {};
  const claimed = new Set<string>(); // one file per field: the first one
  const receiving: Promise<void>[] = [];
  let refusal: Error | null = null; // the request is refused, but parsing runs to the end of the body
  let failure: unknown = null; // storage broke: a server error

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) refusal ??= new UploadTooLarge(`field ${name} too large`);
    else form.append(withoutNul(name), withoutNul(value));
  });
  parser.on("file", (name, file, info) => {
    const rule = rules[name];
    if (!rule || claimed.has(name)) return drain(file);
    claimed.add(name);
    receiving.push(
      receiveFile(rule, file, info.filename).then(
        (result) => {
          if (result && "url" in result) stored[name] = result;
          else if (result) refused[name] = result;
          else claimed.delete(name); // an empty file input: a later file for the field may still come
        },
        (error: unknown) => {
          if (error instanceof UploadUnreadable || error instanceof UploadTooLarge) refusal ??= error;
          else failure ??= error;
        },
      ),
    );
  });
  for (const event of ["fieldsLimit", "filesLimit", "partsLimit"] as const) {
    parser.on(event, () => (refusal ??= new UploadTooLarge(event)));
  }

  try {
    const body = request.body ? Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(body, new ByteLimit(maxBytes, () => new UploadTooLarge("request too large")), parser);
  } catch (error) {
    refusal ??= error instanceof UploadTooLarge ? error : new UploadUnreadable("unreadable form body", { cause: error });
  }
  await Promise.all(receiving);
  if (refusal || failure) {
    await discard(stored);
    throw refusal ?? failure;
  }
  return { form, stored, refused };
}

/** Deletes files stored for a write that did not happen (no orphans). */
export async function discard(stored: Record<string, StoredObject>): Promise<void> {
  await Promise.all(Object.values(stored).map((object) => deleteStored(object.bucket, object.key).catch(() => undefined)));
}

/**
 * Deletes a stored file and every resized copy the image route made of it. Every deletion goes
 * through here: the copies are kept apart from the file (and served with immutable caching), so
 * deleting only the file would leave a photo deleted for privacy reachable through /img.
 */
export async function deleteStored(bucket: Bucket, key: string): Promise<void> {
  await (await storage()).delete(bucket, key);
  // After the file is gone, so that no copy can be made again from it.
  await forgetVariants(bucket, key);
}
