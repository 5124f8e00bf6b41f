// Where each admin file field's uploads go and what it accepts, by admin section and field name.
// The section's own action parses its form with these rules (a file posted with the form, without
// JavaScript), and the upload route (/admin/midia/enviar) stores a file sent ahead of the save with
// the same rules, so a file lands in the same bucket and folder whichever way it came.
import type { Bucket } from "../storage/keys.server";

/** "logo": an image, or an SVG (stored as a PNG of it). */
type UploadAccept = "image" | "logo" | "media" | "video";

/** Where a file field's uploads go (bucket and folder) and which files it takes. */
export interface UploadRule {
  bucket: Bucket;
  folder?: string;
  accept: UploadAccept;
  /**
   * The column of the section's row the field's file goes to (its URL). The section's save reads it
   * from here, so a field cannot be stored in the library and never reach its row; the registry
   * test holds each one to the section's file columns (app/lib/admin/sections.ts). None for the
   * library's own fields, which fill no row.
   */
  column?: string;
}

export const UPLOAD_TARGETS = {
  portfolio: { cover_image: { bucket: "portfolio-media", accept: "media", column: "coverImage" } },
  "led-panels": { photo: { bucket: "blog-media", accept: "image", column: "photo" } },
  "window-films-portfolio": { cover_image: { bucket: "portfolio-media", accept: "media", column: "coverImage" } },
  "course-testimonials": { video_url: { bucket: "portfolio-media", folder: "course-testimonials", accept: "video", column: "videoUrl" } },
  "client-logos": { logo_file: { bucket: "portfolio-media", accept: "logo", column: "logoUrl" } },
  blog: {
    cover_image: { bucket: "blog-media", folder: "blog-covers", accept: "image", column: "coverImage" },
    social_image: { bucket: "blog-media", folder: "blog-covers", accept: "image", column: "socialImage" },
  },
  // The library's own upload form (one field per storage area), and images inserted into a post's text.
  midia: {
    arquivo_portfolio: { bucket: "portfolio-media", folder: "biblioteca", accept: "media" },
    arquivo_blog: { bucket: "blog-media", folder: "biblioteca", accept: "media" },
    imagem_conteudo: { bucket: "blog-media", folder: "biblioteca", accept: "image" },
  },
} as const satisfies Record<string, Record<string, UploadRule>>;

/** The rule of `section`'s field `field` ("portfolio", "cover_image"), or null for an unknown pair. */
export function uploadTarget(section: string, field: string): UploadRule | null {
  if (!Object.hasOwn(UPLOAD_TARGETS, section)) return null;
  const fields: Record<string, UploadRule> = UPLOAD_TARGETS[section as keyof typeof UPLOAD_TARGETS];
  return Object.hasOwn(fields, field) ? fields[field]! : null;
}
