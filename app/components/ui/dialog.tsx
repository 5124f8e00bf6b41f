// The one dialog of the site and the admin: the browser's own <dialog> element. Rendered open, the
// server's HTML shows it without JavaScript (a page with a box on it, reached by its URL); once
// JavaScript runs it becomes a modal dialog with `showModal()`, once, when it enters the page, and
// the browser does the rest: the page behind it is inert, Tab stays inside, Escape closes it, and
// focus goes back to the control that opened it. Focus starts on the first control in it (so the
// close button comes last). The same component serves the route dialogs (their open state is the
// URL), the dialogs JavaScript opens (the media picker, the upload box, the editor's small forms)
// and the public lightbox (a gallery: a dark backdrop, and a click on it closes).
import { useEffectEvent, useId, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type Ref, type SyntheticEvent } from "react";

/** How wide the box is; a gallery also sits on a dark backdrop above the site's header and notices. */
const SIZES = {
  md: "z-50 max-w-md p-6 backdrop:bg-slate-900/50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(15_23_42/0.5)]",
  "2xl": "z-50 max-w-2xl p-6 backdrop:bg-slate-900/50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(15_23_42/0.5)]",
  "3xl": "z-50 max-w-3xl p-6 backdrop:bg-slate-900/50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(15_23_42/0.5)]",
  gallery: "z-[80] max-w-5xl p-4 sm:p-6 backdrop:bg-ink/90 backdrop:backdrop-blur-sm [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(11_31_58/0.9)]",
} as const;

export function Dialog({
  title,
  onClose,
  closeControl,
  role = "dialog",
  size = "md",
  reopenOn,
  ref,
  onCancel,
  onKeyDown,
  children,
}: {
  title: string;
  /** Told when the browser closed the dialog (Escape, a click on a gallery's backdrop, or `close()`). */
  onClose: () => void;
  /** The × in the corner, given its label and class (a link without JavaScript, or a button); none for a box closed by its own buttons. */
  closeControl?: (props: { "aria-label": string; className: string }) => ReactNode;
  role?: "dialog" | "alertdialog";
  size?: keyof typeof SIZES;
  /**
   * Opens the dialog again when this value changes while it is closed. A dialog the person closed
   * stays in the page until the address without it has loaded; if they open it again before that
   * (the same "Excluir" pressed again, or another row's), the new address arrives with the dialog
   * still mounted and closed (a route dialog passes the location's key).
   */
  reopenOn?: unknown;
  /** The element, for a control inside that closes it (`ref.current.close()`). */
  ref?: Ref<HTMLDialogElement>;
  /** Escape pressed: `preventDefault()` keeps the dialog open (an upload that is still running). */
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}) {
  const node = useRef<HTMLDialogElement>(null);
  useImperativeHandle(ref, () => node.current!, []);
  const titleId = useId();
  const closed = useEffectEvent(onClose);
  const gallery = size === "gallery";
  // A gallery closes with a click on its backdrop, as most do: a click there lands on the dialog
  // element itself, outside its box. One that began inside (selecting the text, then letting go
  // outside) is no such click. (The keyboard has Escape and the close control.)
  const pressedOnBackdrop = useRef(false);
  const onBackdrop = (event: MouseEvent) => {
    const dialog = node.current;
    if (!gallery || !dialog || event.target !== dialog) return false;
    const box = dialog.getBoundingClientRect();
    return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
  };
  const pressed = useEffectEvent((event: MouseEvent) => {
    pressedOnBackdrop.current = onBackdrop(event);
  });
  const clicked = useEffectEvent((event: MouseEvent) => {
    if (pressedOnBackdrop.current && onBackdrop(event)) node.current?.close();
  });
  // Before paint and before the DOM goes away on unmount (a layout effect's clean-up runs while the
  // element is still in the page, so closing it there gives focus back to the opener). Once for
  // the component's life: shown again at a later render, it would take back the focus its opener
  // was given when it closed.
  useLayoutEffect(() => {
    const dialog = node.current;
    if (!dialog) return;
    // Open without JavaScript's help until now; reopened as a modal. (The close event this
    // queues arrives when the dialog is open again, and is ignored.)
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCloseEvent = () => {
      if (!dialog.open) closed();
    };
    const onMouseDown = (event: MouseEvent) => pressed(event);
    const onClick = (event: MouseEvent) => clicked(event);
    dialog.addEventListener("close", onCloseEvent);
    dialog.addEventListener("mousedown", onMouseDown);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("close", onCloseEvent);
      dialog.removeEventListener("mousedown", onMouseDown);
      dialog.removeEventListener("click", onClick);
      if (dialog.open) dialog.close();
    };
  }, []);
  useLayoutEffect(() => {
    const dialog = node.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, [reopenOn]);

  return (
    <dialog
      ref={node}
      open
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // The keys belong to this dialog, not to what holds it in React's tree (a form dialog it
        // sits in would close on Escape; a toolbar would move its focus on the arrows).
        event.stopPropagation();
      }}
      // Fixed and centred both as a modal and (without JavaScript) as an open dialog in the page,
      // where a wide shadow dims the page the way the modal's backdrop does.
      className={`fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white text-left shadow-2xl ${SIZES[size]}`}
    >
      <h2 id={titleId} className={`mb-4 text-xl font-bold ${gallery ? "pr-12 text-ink sm:text-2xl" : "pr-10 text-slate-900"}`}>
        {title}
      </h2>
      {children}
      {closeControl?.({
        "aria-label": "Fechar",
        className: gallery
          ? "absolute top-4 right-4 flex size-10 items-center justify-center rounded-full bg-slate-100 text-ink hover:bg-slate-200 sm:top-6 sm:right-6"
          : "absolute top-5 right-5 rounded-full px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100",
      })}
    </dialog>
  );
}
