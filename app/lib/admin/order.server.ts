// Reordering a section's rows (client logos, window-films projects and testimonials, course
// testimonials), and where a new row goes. Without JavaScript each row has plain forms: "Mover
// para cima"/"Mover para baixo" (one row, one place) and "Mover para a posição" (one row, to any
// place, in one step); with JavaScript drag and drop posts the whole new order. Either way every
// row of the section is renumbered 1, 2, 3… in one transaction, so ties and gaps left by
// hand-typed numbers go away, the number in a row's form is its place in the list, and the public
// pages, which sort by that number, follow exactly.
import { db } from "../db.server";
import type { Toast } from "../toast";
import { rowAnchor, type NewRowPlace } from "./order";
import { formId, logFailure, rejected, saved, serverMessage } from "./action.server";
import { recordActivity, rowLabel, type ActivityScope } from "../activity.server";
import type { ContentSection, SectionData, SectionModel } from "./sections";

const ORDER_SAVED: Toast = { type: "success", title: "Ordem atualizada!" };
const failed = (description: string): Toast => ({ type: "error", title: "Erro ao reordenar", description });
const STALE = "A lista mudou desde que a página foi aberta. Recarregue a página e tente de novo.";
const NOT_FOUND = "Registro não encontrado.";

/**
 * A section's order: its rows in display order (with the column that names them in the log), how
 * to write each row's position, and where a row created without a position goes.
 */
interface OrderedSection {
  current: () => PromiseLike<Array<{ id: string }>>;
  save: (rows: Array<{ id: string; position: number }>) => Promise<unknown>;
  newRows: NewRowPlace;
}

/**
 * The order of a section of the registry (app/lib/admin/sections.ts) that has an order column: its
 * rows as the public pages show them, renumbered in one transaction.
 */
export function sectionOrder<M extends SectionModel>(section: ContentSection<M>, newRows: NewRowPlace = "last"): OrderedSection {
  const column = section.orderColumn;
  if (!column) throw new Error(`sectionOrder: ${section.key} has no order column`);
  const table = section.table(db);
  return {
    current: () => table.findMany({ orderBy: section.publicOrder }),
    // The one write of a position: the column is the registry's, so the data is built by name.
    save: (rows) => db.$transaction(rows.map(({ id, position }) => table.update({ where: { id }, data: { [column]: position } as Partial<SectionData<M>> }))),
    newRows,
  };
}

/** Whether the form asks to reorder the section's rows. */
export function isReorder(form: FormData): boolean {
  return form.get("intent") === "reorder";
}

/** Writes positions 1..n (from `first`) to the rows, in the order given. */
function renumber(section: Pick<OrderedSection, "save">, ids: string[], first = 1) {
  return section.save(ids.map((id, index) => ({ id, position: first + index })));
}

/** The new order the form asks for, or the reason it cannot be applied to `current`. */
function requestedOrder(form: FormData, current: string[]): string[] | string {
  const whole = form.get("order");
  if (typeof whole === "string") {
    const order = whole.split(",").filter(Boolean);
    const same = order.length === current.length && new Set(order).size === order.length && order.every((id) => current.includes(id));
    return same ? order : STALE;
  }
  const index = current.indexOf(formId(form) ?? "");
  if (index < 0) return NOT_FOUND;
  const position = form.get("position");
  const move = form.get("move");
  let target: number | null = null;
  if (typeof position === "string") {
    const wanted = Number(position.trim());
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > current.length) return `Escolha uma posição de 1 a ${current.length}.`;
    target = wanted - 1;
  } else if (move === "up" || move === "down") {
    target = move === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= current.length) return "Este item já está na ponta da lista.";
  } else {
    return "Escolha mover para cima ou para baixo.";
  }
  const order = current.filter((id) => id !== current[index]);
  order.splice(target, 0, current[index]!);
  return order;
}

/** The one row that changed place (with its old and new index), or null when several rows did, or none. */
function movedRow(before: string[], after: string[]): { id: string; from: number; to: number } | null {
  const first = before.findIndex((id, i) => after[i] !== id);
  if (first < 0) return null;
  let last = before.length - 1;
  while (before[last] === after[last]) last -= 1;
  const rest = (without: string) => (list: string[]) => list.filter((id) => id !== without).join(",");
  // Moved down: the first differing row went to the last differing place; moved up: the reverse.
  for (const [id, from, to] of [
    [before[first]!, first, last],
    [before[last]!, last, first],
  ] as const) {
    if (after[to] === id && rest(id)(before) === rest(id)(after)) return { id, from, to };
  }
  return null;
}

/**
 * Applies a move or a whole order. A request that does not fit the list answers 400 (404 for an
 * unknown row) with the reason; a database failure 500. The log names the row that moved, from
 * where to where, and the new order.
 */
export async function reorderRows(form: FormData, section: Omit<OrderedSection, "newRows"> & { list: string; log: ActivityScope }) {
  try {
    const rows = await section.current();
    const ids = rows.map((row) => row.id);
    const order = requestedOrder(form, ids);
    if (typeof order === "string") return rejected({ lastResult: null, toast: failed(order) }, order === NOT_FOUND ? 404 : 400);
    await renumber(section, order);
    const name = (id: string) =>
      rowLabel(
        section.log,
        rows.find((row) => row.id === id),
      ) ?? id;
    // The row the form names (a move button, the position form, or the row that was dragged), else
    // the one row whose place changed.
    const id = formId(form);
    const moved = id && ids.includes(id) ? { id, from: ids.indexOf(id), to: order.indexOf(id) } : movedRow(ids, order);
    if (order.join(",") !== ids.join(",")) {
      const newOrder = `Nova ordem: ${order.map(name).join(", ")}`;
      await recordActivity(section.log, {
        action: "reorder",
        targetId: moved?.id ?? null,
        targetLabel: moved ? name(moved.id) : null,
        summary: moved ? `Da posição ${moved.from + 1} para a ${moved.to + 1}. ${newOrder}` : newOrder,
      });
    }
    // A one-row move (its ↑/↓ or position form) comes back to that row, wherever it now is in the
    // list; a dragged whole order (JavaScript) stays where the page is.
    const back = form.get("order") === null && moved ? `${section.list}#${rowAnchor(moved.id)}` : section.list;
    return saved(back, ORDER_SAVED);
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("admin reorder failed", error, "reorder");
    return rejected({ lastResult: null, toast: failed(serverMessage(error)) }, 500);
  }
}

/**
 * The position a save writes: the one typed in the form; else, for a row being edited, its
 * current one; else a new row's place by its section's rule. The other rows are renumbered to
 * make room, so the new row is exactly last (or first) whatever numbers were typed by hand before.
 */
export async function positionToSave(typed: number | undefined, existing: number | undefined, section: OrderedSection): Promise<number> {
  if (typed !== undefined) return typed;
  if (existing !== undefined) return existing;
  const ids = (await section.current()).map((row) => row.id);
  if (section.newRows === "first") {
    await renumber(section, ids, 2);
    return 1;
  }
  await renumber(section, ids);
  return ids.length + 1;
}
