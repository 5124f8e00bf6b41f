// One admin section (portfolio, LED panels, testimonials, logos, blog…): its list loader and the
// steps its action is made of. The action itself is `sectionAction` (section-action.server.ts),
// read from the section's registry entry; a simple section's save is `saveRow`, which runs these
// steps in this order, and a section whose save truly differs (the blog) runs them itself:
//
//   return guardSave(parsed, submission, failedToast, async (submission) => {
//     const draft = await startSave(parsed, submission, { model, uploads });
//     …checks of the files (a required cover), added to draft.fieldErrors; checks of the values
//       that ask the database (a slug in use) are in the schema, as zod issues…
//     const value = validValue(draft);
//     if (!value) return refuse(draft, toast);                    // 400 (413 for a file)
//     if (draft.stale) return refuse(draft, notFoundToast, 404);
//     await writeRow(draft, model, values, log);  // logs the change
//     return saved(list, toast);
//   });
//
// A database failure during a save or a delete answers 500 with the section's toast (files
// stored for a failed save are discarded), so it never reaches the error screen.
//
// Saving or deleting a row never deletes a stored file. Every stored file is a file of the media
// library (a row's own upload lands there too, and other rows may pick it), and files are deleted
// only from the library's page, which refuses while any row uses the file and marks the others
// "Não usado" so the staff can clear them.
import type { Submission } from "@conform-to/react";
import type { Toast } from "../toast";
import { objectFromUrl } from "../storage/index.server";
import { mediaListErrors } from "../forms/admin-schema";
import { urlList } from "../url-list";
import { libraryPicks, listLibrary, searchLibrary } from "../media/library.server";
import { LIBRARY_SEARCH_FIELD, sameFileMessage } from "../media/library";
import type { SameFile } from "../media/duplicates.server";
import { discard, type ParsedUpload, type UploadFailure, type UploadRule } from "../media/upload.server";
import { formId, logFailure, rejected, saved, serverMessage, uploadErrors } from "./action.server";
import { uploadFailureToast } from "../media/upload-failures";
import { describeChanges, describeUploads, recordActivity, rowLabel, type ActivityScope } from "../activity.server";

type Row = { id: string };
type FieldErrors = Record<string, string[]>;
/** conform's parse of the form (parseWithZod) with the schema's values when valid. */
type FormSubmission = Submission<unknown, string[], unknown>;
type ValueOf<S> = S extends { status: "success"; value: infer Value } ? Value : never;

/** The answer when a posted id has no row (deleted meanwhile, or never existed). */
export const NOT_FOUND = "Registro não encontrado.";

/** A list that could not be read (its load toast): the page shows it instead of the rows. */
export interface LoadError {
  title: string;
  description: string;
}

/** What a section's list page receives: every row, the one `?editar=`/`?excluir=` names, whether `?novo`. */
export interface SectionList<R> {
  items: R[];
  /** Set when the list could not be read: the page renders, empty, with the section's load toast. */
  loadError: LoadError | null;
  editing: R | null;
  deleting: R | null;
  creating: boolean;
}

/**
 * The list page's data. When the list cannot be read the page still renders, empty, with
 * `loadError` (the section's load toast, with the error's message unless the section gives its own).
 */
export async function sectionLoader<R extends Row>(
  request: Request,
  list: () => Promise<R[]>,
  onLoadError: { title: string; description?: string },
): Promise<SectionList<R>> {
  const params = new URL(request.url).searchParams;
  let items: R[] = [];
  let loadError: LoadError | null = null;
  try {
    items = await list();
  } catch (error) {
    logFailure(onLoadError.title, error, "load");
    loadError = { title: onLoadError.title, description: onLoadError.description ?? serverMessage(error) };
  }
  return {
    items,
    loadError,
    editing: items.find((item) => item.id === params.get("editar")) ?? null,
    deleting: items.find((item) => item.id === params.get("excluir")) ?? null,
    creating: params.has("novo"),
  };
}

/** The Prisma delegate of a section (db.portfolioItem, db.ledPanel…), as far as the steps use it. */
interface RowTable<R extends Row, Data> {
  findUnique(args: { where: { id: string } }): PromiseLike<R | null>;
  delete(args: { where: { id: string } }): PromiseLike<unknown>;
  create(args: { data: Data }): PromiseLike<unknown>;
  update(args: { where: { id: string }; data: Data }): PromiseLike<unknown>;
}

/** Upload field → the row's column that keeps the URL of its file. */
type FileColumns<R> = Record<string, keyof R & string>;

/** Whether the form asks to delete its row. */
export function isDelete(form: FormData): boolean {
  return form.get("intent") === "delete";
}

/**
 * Deletes the row the form names (its files stay in the media library).
 * No such row: 404 with `failed(NOT_FOUND)`; a database failure: 500 with `failed(reason)`.
 */
export async function deleteRow<R extends Row>(
  form: FormData,
  section: {
    model: Pick<RowTable<R, never>, "findUnique" | "delete">;
    list: string;
    deleted: Toast;
    failed: (message: string) => Toast;
    log: ActivityScope;
  },
) {
  try {
    const id = formId(form);
    const row = id ? await section.model.findUnique({ where: { id } }) : null;
    if (!row) return rejected({ lastResult: null, toast: section.failed(NOT_FOUND) }, 404);
    await section.model.delete({ where: { id: row.id } });
    await recordActivity(section.log, { action: "delete", targetId: row.id, targetLabel: rowLabel(section.log, row) });
    return saved(section.list, section.deleted);
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("admin delete failed", error, "delete");
    return rejected({ lastResult: null, toast: section.failed(serverMessage(error)) }, 500);
  }
}

/**
 * Runs a save's steps. A database failure (unreachable, locked, a constraint) ends in the
 * section's save toast with the form as it was posted, never on the error screen; nothing was
 * written, so the files stored for this request go too.
 */
export async function guardSave<S extends FormSubmission>(
  parsed: ParsedUpload,
  submission: S | Promise<S>,
  failed: (message: string) => Toast,
  steps: (submission: S) => Promise<Response | ReturnType<typeof rejected>>,
) {
  // A schema with a check of the database's (withServerCheck) is parsed asynchronously, and its
  // query may fail like any other step.
  let parsedSubmission: S | null = null;
  try {
    parsedSubmission = await submission;
    return await steps(parsedSubmission);
  } catch (error) {
    if (error instanceof Response) throw error;
    await discard(parsed.stored);
    logFailure("admin save failed", error, "save");
    const lastResult = parsedSubmission?.reply() ?? { initialValue: postedValues(parsed.form), error: {} };
    return rejected({ lastResult, toast: failed(serverMessage(error)) }, 500);
  }
}

/** The form's values as posted (lists kept whole), for a form sent back without a parse. */
function postedValues(form: FormData): Record<string, string | string[]> {
  const payload: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "intent") continue;
    const before = payload[name];
    payload[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return payload;
}

/** A save in progress: what was posted, the row it edits, its files, and the errors found so far. */
export interface Draft<R, S extends FormSubmission> {
  submission: S;
  id: string | null;
  form: FormData;
  /** The row the form edits (null when creating, or when the id is stale). */
  existing: R | null;
  /** An id was posted but no row has it. */
  stale: boolean;
  files: FileColumns<R>;
  /** Files stored by this request (discarded if the save does not happen). */
  stored: ParsedUpload["stored"];
  /** Files sent again that the library already had (no copy stored; the field took the library's file). */
  same: Record<string, SameFile>;
  /** Per upload field: the URL of the file stored by this request, or picked from the media library. */
  uploaded: Record<string, string>;
  /** Per upload field: the new file, else the row's current one, else null. */
  fileUrl: Record<string, string | null>;
  /** Files refused by the upload rules (too large, wrong type). */
  refused: Record<string, UploadFailure>;
  /** Refused files that stop the save (all of them, unless the section keeps the previous file). */
  blocking: Record<string, UploadFailure>;
  /** Errors beyond the schema's and the refused files': library picks, required files, the section's checks. */
  fieldErrors: FieldErrors;
}

/** The first step of a save: finds the row the form edits and works out each upload field's file. */
export async function startSave<R extends Row, S extends FormSubmission>(
  { form, stored, refused, same = {} }: ParsedUpload & { same?: Record<string, SameFile> },
  submission: S,
  section: { model: Pick<RowTable<R, never>, "findUnique">; uploads?: Record<string, UploadRule> },
): Promise<Draft<R, S>> {
  const id = formId(form);
  const existing = id ? await section.model.findUnique({ where: { id } }) : null;
  // Each upload field's column, from the section's upload rules (app/lib/media/upload-targets.server.ts).
  const files: FileColumns<R> = {};
  for (const [field, rule] of Object.entries(section.uploads ?? {})) if (rule.column) files[field] = rule.column as keyof R & string;
  const uploaded = Object.fromEntries(Object.entries(stored).map(([field, object]) => [field, object.url]));
  // A file picked from the media library is the field's new file too (never discarded: it is not `stored`).
  const library = await libraryPicks(form, section.uploads ?? {}, uploaded);
  Object.assign(uploaded, library.picked);
  const fileUrl = Object.fromEntries(
    Object.entries(files).map(([field, column]) => [field, uploaded[field] ?? (existing?.[column] as string | null | undefined) ?? null]),
  );
  return {
    submission,
    id,
    form,
    existing,
    stale: Boolean(id && !existing),
    files,
    stored,
    same,
    uploaded,
    fileUrl,
    refused,
    blocking: { ...refused },
    fieldErrors: library.errors,
  };
}

/**
 * The row must end up with a file in `field` (unless its upload or its library pick was refused,
 * whose message says why and stays).
 */
export function requireFile<R, S extends FormSubmission>(draft: Draft<R, S>, field: string, message: string) {
  if (!draft.fileUrl[field] && !draft.refused[field] && !draft.fieldErrors[field]) draft.fieldErrors[field] = [message];
}

/** A refused file in `field` does not stop the save: the row keeps its previous file. */
export function keepPreviousFile<R, S extends FormSubmission>(draft: Draft<R, S>, field: string) {
  delete draft.blocking[field];
}

/**
 * A project's image and video lists (the form's `images` and `videos` fields), each URL checked
 * like every media URL an admin saves; an error goes to the draft.
 */
export function checkMediaLists<R, S extends FormSubmission>(draft: Draft<R, S>): void {
  const { images, videos } = mediaLists(draft.form);
  const ownMedia = (url: string) => objectFromUrl(url) !== null;
  Object.assign(draft.fieldErrors, mediaListErrors({ images: { urls: images, kind: "image" }, videos: { urls: videos, kind: "video" } }, ownMedia));
}

/** A project's image and video lists as the form posted them (trimmed, blanks left out). */
export function mediaLists(form: FormData): { images: string[]; videos: string[] } {
  return { images: urlList(form.getAll("images")), videos: urlList(form.getAll("videos")) };
}

/** The refused file that stops the save, if any (its message and status, 400 or 413). */
export function uploadRefusal<R, S extends FormSubmission>(draft: Draft<R, S>): UploadFailure | undefined {
  return Object.values(draft.blocking)[0];
}

/**
 * The section's toast for a file refused in this save (the first one), from the table both ways of
 * sending a file read (app/lib/media/upload-failures.ts): `section` is the section's key ("led-panels").
 */
export function uploadFailureOf<R, S extends FormSubmission>(draft: Draft<R, S>, section: string, field?: string): Toast | undefined {
  const failure = field ? draft.refused[field] : uploadRefusal(draft);
  return failure && uploadFailureToast(section, { reason: failure.message, status: failure.status, editing: Boolean(draft.existing) });
}

function errorsOf<R, S extends FormSubmission>(draft: Draft<R, S>): FieldErrors {
  return { ...uploadErrors(draft.blocking), ...draft.fieldErrors };
}

/**
 * The schema's values when the save may go on, or null when it must stop: the schema, a refused
 * file or a check found an error. The values exist only past this check, so no step can read them
 * from a form that failed it.
 */
export function validValue<R, S extends FormSubmission>(draft: Draft<R, S>): ValueOf<S> | null {
  if (draft.submission.status !== "success" || Object.keys(errorsOf(draft)).length > 0) return null;
  return draft.submission.value as ValueOf<S>;
}

/**
 * The form goes back with its errors and values. Files this request stored for its fields stay
 * (they are in the media library now) and come back as the fields' library choices (`kept`), so a
 * refused save need not send them again; a save refused for a missing row (404) keeps nothing.
 * The status is the refused file's (413/400), else 400, unless the section says otherwise.
 */
export async function refuse<R, S extends FormSubmission>(draft: Draft<R, S>, toast?: Toast, status: number = uploadRefusal(draft)?.status ?? 400) {
  const keep = status === 400;
  if (!keep) await discard(draft.stored);
  const kept = keep ? Object.fromEntries(Object.entries(draft.stored).map(([field, object]) => [field, object.url])) : {};
  return rejected({ lastResult: draft.submission.reply({ fieldErrors: errorsOf(draft) }), toast, kept }, status);
}

/**
 * The save's toast, saying of each file sent again that the library already had it and no copy
 * was made (after the section's own words, which stay as they are).
 */
export function withSameFileNote<R, S extends FormSubmission>(draft: Draft<R, S>, toast: Toast): Toast {
  const names = Object.values(draft.same).map((file) => file.name);
  if (names.length === 0) return toast;
  return { ...toast, description: [toast.description, sameFileMessage(names)].filter(Boolean).join(" ") };
}

/** Creates or updates the row and records it in the activity log (a replaced file stays in the library). */
export async function writeRow<R extends Row, S extends FormSubmission, Data extends object>(
  draft: Draft<R, S>,
  model: Pick<RowTable<R, Data>, "create" | "update">,
  values: Data,
  log: ActivityScope,
) {
  const { existing } = draft;
  const written = (await (existing ? model.update({ where: { id: existing.id }, data: values }) : model.create({ data: values }))) as Row;
  const uploads = describeUploads(Object.values(draft.stored).map((object) => object.key));
  await recordActivity(log, {
    action: existing ? "update" : "create",
    targetId: written.id,
    targetLabel: rowLabel(log, values) ?? rowLabel(log, existing),
    summary: [describeChanges(existing, values), uploads].filter(Boolean).join("; "),
  });
}

/**
 * "Escolher da biblioteca" without JavaScript: the picker is a submit button of the form
 * (`intent=biblioteca:<field>`), so the form's values come along and come back next to the
 * library's files, each a submit button too (`intent=escolhido:<field>:<url>`) that returns the
 * form with the file chosen. Nothing is saved meanwhile; files another field sent are kept as its
 * choice. Null when the form asks for something else.
 */
export async function libraryStep(parsed: ParsedUpload, rules: Record<string, UploadRule>) {
  const intent = parsed.form.get("intent");
  if (typeof intent !== "string") return null;
  const [step, field, ...rest] = intent.split(":");
  if ((step !== "biblioteca" && step !== "escolhido") || !field || !rules[field]) return null;
  const kept = Object.fromEntries(Object.entries(parsed.stored).map(([name, object]) => [name, object.url]));
  // The form's values as posted, without the errors a save would show.
  const lastResult = { initialValue: postedValues(parsed.form), error: {} };
  if (step === "escolhido") return rejected({ lastResult, kept, chosen: { [field]: rest.join(":") } }, 200);
  const accept = rules[field].accept;
  const files = (await listLibrary()).filter((file) =>
    accept === "video" ? file.type === "video" : accept === "media" ? file.type !== "other" : file.type === "image",
  );
  // Searched as the library page searches (its name and alt text), when the form asked for it.
  const search = String(parsed.form.get(LIBRARY_SEARCH_FIELD) ?? "")
    .trim()
    .slice(0, 100);
  return rejected({ lastResult, kept, picker: { field, search, files: searchLibrary(files, search).slice(0, 48) } }, 200);
}
