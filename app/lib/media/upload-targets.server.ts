// Where each admin file field's uploads go and what it accepts, by admin section and field name.
// The section's own action parses its form with these rules (a file posted with the form, without
// JavaScript), and the upload route (/admin/midia/enviar) stores a file sent ahead of the save with
// the same rules, so a file lands in the same bucket and folder whichever way it came. A section's
// rules are read from its registry entry (app/lib/admin/sections.ts): the field, its bucket, what
// it takes and the row's column it fills are written once, there.
import { CONTENT_SECTIONS, type FileField, type FileUpload } from "../admin/sections";

/** Where a file field's uploads go (bucket and folder), which files it takes, and the row's column it fills. */
export interface UploadRule extends FileUpload {
  /**
   * The column of the section's row the field's file goes to (its URL). The section's save reads it
   * from here, so a field cannot be stored in the library and never reach its row. None for the
   * library's own fields, which fill no row.
   */
  column?: string;
}

/** The upload rules of a section's form: each file field that takes an upload, with its column. */
export function uploadRules(section: { files: Readonly<Record<string, FileField>> }): Record<string, UploadRule> {
  const rules: Record<string, UploadRule> = {};
  for (const [field, { column, upload }] of Object.entries(section.files)) if (upload) rules[field] = { ...upload, column };
  return rules;
}

/** The library's own upload form (one field per storage area), and images inserted into a post's text. */
const LIBRARY_RULES: Record<string, UploadRule> = {
  arquivo_portfolio: { bucket: "portfolio-media", folder: "biblioteca", accept: "media" },
  arquivo_blog: { bucket: "blog-media", folder: "biblioteca", accept: "media" },
  imagem_conteudo: { bucket: "blog-media", folder: "biblioteca", accept: "image" },
};

/** Every form that takes uploads, by section key ("portfolio", …, and the library's "midia"). */
export const UPLOAD_TARGETS: Readonly<Record<string, Record<string, UploadRule>>> = {
  ...Object.fromEntries(CONTENT_SECTIONS.map((section) => [section.key, uploadRules(section)] as const).filter(([, rules]) => Object.keys(rules).length > 0)),
  midia: LIBRARY_RULES,
};

/** The rule of `section`'s field `field` ("portfolio", "cover_image"), or null for an unknown pair. */
export function uploadTarget(section: string, field: string): UploadRule | null {
  if (!Object.hasOwn(UPLOAD_TARGETS, section)) return null;
  const fields = UPLOAD_TARGETS[section]!;
  return Object.hasOwn(fields, field) ? fields[field]! : null;
}
