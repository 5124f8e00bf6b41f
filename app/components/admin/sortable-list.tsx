// A section's list in display order. Each row shows its place ("Posição 2 de 5") and has plain
// forms that work without JavaScript: "Mover para cima" / "Mover para baixo" (one place), and a
// position field with "Mover" (straight to any place, one round trip). With JavaScript each row also gets a drag handle
// (dnd-kit: mouse, touch, and the keyboard: Space or Enter to lift, arrows to move, Space or
// Enter to drop, Escape to cancel), and a drop posts the whole new order at once.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { InlineAlert, useToastFrom } from "./admin-form";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/lib/toast";
import { rowAnchor } from "~/lib/admin/order";

// Where a move comes back to (the row's anchor), clear of the admin's top bar.
const ROW_SCROLL_MARGIN = "scroll-mt-24";

interface SortableListProps<T extends { id: string }> {
  items: T[];
  /** The row's name, in the controls' accessible names ("Mover para cima: <nome>"). */
  label: (item: T) => string;
  render: (item: T) => ReactNode;
  className: string;
  itemClassName: string;
  /** Classes for each row's place and move controls (padding, where the row has none of its own). */
  controlsClassName?: string;
  /** A refused reorder (the action's toast), shown above the list. */
  error?: Toast;
}

export function SortableList<T extends { id: string }>({ items, label, render, className, itemClassName, controlsClassName, error }: SortableListProps<T>) {
  const hydrated = useHydrated();
  useToastFrom(error ? { toast: error } : undefined);
  const alert = error ? <InlineAlert toast={error} /> : null;
  if (!hydrated) {
    return (
      <>
        {alert}
        <ul className={className}>
          {items.map((item, index) => (
            <li key={item.id} id={rowAnchor(item.id)} className={`${itemClassName} ${ROW_SCROLL_MARGIN}`}>
              {render(item)}
              <MoveControls id={item.id} label={label(item)} index={index} count={items.length} className={controlsClassName} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      {alert}
      <DraggableList items={items} label={label} render={render} className={className} itemClassName={itemClassName} controlsClassName={controlsClassName} />
    </>
  );
}

function DraggableList<T extends { id: string }>({ items, label, render, className, itemClassName, controlsClassName }: Omit<SortableListProps<T>, "error">) {
  const fetcher = useFetcher();
  // Shown in the new order at once; the list from the server takes over when it changes.
  const ids = items.map((item) => item.id);
  const [order, setOrder] = useState(ids);
  const [shown, setShown] = useState(ids.join(","));
  if (shown !== ids.join(",")) {
    setShown(ids.join(","));
    setOrder(ids);
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const rows = order.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const name = (id: UniqueIdentifier) => {
    const item = byId.get(String(id));
    return item ? label(item) : "item";
  };
  const position = (id: UniqueIdentifier) => order.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${name(active.id)} levantado, na posição ${position(active.id)} de ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} movido para a posição ${position(over.id)} de ${order.length}.` : `${name(active.id)} fora da lista.`,
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} solto na posição ${position(over.id)} de ${order.length}.` : `${name(active.id)} solto.`),
    onDragCancel: ({ active }) => `Movimento cancelado: ${name(active.id)} voltou à posição ${position(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    setOrder(next);
    // The dragged row's id names it in the activity log.
    void fetcher.submit({ intent: "reorder", order: next.join(","), id: String(active.id) }, { method: "post" });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Para reordenar, pressione espaço ou Enter, use as setas para escolher a nova posição e pressione espaço ou Enter para soltar. Esc cancela.",
        },
      }}
    >
      <SortableContext items={order} strategy={rectSortingStrategy}>
        <ul className={className}>
          {rows.map((item, index) => (
            <SortableRow key={item.id} id={item.id} label={label(item)} className={itemClassName}>
              {(handle) => (
                <>
                  {render(item)}
                  <MoveControls id={item.id} label={label(item)} index={index} count={rows.length} handle={handle} className={controlsClassName} />
                </>
              )}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, label, className, children }: { id: string; label: string; className: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Arrastar para reordenar: ${label}`}
      title="Arrastar para reordenar"
      className="cursor-grab touch-none rounded-lg border border-slate-300 px-2.5 py-1 text-sm leading-none text-slate-500 hover:bg-slate-50 hover:text-slate-800 active:cursor-grabbing"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      id={rowAnchor(id)}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${className} ${ROW_SCROLL_MARGIN} ${isDragging ? "relative z-10 opacity-80 shadow-lg" : ""}`}
    >
      {children(handle)}
    </li>
  );
}

const controlClass = "rounded-lg border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50";

/**
 * The row's place and the plain forms that change it (they work without JavaScript): one place up
 * or down, or straight to a chosen position. With JavaScript the drag handle goes first.
 */
function MoveControls({
  id,
  label,
  index,
  count,
  handle,
  className,
}: {
  id: string;
  label: string;
  index: number;
  count: number;
  handle?: ReactNode;
  className?: string;
}) {
  const fieldId = `posicao-${id}`;
  if (count < 2) return <p className={`text-sm text-slate-600 ${className ?? ""}`}>Posição 1 de 1</p>;
  return (
    <div className={`flex flex-wrap items-center justify-center gap-2 ${className ?? ""}`}>
      <div className="flex gap-2">
        {handle}
        {index === 0 ? null : <MoveButton id={id} label={label} move="up" />}
        {index === count - 1 ? null : <MoveButton id={id} label={label} move="down" />}
      </div>
      <Form method="post" preventScrollReset className="flex flex-wrap items-center justify-center gap-1.5 text-sm text-slate-600">
        <input type="hidden" name="intent" value="reorder" />
        <input type="hidden" name="id" value={id} />
        <span className="flex items-center gap-1.5">
          <label htmlFor={fieldId}>Posição</label>
          <input
            id={fieldId}
            // A new key when the row's place changes, so the field shows the new place after a move.
            key={index}
            name="position"
            type="number"
            inputMode="numeric"
            min={1}
            max={count}
            required
            defaultValue={index + 1}
            aria-label={`Posição de ${label}`}
            aria-describedby={`${fieldId}-de`}
            className="w-14 rounded-lg border border-slate-300 px-2 py-1 text-slate-900"
          />
        </span>
        <span className="flex items-center gap-1.5">
          <span id={`${fieldId}-de`} className="whitespace-nowrap">
            de {count}
          </span>
          <button type="submit" aria-label={`Mover para a posição: ${label}`} className={controlClass}>
            Mover
          </button>
        </span>
      </Form>
    </div>
  );
}

function MoveButton({ id, label, move }: { id: string; label: string; move: "up" | "down" }) {
  const text = move === "up" ? "Mover para cima" : "Mover para baixo";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="move" value={move} aria-label={`${text}: ${label}`} title={text} className={controlClass}>
        <span aria-hidden="true">{move === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}
