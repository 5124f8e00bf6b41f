// Admin uploads: multipart bodies are parsed as they stream in, with the size limit enforced by
// the parser (the request is aborted as soon as a file passes it) and per kind after sniffing.
// The type comes from the file's bytes (file-type), never from its name or declared type: SVG
// and anything that is not a known image/video (an HTML page named .png, say) is refused.
// Accepted files get random names keeping their extension and go through storage().
import { Readable } from "node:stream";
import { extname } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { env } from "./env.server";
import { deleteByUrl, randomKey, storage, type Bucket, type StoredObject } from "./storage.server";
import type { ToastMessage as Toast } from "~/components/ui/toaster";

const MB = 1024 * 1024;
const TEXT_PART_BYTES = 2 * MB;

export type UploadAccept = "image" | "media" | "video";

export interface UploadRule {
  bucket: Bucket;
  folder?: string;
  accept: UploadAccept;
}

export interface UploadFailure {
  status: 400 | 413;
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

/** The whole request was refused before anything was stored (too large). */
export class UploadTooLarge extends Error {
  readonly status = 413;
}

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

export const limits = {
  imageBytes: () => env.MAX_IMAGE_MB * MB,
  videoBytes: () => env.MAX_VIDEO_MB * MB,
};

export const INVALID_FILE_MESSAGE = "Por favor, selecione uma imagem ou vídeo.";
export const INVALID_IMAGE_MESSAGE = "Por favor, selecione uma imagem.";

export function tooLargeMessage(megabytes: number): string {
  return `Arquivo muito grande. O limite é de ${megabytes} MB.`;
}

export function tooLargeToast(): Toast {
  return { type: "error", title: "Arquivo muito grande", description: `Imagens até ${env.MAX_IMAGE_MB} MB e vídeos até ${env.MAX_VIDEO_MB} MB.` };
}

function maxBytesFor(rule: UploadRule): number {
  return rule.accept === "image" ? limits.imageBytes() : limits.videoBytes();
}

function acceptedType(rule: UploadRule, mime: string | undefined): boolean {
  if (!mime) return false;
  if (rule.accept === "image") return IMAGE_TYPES.has(mime);
  if (rule.accept === "video") return VIDEO_TYPES.has(mime);
  return IMAGE_TYPES.has(mime) || VIDEO_TYPES.has(mime);
}

function extensionFor(fileName: string, mime: string, sniffedExt: string): string {
  const own = extname(fileName).slice(1).toLowerCase();
  return EXTENSIONS[mime]?.includes(own) ? own : sniffedExt;
}

async function store(rule: UploadRule, file: FileUpload): Promise<StoredObject | UploadFailure> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !acceptedType(rule, type.mime)) {
    return { status: 400, message: rule.accept === "image" ? INVALID_IMAGE_MESSAGE : INVALID_FILE_MESSAGE };
  }
  const isImage = IMAGE_TYPES.has(type.mime);
  const limit = isImage ? limits.imageBytes() : limits.videoBytes();
  if (bytes.byteLength > limit) return { status: 413, message: tooLargeMessage(limit / MB) };
  const key = randomKey(extensionFor(file.name, type.mime, type.ext), rule.folder);
  const backend = await storage();
  const size = await backend.put(rule.bucket, key, Readable.from(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), type.mime);
  return { bucket: rule.bucket, key, url: backend.publicUrl(rule.bucket, key), size };
}

/**
 * Parses an admin form. Files in fields named by `rules` are checked and stored; other files are
 * ignored. A body larger than the limits allow throws UploadTooLarge before anything is stored.
 */
export async function parseUpload(request: Request, rules: Record<string, UploadRule>): Promise<ParsedUpload> {
  const fields = Object.values(rules);
  // Text parts count too: a blog post's HTML may be long.
  const maxFileSize = Math.max(TEXT_PART_BYTES, ...fields.map(maxBytesFor));
  const maxTotalSize = fields.reduce((sum, r) => sum + maxBytesFor(r), 0) + 2 * TEXT_PART_BYTES;
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxTotalSize) throw new UploadTooLarge("request too large");

  const stored: Record<string, StoredObject> = {};
  const refused: Record<string, UploadFailure> = {};
  try {
    const form = await parseFormData(
      request,
      { maxFileSize, maxTotalSize, maxFiles: Math.max(1, fields.length) },
      async (file) => {
        const rule = rules[file.fieldName];
        if (!rule || file.size === 0 || stored[file.fieldName]) return null;
        const result = await store(rule, file);
        if ("url" in result) stored[file.fieldName] = result;
        else refused[file.fieldName] = result;
        return null;
      },
    );
    return { form, stored, refused };
  } catch (error) {
    await discard(stored);
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError || error instanceof MaxFilesExceededError) {
      throw new UploadTooLarge("file too large", { cause: error });
    }
    throw error;
  }
}

/** Deletes files stored for a write that did not happen (no orphans). */
export async function discard(stored: Record<string, StoredObject>): Promise<void> {
  await Promise.all(Object.values(stored).map((object) => deleteByUrl(object.url).catch(() => undefined)));
}
