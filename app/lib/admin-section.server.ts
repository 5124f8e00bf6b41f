// One admin section (portfolio, LED panels, testimonials, logos, blog…): its list loader and its
// save/delete action. A route declares only what is its own (model, schema, upload rules, file
// columns, how form values become a row, its toasts); the steps and their answers live here:
//   delete → find (404) → delete the row and its files → saved
//   save   → parse (400/413 with field errors, stored files discarded) → stale id (404)
//          → write → delete the files the row no longer uses → saved
// A database failure at any step answers 500 with the section's delete or save toast (files
// stored for a failed save are discarded), so it never reaches the error screen.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Toast } from "./toast";
import { deleteByUrl } from "./storage/index.server";
import { libraryPicks } from "./media-library.server";
import { isInUse } from "./media-usage.server";
import { discard, type ParsedUpload, type UploadFailure, type UploadRule } from "./upload.server";
import { formId, isParsed, logFailure, readAdminForm, rejected, saved, serverMessage, uploadErrors } from "./admin-action.server";

type Row = { id: string };
type FieldErrors = Record<string, string[]>;
type SchemaSubmission<Schema extends z.ZodType> = Submission<z.input<Schema>, string[], z.output<Schema>>;
const NOT_FOUND = "Registro não encontrado.";
type ActionArgs = { request: Request; context: Parameters<typeof rejected>[0] };

/** A list that could not be read (its load toast): the page shows it instead of the rows. */
export interface LoadError {
  title: string;
  description: string;
}

/**
 * The list page's data: every row, and the one `?editar=`/`?excluir=` names, and whether `?novo`.
 * When the list cannot be read the page still renders, empty, with `loadError` (the section's
 * load toast, with the error's message as description unless the section gives its own).
 */
export async function sectionLoader<R extends Row>(
  request: Request,
  list: () => Promise<R[]>,
  onLoadError: { title: string; description?: string },
) {
  const params = new URL(request.url).searchParams;
  let items: R[] = [];
  let loadError: LoadError | null = null;
  try {
    items = await list();
  } catch (error) {
    logFailure(onLoadError.title, error);
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

/** The Prisma delegate of a section (db.portfolioItem, db.ledPanel…), as far as the action uses it. */
interface SectionModel<R extends Row, Data> {
  findUnique(args: { where: { id: string } }): Promise<R | null>;
  delete(args: { where: { id: string } }): Promise<unknown>;
  create(args: { data: Data }): Promise<unknown>;
  update(args: { where: { id: string }; data: Data }): Promise<unknown>;
}

/** An upload field whose file URL is kept in a column of the row. */
interface FileColumn<R> {
  column: keyof R & string;
  /** The field error when the row would be left without a file. */
  required?: string;
  /** A refused file does not stop the save; the row keeps its previous file. */
  refusalKeepsPrevious?: boolean;
}

/** What a save knows besides the parsed values. */
interface SaveContext<R> {
  id: string | null;
  form: FormData;
  /** The row the form edits (null when creating, or when the id is stale). */
  existing: R | null;
  /** Per upload field: the file stored (or picked from the library) by this request, else the row's current one, else null. */
  fileUrl: Record<string, string | null>;
  /** Per upload field: the URL of the file stored by this request, or picked from the media library. */
  uploaded: Record<string, string>;
  refused: Record<string, UploadFailure>;
}

interface SectionToasts<R> {
  deleted: Toast;
  /** The delete failed: no row with the posted id (404), or the database failed (500); `message` says which. */
  deleteFailed: (message: string) => Toast;
  /** The row was saved; `refused` holds files refused without stopping the save. */
  saved: (outcome: { created: boolean; uploaded: Record<string, string>; refused: Record<string, UploadFailure>; existing: R | null }) => Toast;
  /** The database failed while saving (500); `message` is the server's reason. */
  saveFailed: (message: string) => Toast;
  /** The posted id has no row (404; without this toast, saveFailed's is shown). */
  notFound?: Toast;
  /** A file was refused (400/413); otherwise `invalid`, if any, on any other form error. */
  uploadRefused?: (message: string) => Toast;
  invalid?: Toast;
}

export interface Section<R extends Row, Schema extends z.ZodType, Data> {
  /** The list page; every success redirects there. */
  list: string;
  model: SectionModel<R, Data>;
  schema: Schema;
  uploads?: Record<string, UploadRule>;
  /** Upload field → the column that keeps its URL. */
  files?: Record<string, FileColumn<R>>;
  /** Field errors the schema cannot see (files, unique slugs…), checked after the schema. */
  check?: (submission: SchemaSubmission<Schema>, save: SaveContext<R>) => FieldErrors | Promise<FieldErrors>;
  toValues: (value: z.output<Schema>, save: SaveContext<R>) => Data;
  toasts: SectionToasts<R>;
  /** Blog: a stale id answers 404 even when the form has errors too. */
  staleIdIs404WhenInvalid?: boolean;
}

export function sectionAction<R extends Row, Schema extends z.ZodType, Data>(section: Section<R, Schema, Data>) {
  const { list, model, toasts } = section;
  const files = Object.entries(section.files ?? {});

  /** The row is gone, then its files (a file left behind is logged, the delete stands). */
  async function remove(context: ActionArgs["context"], id: string | null) {
    const row = id ? await model.findUnique({ where: { id } }) : null;
    if (!row) return rejected(context, { lastResult: null, toast: toasts.deleteFailed(NOT_FOUND) }, 404);
    await model.delete({ where: { id: row.id } });
    await deleteFiles(files.map(([, { column }]) => row[column] as string | null));
    return saved(context, list, toasts.deleted);
  }

  async function save(context: ActionArgs["context"], { form, stored, refused }: ParsedUpload, submission: SchemaSubmission<Schema>) {
    const id = formId(form);
    const existing = id ? await model.findUnique({ where: { id } }) : null;
    const uploaded = Object.fromEntries(Object.entries(stored).map(([field, object]) => [field, object.url]));
    // A file picked from the media library is the field's new file too (never discarded: it is not `stored`).
    const library = await libraryPicks(form, section.uploads ?? {}, uploaded);
    Object.assign(uploaded, library.picked);
    const fileUrl = Object.fromEntries(files.map(([field, { column }]) => [field, uploaded[field] ?? (existing?.[column] as string | null | undefined) ?? null]));
    const save: SaveContext<R> = { id, form, existing, fileUrl, uploaded, refused };

    const blocking = Object.fromEntries(Object.entries(refused).filter(([field]) => !section.files?.[field]?.refusalKeepsPrevious));
    const fieldErrors = { ...uploadErrors(blocking), ...library.errors };
    for (const [field, { required }] of files) if (required && !fileUrl[field] && !refused[field]) fieldErrors[field] = [required];
    Object.assign(fieldErrors, await section.check?.(submission, save));
    const stale = Boolean(id && !existing);

    if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
      await discard(stored);
      const failure = Object.values(blocking)[0];
      const toast = failure ? toasts.uploadRefused?.(failure.message) : toasts.invalid;
      const status = failure?.status ?? (stale && section.staleIdIs404WhenInvalid ? 404 : 400);
      return rejected(context, { lastResult: submission.reply({ fieldErrors }), toast }, status);
    }
    if (stale) {
      await discard(stored);
      return rejected(context, { lastResult: submission.reply(), toast: toasts.notFound ?? toasts.saveFailed(NOT_FOUND) }, 404);
    }

    const values = section.toValues(submission.value, save);
    await (existing ? model.update({ where: { id: existing.id }, data: values }) : model.create({ data: values }));
    const replaced = files.map(([, { column }]) => existing?.[column] as string | null | undefined).filter((url, i) => url !== (values as Record<string, unknown>)[files[i]![1].column]);
    await deleteFiles(replaced);
    return saved(context, list, toasts.saved({ created: !existing, uploaded, refused, existing }));
  }

  return async function action({ request, context }: ActionArgs) {
    const parsed = await readAdminForm(request, context, section.uploads ?? {});
    if (!isParsed(parsed)) return parsed;
    const { form, stored } = parsed;

    if (form.get("intent") === "delete") {
      try {
        return await remove(context, formId(form));
      } catch (error) {
        if (error instanceof Response) throw error;
        logFailure("admin delete failed", error);
        return rejected(context, { lastResult: null, toast: toasts.deleteFailed(serverMessage(error)) }, 500);
      }
    }

    const submission = parseWithZod(form, { schema: section.schema });
    try {
      return await save(context, parsed, submission);
    } catch (error) {
      // A database that fails (unreachable, locked, a constraint) ends in the section's save
      // toast with the form as it was posted, never on the error screen; nothing was written,
      // so the files stored for this request go too.
      if (error instanceof Response) throw error;
      await discard(stored);
      logFailure("admin save failed", error);
      return rejected(context, { lastResult: submission.reply(), toast: toasts.saveFailed(serverMessage(error)) }, 500);
    }
  };
}

/**
 * Deletes files a row no longer uses, unless another row still uses them (a file picked from the
 * media library may be shared); a failure leaves an orphan file (logged), not a failed request.
 */
async function deleteFiles(urls: Array<string | null | undefined>) {
  for (const url of urls) {
    if (url) await deleteUnlessUsed(url).catch((error: unknown) => logFailure("file delete failed", error));
  }
}

async function deleteUnlessUsed(url: string) {
  if (!(await isInUse(url))) await deleteByUrl(url);
}
