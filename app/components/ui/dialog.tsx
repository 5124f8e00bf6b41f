// The one dialog of the admin: the browser's own <dialog> element. It is rendered open, so the
// server's HTML shows it without JavaScript (a page with a box on it, reached by its URL); once
// JavaScript runs it becomes a modal dialog with `showModal()`, and the browser does the rest: the
// page behind it is inert, Tab stays inside, Escape closes it, and focus goes back to the control
// that opened it. Focus starts on the first control in it (so the close button comes last).
import { useCallback, useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";

export function Dialog({
  title,
  onClose,
  closeControl,
  role = "dialog",
  wide = false,
  reopenOn,
  children,
}: {
  title: string;
  /** Told when the browser closed the dialog (Escape, or the close button's `close()`). */
  onClose: () => void;
  /** The × in the corner, given its label and class (a link without JavaScript, or a button). */
  closeControl: (props: { "aria-label": string; className: string }) => ReactNode;
  role?: "dialog" | "alertdialog";
  wide?: boolean;
  /**
   * Opens the dialog again when this value changes while it is closed. A dialog the person closed
   * stays in the page until the address without it has loaded; if they open it again before that
   * (the same "Excluir" pressed again, or another row's), the new address arrives with the dialog
   * still mounted and closed (a route dialog passes the location's key).
   */
  reopenOn?: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closed = useEffectEvent(onClose);
  // Before paint and before the DOM goes away on unmount (a layout effect's clean-up runs while the
  // element is still in the page, so closing it there gives focus back to the opener).
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    // Open without JavaScript's help until now; reopened as a modal. (The close event this
    // queues arrives when the dialog is open again, and is ignored.)
    if (node.open) node.close();
    node.showModal();
    const onCloseEvent = () => {
      if (!node.open) closed();
    };
    node.addEventListener("close", onCloseEvent);
    return () => {
      node.removeEventListener("close", onCloseEvent);
      if (node.open) node.close();
    };
  }, []);
  useLayoutEffect(() => {
    const node = ref.current;
    if (node && !node.open) node.showModal();
  }, [reopenOn]);

  return (
    <dialog
      ref={ref}
      open
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      // Fixed and centred both as a modal and (without JavaScript) as an open dialog in the page,
      // where a wide shadow dims the page the way the modal's backdrop does.
      className={`fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} overflow-y-auto rounded-2xl bg-white p-6 text-left shadow-2xl backdrop:bg-slate-900/50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(15_23_42/0.5)]`}
    >
      <h2 id={titleId} className="mb-4 pr-10 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
      {closeControl({
        "aria-label": "Fechar",
        className: "absolute top-5 right-5 rounded-full px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100",
      })}
    </dialog>
  );
}

/**
 * For a `<dialog>` of its own that is rendered only while open (the media picker, the upload box):
 * the element, and a ref that shows it as a modal once, when it enters the page. The ref is one
 * function for the component's life: an inline ref callback is a new function at every render, so
 * React runs it again on each, and the render between `close()` and the close event opened the
 * dialog again (it then lost the focus its opener was given back).
 */
export function useModalDialog(): [RefObject<HTMLDialogElement | null>, (node: HTMLDialogElement | null) => void] {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const showOnMount = useCallback((node: HTMLDialogElement | null) => {
    dialog.current = node;
    if (node && !node.open) node.showModal();
  }, []);
  return [dialog, showOnMount];
}
