// The media library on the server: what is stored in both buckets (with the alt text and caption
// staff gave each file, kept in the media_files table), and the files a form picked from it
// instead of uploading new ones (accepted only when they are really in our storage).
import { basename } from "node:path";
import { db } from "../db.server";
import { mediaRef } from "./identity.server";
import { BUCKETS, contentTypeFor, objectFromUrl, storage, type Bucket } from "../storage/index.server";
import { ALT_MAX, CAPTION_MAX, libraryField, type LibraryFile, type MediaType } from "./library";
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
  const words = new Map((await db.mediaFile.findMany({ where: { bucket: { in: [...buckets] } } })).map((row) => [`${row.bucket}/${row.key}`, row]));
  for (const bucket of buckets) {
    for (const object of await backend.list(bucket)) {
      const described = words.get(`${bucket}/${object.key}`);
      files.push({
        id: `${bucket}/${object.key}`,
        bucket,
        key: object.key,
        url: backend.publicUrl(bucket, object.key),
        name: basename(object.key),
        size: object.size,
        date: object.lastModified.toISOString(),
        type: mediaTypeOf(object.key),
        alt: described?.alt ?? "",
        caption: described?.caption ?? "",
      });
    }
  }
  // Same date (S3 keeps whole seconds): the later name first, so "foto-2.png" comes before "foto.png".
  return files.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

/** Lower case without accents: "Fotó" and "foto" are the same search. */
function folded(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The files whose name (or alt text) contains every word of `query`, accents and case aside. */
export function searchLibrary(files: LibraryFile[], query: string): LibraryFile[] {
  const words = folded(query)
    .split(/[\s_.-]+/)
    .filter(Boolean);
  if (words.length === 0) return files;
  return files.filter((file) => {
    const text = folded(`${file.name} ${file.alt}`).replace(/[_.-]+/g, " ");
    return words.every((word) => text.includes(word));
  });
}

/** Keeps a file's alt text and caption (trimmed, one line each, within their limits). */
export async function describeFile(bucket: Bucket, key: string, words: { alt?: string; caption?: string }): Promise<{ alt: string; caption: string }> {
  const clean = (text: string | undefined, max: number) => (text === undefined ? undefined : text.replace(/\s+/g, " ").trim().slice(0, max));
  const alt = clean(words.alt, ALT_MAX);
  const caption = clean(words.caption, CAPTION_MAX);
  return db.mediaFile.upsert({
    where: { bucket_key: { bucket, key } },
    select: { alt: true, caption: true },
    create: { bucket, key, alt: alt ?? "", caption: caption ?? "" },
    update: { ...(alt === undefined ? {} : { alt }), ...(caption === undefined ? {} : { caption }) },
  });
}

/**
 * The library's alt text for each of `urls` that names one of our files and has one (in any
 * spelling, see app/lib/media/identity.server.ts), keyed by the URL as given: for pages that show the image
 * where its row gives no text of its own.
 */
export async function libraryAltTexts(urls: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const refs = new Map<string, { bucket: Bucket; key: string; id: string }>();
  for (const url of urls) {
    const ref = url ? mediaRef(url) : null;
    if (url && ref) refs.set(url, ref);
  }
  const alts = new Map<string, string>();
  if (refs.size === 0) return alts;
  const rows = await db.mediaFile.findMany({
    where: { OR: [...refs.values()].map(({ bucket, key }) => ({ bucket, key })), alt: { not: "" } },
    select: { bucket: true, key: true, alt: true },
  });
  const byId = new Map(rows.map((row) => [`${row.bucket}/${row.key}`, row.alt]));
  for (const [url, ref] of refs) {
    const alt = byId.get(ref.id);
    if (alt) alts.set(url, alt);
  }
  return alts;
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
