// What the media library's picker and the server agree on (isomorphic).

/**
 * The form field that carries a file picked from the media library for the upload field `field`
 * (e.g. "cover_image" → "cover_image_biblioteca"): its URL is used when no new file is uploaded.
 */
export function libraryField(field: string): string {
  return `${field}_biblioteca`;
}

/** The two storage buckets (the server's list is in storage/keys.server.ts). */
type Bucket = "portfolio-media" | "blog-media";

export type MediaType = "image" | "video";

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
}

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
