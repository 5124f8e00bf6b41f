// What every admin action answers. A success redirects to the list with a toast; a refusal
// re-renders the form (status 400/413) with conform's reply, so errors show without JavaScript.
// When the browser sent the form by XHR (to show upload progress) the admin layout's middleware
// answers the same outcome as JSON, read from `adminReplyContext`.
import type { SubmissionResult } from "@conform-to/react";
import { createContext, data, type RouterContextProvider } from "react-router";
import { bumpContentVersion } from "./content-version.server";
import type { ToastMessage as Toast } from "~/components/ui/toaster";
import { redirectWithToast } from "./toast.server";
import { UNREADABLE_FORM } from "./form-data.server";
import "./zod-locale.server";
import { discard, parseUpload, tooLargeToast, UploadTooLarge, UploadUnreadable, type ParsedUpload, type UploadRule } from "./upload.server";

export interface AdminActionData {
  lastResult: SubmissionResult<string[]> | null;
  toast?: Toast;
}

export interface AdminReply extends Partial<AdminActionData> {
  status: number;
  redirectTo?: string;
}

export const adminReplyContext = createContext<AdminReply | null>(null);
export const XHR_HEADER = "X-Admin-Upload";

export function isXhrUpload(request: Request): boolean {
  return request.headers.get(XHR_HEADER) === "1";
}

type Context = Readonly<RouterContextProvider>;

/** After a successful write: bump the content version, then back to the list with the toast. */
export async function saved(context: Context, to: string, toast: Toast): Promise<Response> {
  await bumpContentVersion();
  (context as RouterContextProvider).set(adminReplyContext, { status: 200, redirectTo: to, toast });
  return redirectWithToast(to, toast);
}

/** The form comes back with its errors and values (and an error toast, if any). */
export function rejected(context: Context, body: AdminActionData, status = 400) {
  (context as RouterContextProvider).set(adminReplyContext, { status, ...body });
  return data(body, { status });
}

/** One URL per line (textarea without JavaScript) or one per field (list with JavaScript). */
export function urlList(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .flatMap((value) => (typeof value === "string" ? value.split(/\r?\n/) : []))
    .map((value) => value.trim())
    .filter(Boolean);
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

/**
 * Parses an admin form with its uploads (text fields without NUL characters): a body over the
 * limits answers 413, one that is not a readable form 400, with nothing stored either way.
 */
export async function readAdminForm(
  request: Request,
  context: Context,
  rules: Record<string, UploadRule>,
): Promise<ParsedUpload | Response | ReturnType<typeof rejected>> {
  try {
    return await parseUpload(request, rules);
  } catch (error) {
    if (error instanceof UploadTooLarge) return rejected(context, { lastResult: null, toast: tooLargeToast() }, 413);
    if (error instanceof UploadUnreadable) return rejected(context, { lastResult: null, toast: { type: "error", title: "Erro ao salvar", description: UNREADABLE_FORM } }, 400);
    throw error;
  }
}

export function isParsed(value: unknown): value is ParsedUpload {
  return typeof value === "object" && value !== null && "form" in value && "stored" in value;
}

/** Runs the database write; if it fails, the files stored for it are deleted (no orphans). */
export async function writeWithFiles<T>(stored: ParsedUpload["stored"], write: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    await discard(stored);
    console.error(JSON.stringify({ level: "error", msg: "admin write failed", error: String(error) }));
    return { ok: false, error };
  }
}
