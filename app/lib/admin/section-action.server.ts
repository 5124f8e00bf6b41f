// The action of a content section, from its registry entry (app/lib/admin/sections.ts): the form
// is read under the section's upload rules, "Escolher da biblioteca" without JavaScript answers
// with the library, a reorder renumbers the rows (sections with an order column), a delete removes
// the row the form names, and anything else is the section's save. A simple section's save is
// `saveRow`: its schema, its own checks, the row's values and its toasts; the steps between them
// (app/lib/admin/section.server.ts) are the same for every section. A section whose save truly
// differs (the blog: sanitized HTML, a free slug, scheduling, revisions) passes its own steps.
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { db } from "../db.server";
import type { Toast } from "../toast";
import { activityScope, type ActivityScope } from "../activity.server";
import { uploadRules } from "../media/upload-targets.server";
import { isParsed, readAdminForm, saved, type AdminUpload, type rejected } from "./action.server";
import type { NewRowPlace } from "./order";
import { isReorder, positionToSave, reorderRows, sectionOrder } from "./order.server";
import {
  deleteRow,
  guardSave,
  isDelete,
  libraryStep,
  refuse,
  startSave,
  uploadFailureOf,
  validValue,
  withSameFileNote,
  writeRow,
  type Draft,
} from "./section.server";
import type { ActivitySection, ContentSection, SectionData, SectionModel, SectionRow } from "./sections";

/** What a section's save is given: the parsed form, the activity log's scope, the request's context. */
export interface SaveArgs {
  parsed: AdminUpload;
  log: ActivityScope;
  context: Readonly<RouterContextProvider>;
}

/** What a section's action needs beyond its registry entry. */
export interface SectionActionSteps {
  /** The toast after a delete. */
  deleted: Toast;
  /** The toast of a delete that failed, with the reason. */
  deleteFailed: (message: string) => Toast;
  /** The save (`saveRow`, or the section's own steps). */
  save: (args: SaveArgs) => Promise<Response | ReturnType<typeof rejected>>;
}

/** A section's action: library picks, reorder, delete, else its save. */
export async function sectionAction<M extends SectionModel>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  section: ContentSection<M> & { key: ActivitySection },
  steps: SectionActionSteps,
) {
  const log = activityScope(context, section.key, section.labelColumn);
  const uploads = uploadRules(section);
  const parsed = await readAdminForm(request, uploads);
  if (!isParsed(parsed)) return parsed;
  const picking = await libraryStep(parsed, uploads);
  if (picking) return picking;
  if (section.orderColumn && isReorder(parsed.form)) return reorderRows(parsed.form, { ...sectionOrder(section), list: section.path, log });
  if (isDelete(parsed.form)) {
    return deleteRow(parsed.form, { model: section.table(db), list: section.path, deleted: steps.deleted, failed: steps.deleteFailed, log });
  }
  return steps.save({ parsed, log, context });
}

/** A simple section's save in progress, typed by its schema. */
type RowDraft<M extends SectionModel, Schema extends z.ZodType> = Draft<SectionRow<M>, Submission<z.input<Schema>, string[], z.output<Schema>>>;

/** A simple section's save: what differs from one section to the next. */
export interface RowSave<M extends SectionModel, Schema extends z.ZodType> {
  schema: Schema;
  /** The toast of a save that failed in the database, with the reason. */
  saveFailed: (message: string) => Toast;
  /** The toast of a save whose row was deleted meanwhile (404). */
  notFound: Toast;
  /** The toast after the save (the note about files the library already had is added to it). */
  savedToast: (draft: RowDraft<M, Schema>) => Toast;
  /** The section's own checks (a required file, a typed address's rules), added to `draft.fieldErrors`. */
  check?: (draft: RowDraft<M, Schema>) => void;
  /** A section the staff reorder: the position typed in the form, and where a new row without one goes. */
  order?: { typed: (value: z.output<Schema>) => number | undefined; newRows: NewRowPlace };
  /** The row's values (its file fields' columns and its position are the save's own). */
  values: (value: z.output<Schema>, draft: RowDraft<M, Schema>) => Partial<SectionData<M>>;
}

/**
 * The save of a simple section: the schema and the section's checks, then the row written with
 * its values, each file field's file (the new one, else the row's current one), and its position.
 * A refused form answers 400 (413 for a file) with the section's upload toast; a row deleted
 * meanwhile 404; a database failure 500 with `saveFailed` (see guardSave).
 */
export function saveRow<M extends SectionModel, Schema extends z.ZodType>(section: ContentSection<M>, save: RowSave<M, Schema>) {
  return async ({ parsed, log }: SaveArgs) => {
    const submission = parseWithZod(parsed.form, { schema: save.schema });
    const table = section.table(db);
    return guardSave(parsed, submission, save.saveFailed, async () => {
      const draft: RowDraft<M, Schema> = await startSave(parsed, submission, { model: table, uploads: uploadRules(section) });
      save.check?.(draft);
      const value = validValue(draft);
      if (!value) {
        // Not saved after all: a refused file whose save would have gone on says why next to its field too.
        for (const [field, failure] of Object.entries(draft.refused)) if (!draft.blocking[field]) draft.fieldErrors[field] = [failure.message];
        return refuse(draft, uploadFailureOf(draft, section.key));
      }
      if (draft.stale) return refuse(draft, save.notFound, 404);
      // The values first (a section may fill a file column its own way: a logo's typed address), then
      // each file field's file, then the position.
      const row: Record<string, unknown> = { ...save.values(value, draft) };
      for (const [field, column] of Object.entries(draft.files)) if (!(column in row)) row[column] = draft.fileUrl[field];
      if (save.order && section.orderColumn) {
        const before = draft.existing ? Number(draft.existing[section.orderColumn]) : undefined;
        row[section.orderColumn] = await positionToSave(save.order.typed(value), before, sectionOrder(section, save.order.newRows));
      }
      // Every column the section's table requires is given by the values, the files or the position.
      await writeRow(draft, table, row as unknown as SectionData<M>, log);
      return saved(section.path, withSameFileNote(draft, save.savedToast(draft)));
    });
  };
}
