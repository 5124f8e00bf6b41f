// What every admin action answers. A success redirects to the list with a toast; a refusal
// re-renders the form (status 400/413) with conform's reply, so errors show without JavaScript.
// With JavaScript a form's files go ahead to the upload route (admin.midia.enviar.ts) and the
// form is saved by React Router with them as library picks, so it gets these same answers.
import { data } from "react-router";
import { errorFields, log } from "../logger.server.ts";
import type { Toast } from "../toast";
import type { AdminActionData } from "./action-data";
import { descriptionFields, libraryField } from "../media/library";
import { describeFile } from "../media/library.server";
import { withoutCopies, type SameFile } from "../media/duplicates.server";
import { contentTypeFor } from "../storage/index.server";
import { redirectWithToast } from "../toast.server";
import { UNREADABLE_FORM } from "../form-data.server";
import "../zod-locale.server";
import { discard, parseUpload, tooLargeToast, UploadTooLarge, UploadUnreadable, type ParsedUpload, type UploadRule } from "../media/upload.server";

/**
 * After a successful write: back to the list with the toast. (The public pages are refreshed by
 * the admin layout's middleware after every admin write, whatever the action answered.)
 */
export async function saved(to: string, toast: Toast): Promise<Response> {
  return redirectWithToast(to, toast);
}

/** The form comes back with its errors and values (and an error toast, if any). */
export function rejected(body: AdminActionData, status = 400) {
  return data(body, { status });
}

/** The id the form posted, if any. */
export function formId(form: FormData): string | null {
  const id = form.get("id");
  return typeof id === "string" && id.length > 0 ? id : null;
}

/** conform field errors for the files that were refused. */
export function uploadErrors(refused: Record<string, { message: string }>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(refused).map(([field, failure]) => [field, [failure.message]]));
}

/** An admin form as parsed, with the uploads the library already had (`same`, by field: no copy was stored). */
export type AdminUpload = ParsedUpload & { same: Record<string, SameFile> };

/**
 * Parses an admin form with its uploads (text fields without NUL characters): a body over the
 * limits answers 413, one that is not a readable form 400, with nothing stored either way. Each
 * image stored keeps the alt text and caption the form gave it (see descriptionFields) in the
 * media library, saved or not: a refused save offers the stored file again, described. A file the
 * library already had (the same bytes in the same place) is not kept twice: the form gets the
 * library's file as its pick for that field, as if chosen from the library.
 */
export async function readAdminForm(request: Request, rules: Record<string, UploadRule>): Promise<AdminUpload | Response | ReturnType<typeof rejected>> {
  try {
    const parsed = await parseUpload(request, rules);
    const { stored, same } = await withoutCopies(parsed.stored);
    for (const [field, file] of Object.entries(same)) parsed.form.set(libraryField(field), file.url);
    const upload: AdminUpload = { ...parsed, stored, same };
    await describeUploads(upload);
    return upload;
  } catch (error) {
    if (error instanceof UploadTooLarge) return rejected({ lastResult: null, toast: tooLargeToast() }, 413);
    if (error instanceof UploadUnreadable)
      return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao salvar", description: UNREADABLE_FORM } }, 400);
    throw error;
  }
}

/**
 * The alt text and caption given with each image uploaded (none for videos); a failure keeps no
 * file. An image the library already had gets the words typed now (those left empty keep its own).
 */
async function describeUploads({ form, stored, same }: AdminUpload): Promise<void> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    for (const [field, object] of Object.entries(stored)) {
      const names = descriptionFields(field);
      const words = { alt: text(names.alt), caption: text(names.caption) };
      if (contentTypeFor(object.key).startsWith("image/") && (words.alt.trim() || words.caption.trim())) await describeFile(object.bucket, object.key, words);
    }
    for (const [field, file] of Object.entries(same)) {
      const names = descriptionFields(field);
      const typed = { alt: text(names.alt).trim() || undefined, caption: text(names.caption).trim() || undefined };
      if (contentTypeFor(file.key).startsWith("image/") && (typed.alt || typed.caption)) await describeFile(file.bucket, file.key, typed);
    }
  } catch (error) {
    await discard(stored);
    throw error;
  }
}

export function isParsed(value: unknown): value is AdminUpload {
  return typeof value === "object" && value !== null && "form" in value && "stored" in value;
}

/**
 * Logs an admin failure with its stack, the action that failed (save, delete, reorder...) and,
 * from the admin guard, the route and the admin's user id.
 */
export function logFailure(msg: string, error: unknown, action: string): void {
  log("error", msg, { action, ...errorFields(error) });
}

/**
 * The one line of a failure that tells an admin what went wrong, for the toasts that carry the
 * server's message. Prisma's own message starts with the call site and ends with the reason; the
 * database's text (a constraint, a trigger's RAISE, a missing table) is in the driver's cause.
 */
export function serverMessage(error: unknown): string {
  if (!(error instanceof Error)) return "Erro desconhecido.";
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalMessage?: unknown } } } }).meta?.driverAdapterError?.cause?.originalMessage;
  const lines = error.message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const text = typeof cause === "string" && cause ? cause.replace(/^SQLITE_[A-Z_]+: /, "") : error.name.startsWith("PrismaClient") ? lines.at(-1) : lines[0];
  return (text || "Erro desconhecido.").slice(0, 200);
}
