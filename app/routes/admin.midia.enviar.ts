// POST /admin/midia/enviar?destino=<section>:<field>: stores one file (the multipart field
// `arquivo`, with optional `alt` and `legenda`) in the media library under the rules of that form
// field (bucket, folder, accepted types: app/lib/media/upload-targets.server.ts) and answers JSON:
// 201 {file} with the stored file, 200 {file} with `alreadyInLibrary` when the library already had
// the same bytes in that place (its file is used, no copy is kept: app/lib/media/duplicates.server.ts), or
// 4xx/503 {error} with the reason in Portuguese.
//
// With JavaScript, an admin form sends each picked file here first, by XMLHttpRequest (the one
// browser API that reports upload progress), then saves itself with the file as a library pick
// (see admin-form.tsx). The rich-text editor inserts images uploaded here. Without JavaScript the
// forms post their files with the form as before, and this route is never used.
//
// Under the admin layout: its middleware demands an admin session before this action runs, and
// the server refuses cross-site posts (CSRF) before the app, as for every admin form.
import { basename } from "node:path";
import type { Route } from "./+types/admin.midia.enviar";
import { activityScope, recordActivity } from "~/lib/activity.server";
import { describeFile } from "~/lib/media/library.server";
import { withoutCopies } from "~/lib/media/duplicates.server";
import { formatBytes, type UploadedFile } from "~/lib/media/library";
import { UNREADABLE_FORM } from "~/lib/form-data.server";
import { discard, parseUpload, tooLargeToast, UploadTooLarge, UploadUnreadable } from "~/lib/media/upload.server";
import { uploadTarget } from "~/lib/media/upload-targets.server";

function refusal(error: string, status: number): Response {
  return Response.json({ error }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return refusal("Envie o arquivo com POST.", 405);
  const [section = "", field = ""] = (new URL(request.url).searchParams.get("destino") ?? "").split(":");
  const rule = uploadTarget(section, field);
  if (!rule) return refusal("Este campo não recebe arquivos.", 400);

  let parsed;
  try {
    parsed = await parseUpload(request, { arquivo: rule });
  } catch (error) {
    if (error instanceof UploadTooLarge) return refusal(tooLargeToast().description!, 413);
    if (error instanceof UploadUnreadable) return refusal(UNREADABLE_FORM, 400);
    throw error;
  }
  const failure = parsed.refused.arquivo;
  if (failure) return refusal(failure.message, failure.status);
  const stored = parsed.stored.arquivo;
  if (!stored) return refusal("Selecione um arquivo para enviar.", 400);

  const text = (name: string) => {
    const value = parsed.form.get(name);
    return typeof value === "string" ? value : "";
  };
  const { same } = await withoutCopies({ arquivo: stored });
  if (same.arquivo) {
    // Sent again: the library's file, with the words typed now (those left empty keep its own).
    const { bucket, key, url, name } = same.arquivo;
    const words = await describeFile(bucket, key, { alt: text("alt").trim() || undefined, caption: text("legenda").trim() || undefined });
    const file: UploadedFile = { url, name, ...words, alreadyInLibrary: true };
    return Response.json({ file }, { status: 200 });
  }
  let words: { alt: string; caption: string };
  try {
    words = await describeFile(stored.bucket, stored.key, { alt: text("alt"), caption: text("legenda") });
    await recordActivity(activityScope(context, "midia"), { action: "upload", targetLabel: basename(stored.key), summary: formatBytes(stored.size) });
  } catch (error) {
    await discard(parsed.stored); // the file is not kept without its words and its log entry
    throw error;
  }
  const file: UploadedFile = { url: stored.url, name: basename(stored.key), ...words };
  return Response.json({ file }, { status: 201 });
}
