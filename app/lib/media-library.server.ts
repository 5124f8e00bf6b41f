// The media library on the server: what is stored in both buckets, and the files a form picked
// from it instead of uploading new ones (accepted only when they are really in our storage).
import { basename } from "node:path";
import { BUCKETS, contentTypeFor, objectFromUrl, storage, type Bucket } from "./storage/index.server";
import { libraryField, type LibraryFile, type MediaType } from "./media-library";
import type { UploadRule } from "./upload.server";

const NOT_IN_LIBRARY = "O arquivo escolhido não está na biblioteca de mídia.";
const WRONG_IMAGE = "Escolha uma imagem da biblioteca para este campo.";
const WRONG_VIDEO = "Escolha um vídeo da biblioteca para este campo.";
const WRONG_MEDIA = "Escolha uma imagem ou um vídeo da biblioteca para este campo.";

function mediaTypeOf(key: string): MediaType | "other" {
  const type = contentTypeFor(key);
  return type.startsWith("image/") ? "image" : type.startsWith("video/") ? "video" : "other";
}

/** Every stored file of the given buckets, newest first. */
export async function listLibrary(buckets: readonly Bucket[] = BUCKETS): Promise<LibraryFile[]> {
  const backend = await storage();
  const files: LibraryFile[] = [];
  for (const bucket of buckets) {
    for (const object of await backend.list(bucket)) {
      files.push({
        id: `${bucket}/${object.key}`,
        bucket,
        key: object.key,
        url: backend.publicUrl(bucket, object.key),
        name: basename(object.key),
        size: object.size,
        date: object.lastModified.toISOString(),
        type: mediaTypeOf(object.key),
      });
    }
  }
  // Same date (S3 keeps whole seconds): keys start with the upload time, so the later name is newer.
  return files.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

/** The stored object behind a URL, when the URL is ours and the object exists. */
async function storedObject(url: string): Promise<{ bucket: Bucket; key: string; url: string } | null> {
  const object = objectFromUrl(url);
  if (!object) return null;
  const backend = await storage();
  if (!(await backend.head(object.bucket, object.key))) return null;
  return { ...object, url: backend.publicUrl(object.bucket, object.key) };
}

function acceptedBy(rule: UploadRule, type: MediaType | "other"): string | null {
  if (rule.accept === "image" || rule.accept === "logo") return type === "image" ? null : WRONG_IMAGE;
  if (rule.accept === "video") return type === "video" ? null : WRONG_VIDEO;
  return type === "other" ? WRONG_MEDIA : null;
}

/**
 * The library files a form picked for its upload fields (posted in `libraryField(field)`), for the
 * fields that got no new file. A URL that is not a file of our storage, or not of the field's
 * type, is a field error (the form answers 400).
 */
export async function libraryPicks(
  form: FormData,
  rules: Record<string, UploadRule>,
  uploaded: Record<string, unknown>,
): Promise<{ picked: Record<string, string>; errors: Record<string, string[]> }> {
  const picked: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const value = form.get(libraryField(field));
    if (typeof value !== "string" || !value.trim() || uploaded[field]) continue;
    const object = await storedObject(value.trim());
    const refusal = object ? acceptedBy(rule, mediaTypeOf(object.key)) : NOT_IN_LIBRARY;
    if (refusal) errors[field] = [refusal];
    else picked[field] = object!.url;
  }
  return { picked, errors };
}
