// Reordering a section's rows (client logos, window-films projects and testimonials, course
// testimonials): "Mover para cima"/"Mover para baixo" post one row and a direction (plain forms,
// without JavaScript); drag and drop posts the whole new order. Either way every row of the
// section is renumbered 0, 1, 2… in one transaction, so ties and gaps left by hand-typed numbers
// go away and the public pages, which sort by that number, follow exactly.
import type { Toast } from "./toast";
import { formId, logFailure, rejected, saved, serverMessage } from "./admin-action.server";
import { recordActivity, rowLabel, type ActivityScope } from "./activity.server";

const ORDER_SAVED: Toast = { type: "success", title: "Ordem atualizada!" };
const failed = (description: string): Toast => ({ type: "error", title: "Erro ao reordenar", description });
const STALE = "A lista mudou desde que a página foi aberta. Recarregue a página e tente de novo.";

/** Whether the form asks to reorder the section's rows. */
export function isReorder(form: FormData): boolean {
  return form.get("intent") === "reorder";
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
  if (index < 0) return "Registro não encontrado.";
  const move = form.get("move");
  const target = move === "up" ? index - 1 : move === "down" ? index + 1 : null;
  if (target === null) return "Escolha mover para cima ou para baixo.";
  if (target < 0 || target >= current.length) return "Este item já está na ponta da lista.";
  const order = [...current];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/**
 * Applies a move or a whole order: `current` reads the section's rows in display order (their id
 * and the column that names them in the log), `save` writes position i to the i-th id in one
 * transaction. A request that does not fit the list answers 400 (404 for an unknown row) with the
 * reason; a database failure 500.
 */
export async function reorderRows(
  form: FormData,
  section: { list: string; current: () => Promise<Array<{ id: string }>>; save: (ids: string[]) => Promise<unknown>; log: ActivityScope },
) {
  try {
    const rows = await section.current();
    const order = requestedOrder(
      form,
      rows.map((row) => row.id),
    );
    if (typeof order === "string") return rejected({ lastResult: null, toast: failed(order) }, order === "Registro não encontrado." ? 404 : 400);
    await section.save(order);
    const name = (id: string) =>
      rowLabel(
        section.log,
        rows.find((row) => row.id === id),
      ) ?? id;
    const moved = formId(form);
    await recordActivity(section.log, {
      action: "reorder",
      targetId: moved,
      targetLabel: moved ? name(moved) : null,
      summary: `Nova ordem: ${order.map(name).join(", ")}`,
    });
    return saved(section.list, ORDER_SAVED);
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("admin reorder failed", error, "reorder");
    return rejected({ lastResult: null, toast: failed(serverMessage(error)) }, 500);
  }
}
