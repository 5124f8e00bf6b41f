// One admin section (portfolio, LED panels, testimonials, logos, blog…): its list loader and its
// save/delete action. A route declares only what is its own (model, schema, upload rules, file
// columns, how form values become a row, its toasts); the steps and their answers live here:
//   delete → find (404) → delete the row and its files → saved
//   save   → parse (400/413 with field errors, stored files discarded) → stale id (404)
//          → write (500, files discarded) → delete the files the row no longer uses → saved
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { ToastMessage as Toast } from "~/components/ui/toaster";
import { requireAdmin } from "./session.server";
import { deleteByUrl } from "./storage.server";
import { discard, type UploadFailure, type UploadRule } from "./upload.server";
import { formId, isParsed, readAdminForm, rejected, saved, uploadErrors, writeWithFiles } from "./admin-action.server";

type Row = { id: string };
type FieldErrors = Record<string, string[]>;
type SchemaSubmission<Schema extends z.ZodType> = Submission<z.input<Schema>, string[], z.output<Schema>>;
type ActionArgs = { request: Request; context: Parameters<typeof rejected>[0] };

/** A list that could not be read (§8.3 load toasts): the page shows it instead of the rows. */
export interface LoadError {
  title: string;
  description: string;
}

/**
 * The list page's data: every row, and the one `?editar=`/`?excluir=` names, and whether `?novo`.
 * When the list cannot be read the page still renders, empty, with `loadError` (§8.3: the section's
 * load toast, with the error's message as description unless the section gives its own).
 */
export async function sectionLoader<R extends Row>(
  request: Request,
  list: () => Promise<R[]>,
  onLoadError: { title: string; description?: string },
) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  let items: R[] = [];
  let loadError: LoadError | null = null;
  try {
    items = await list();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: onLoadError.title, error: String(error) }));
    const message = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : "Erro desconhecido.";
    loadError = { title: onLoadError.title, description: onLoadError.description ?? message };
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
export interface SectionModel<R extends Row, Data> {
  findUnique(args: { where: { id: string } }): Promise<R | null>;
  delete(args: { where: { id: string } }): Promise<unknown>;
  create(args: { data: Data }): Promise<unknown>;
  update(args: { where: { id: string }; data: Data }): Promise<unknown>;
}

/** An upload field whose file URL is kept in a column of the row. */
export interface FileColumn<R> {
  column: keyof R & string;
  /** The field error when the row would be left without a file. */
  required?: string;
  /** §8.3: a refused file does not stop the save; the row keeps its previous file. */
  refusalKeepsPrevious?: boolean;
}

/** What a save knows besides the parsed values. */
export interface SaveContext<R> {
  id: string | null;
  form: FormData;
  /** The row the form edits (null when creating, or when the id is stale). */
  existing: R | null;
  /** Per upload field: the file stored by this request, else the row's current one, else null. */
  fileUrl: Record<string, string | null>;
  /** Per upload field: the URL of the file stored by this request. */
  uploaded: Record<string, string>;
  refused: Record<string, UploadFailure>;
}

export interface SectionToasts<R> {
  deleted: Toast;
  /** No row with the posted id to delete (404). */
  deleteFailed: Toast;
  /** The row was saved; `refused` holds files refused without stopping the save (§8.3). */
  saved: (outcome: { created: boolean; uploaded: Record<string, string>; refused: Record<string, UploadFailure>; existing: R | null }) => Toast;
  /** The write failed (500). */
  saveFailed: Toast;
  /** The posted id has no row (404; without this toast, saveFailed's text is shown). */
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

  return async function action({ request, context }: ActionArgs) {
    await requireAdmin(request);
    const parsed = await readAdminForm(request, context, section.uploads ?? {});
    if (!isParsed(parsed)) return parsed;
    const { form, stored, refused } = parsed;
    const id = formId(form);

    if (form.get("intent") === "delete") {
      const row = id ? await model.findUnique({ where: { id } }) : null;
      if (!row) return rejected(context, { lastResult: null, toast: toasts.deleteFailed }, 404);
      await model.delete({ where: { id: row.id } });
      for (const [, { column }] of files) await deleteByUrl(row[column] as string | null);
      return saved(context, list, toasts.deleted);
    }

    const submission = parseWithZod(form, { schema: section.schema });
    const existing = id ? await model.findUnique({ where: { id } }) : null;
    const uploaded = Object.fromEntries(Object.entries(stored).map(([field, object]) => [field, object.url]));
    const fileUrl = Object.fromEntries(files.map(([field, { column }]) => [field, uploaded[field] ?? (existing?.[column] as string | null | undefined) ?? null]));
    const save: SaveContext<R> = { id, form, existing, fileUrl, uploaded, refused };

    const blocking = Object.fromEntries(Object.entries(refused).filter(([field]) => !section.files?.[field]?.refusalKeepsPrevious));
    const fieldErrors = uploadErrors(blocking);
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
      return rejected(context, { lastResult: submission.reply(), toast: toasts.notFound ?? toasts.saveFailed }, 404);
    }

    const values = section.toValues(submission.value, save);
    const write = await writeWithFiles(stored, () => (existing ? model.update({ where: { id: existing.id }, data: values }) : model.create({ data: values })));
    if (!write.ok) return rejected(context, { lastResult: submission.reply(), toast: toasts.saveFailed }, 500);
    for (const [, { column }] of files) {
      const previous = existing?.[column] as string | null | undefined;
      if (previous && previous !== (values as Record<string, unknown>)[column]) await deleteByUrl(previous);
    }
    return saved(context, list, toasts.saved({ created: !existing, uploaded, refused, existing }));
  };
}

/** The URL lists (extra images, videos) of a row, as strings (they are JSON columns). */
export function urlListOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
