// A section's list in display order, with "Mover para cima" / "Mover para baixo" on each row:
// plain forms that work without JavaScript. With JavaScript each row also gets a drag handle
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

interface SortableListProps<T extends { id: string }> {
  items: T[];
  /** The row's name, in the controls' accessible names ("Mover para cima: <nome>"). */
  label: (item: T) => string;
  render: (item: T) => ReactNode;
  className: string;
  itemClassName: string;
  /** A refused reorder (the action's toast), shown above the list. */
  error?: Toast;
}

export function SortableList<T extends { id: string }>({ items, label, render, className, itemClassName, error }: SortableListProps<T>) {
  const hydrated = useHydrated();
  useToastFrom(error ? { toast: error } : undefined);
  const alert = error ? <InlineAlert toast={error} /> : null;
  if (!hydrated) {
    return (
      <>
        {alert}
        <ul className={className}>
          {items.map((item, index) => (
            <li key={item.id} className={itemClassName}>
              {render(item)}
              <MoveButtons id={item.id} label={label(item)} first={index === 0} last={index === items.length - 1} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      {alert}
      <DraggableList items={items} label={label} render={render} className={className} itemClassName={itemClassName} />
    </>
  );
}

function DraggableList<T extends { id: string }>({ items, label, render, className, itemClassName }: Omit<SortableListProps<T>, "error">) {
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
    void fetcher.submit({ intent: "reorder", order: next.join(",") }, { method: "post" });
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
                  <MoveButtons id={item.id} label={label(item)} first={index === 0} last={index === rows.length - 1} handle={handle} />
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
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${className} ${isDragging ? "relative z-10 opacity-80 shadow-lg" : ""}`}
    >
      {children(handle)}
    </li>
  );
}

/** Two plain forms (work without JavaScript): move this row one place up or down; with JavaScript the drag handle goes first. */
function MoveButtons({ id, label, first, last, handle }: { id: string; label: string; first: boolean; last: boolean; handle?: ReactNode }) {
  if (first && last && !handle) return null;
  return (
    <div className="flex gap-2">
      {handle}
      {first ? null : <MoveButton id={id} label={label} move="up" />}
      {last ? null : <MoveButton id={id} label={label} move="down" />}
    </div>
  );
}

function MoveButton({ id, label, move }: { id: string; label: string; move: "up" | "down" }) {
  const text = move === "up" ? "Mover para cima" : "Mover para baixo";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="move"
        value={move}
        aria-label={`${text}: ${label}`}
        title={text}
        className="rounded-lg border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50"
      >
        <span aria-hidden="true">{move === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}
