// The display-order field of the sections staff can reorder (client logos, window-films projects
// and testimonials, course testimonials), shared by the route actions and the browser. Positions
// count from 1, as staff do: the first card reads "Posição 1", and its form's order field says 1.
import { z } from "zod";
import { intOr } from "../forms/admin-schema";

/** Where a row created without a position goes: after the last row, or (sections listed newest first) before the first. */
export type NewRowPlace = "first" | "last";

/**
 * The order field: a blank field is "no position given" (a new row goes where its section puts new
 * rows, an edited row keeps its place); any other value that is not a number counts as 0.
 */
export const orderField = z.preprocess(
  (value) => (value === undefined || value === null || String(value).trim() === "" ? undefined : intOr(0)(value)),
  z.number().int().optional(),
);

/**
 * The id of a row's element in a reorderable list: a move without JavaScript comes back to the
 * list at `#<this id>`, so a phone shows the row just moved instead of the top of the page.
 */
export function rowAnchor(id: string): string {
  return `linha-${id}`;
}

/** The order field's hint on the form of a new row. */
export function newRowHint(place: NewRowPlace): string {
  return place === "last" ? "Deixe em branco para colocar no fim da lista." : "Deixe em branco para colocar no início da lista.";
}
