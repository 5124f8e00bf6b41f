// What the media library's picker and the server agree on (isomorphic).

/**
 * The form field that carries a file picked from the media library for the upload field `field`
 * (e.g. "cover_image" → "cover_image_biblioteca"): its URL is used when no new file is uploaded.
 */
export function libraryField(field: string): string {
  return `${field}_biblioteca`;
}

/**
 * The form fields that carry the alt text and caption of an image uploaded in the upload field
 * `field` ("cover_image" → "cover_image_alt", "cover_image_legenda"): kept in the library with the
 * file, whichever way it was sent (with the form, or ahead of the save with JavaScript).
 */
export function descriptionFields(field: string): { alt: string; caption: string } {
  return { alt: `${field}_alt`, caption: `${field}_legenda` };
}

/**
 * The search field of the library's files offered in a form without JavaScript (the form's own
 * "Escolher da biblioteca"); the dialog with JavaScript and the library page search with `busca`.
 */
export const LIBRARY_SEARCH_FIELD = "busca_biblioteca";

/** The two storage buckets (the server's list is in storage/keys.server.ts). */
type Bucket = "portfolio-media" | "blog-media";

export type MediaType = "image" | "video";

/** The longest alt text and caption kept (a sentence or two; a screen reader reads the whole). */
export const ALT_MAX = 300;
export const CAPTION_MAX = 500;

/** A file of the library as the page and the picker show it. */
export interface LibraryFile {
  /** "bucket/key": unique across both buckets. */
  id: string;
  bucket: Bucket;
  key: string;
  url: string;
  name: string;
  size: number;
  /** ISO date of the last write. */
  date: string;
  type: MediaType | "other";
  /** The alt text staff gave it ("" when none yet). */
  alt: string;
  /** An optional caption. */
  caption: string;
}

/** Where a file is kept, in staff's words (the storage area's technical name stays out of sight). */
export const BUCKET_LABELS: Record<Bucket, string> = { "portfolio-media": "Portfólio", "blog-media": "Blog" };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

/** What the library page's loader answers, as far as the picker dialog reads it. */
export interface LibraryListing {
  files: LibraryFile[];
  page: number;
  pages: number;
}

/** What the upload route answers for a stored file (201 {file}). */
export interface UploadedFile {
  url: string;
  name: string;
  alt: string;
  caption: string;
  /** The library already had these bytes: `url` is its file, and no copy was stored. */
  alreadyInLibrary?: boolean;
}

/** The upload route for a form's file field: `section` is the admin page's path under /admin/. */
export function uploadUrl(section: string, field: string): string {
  return `/admin/midia/enviar?destino=${encodeURIComponent(`${section}:${field}`)}`;
}

const LIST_FORMAT = new Intl.ListFormat("pt-BR", { style: "long", type: "conjunction" });

/** File names as a Portuguese list: "“a.png”", "“a.png” e “b.png”", "“a.png”, “b.png” e “c.png”"; past `max`, "... e mais N". */
export function quotedFileNames(names: string[], max = Infinity): string {
  const quoted = names.slice(0, max).map((name) => `“${name}”`);
  if (names.length > max) quoted.push(`mais ${names.length - max}`);
  return LIST_FORMAT.format(quoted);
}

/** What the upload's toast says of the files it sent: "“a.png” já está na biblioteca." */
export function inLibraryMessage(names: string[]): string {
  return `${quotedFileNames(names)} ${names.length > 1 ? "já estão" : "já está"} na biblioteca.`;
}

/** What is said of files sent again (the library had the same bytes, and uses its own file): "“a.png” já está na biblioteca: nenhuma cópia foi criada." */
export function sameFileMessage(names: string[]): string {
  return `${quotedFileNames(names)} ${names.length > 1 ? "já estão" : "já está"} na biblioteca: nenhuma cópia foi criada.`;
}
