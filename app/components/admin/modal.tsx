// A modal panel whose open state is the URL (?novo, ?editar=..., ?excluir=...): it renders on
// the server, so it works without JavaScript. With JavaScript it behaves as a modal dialog for
// the keyboard: focus moves in (to the element marked data-autofocus, else the first field),
// Tab and Shift+Tab stay inside, Escape closes it, and focus returns to the control that opened it.
import { useEffect, useEffectEvent, useRef, type ReactNode } from "react";
import { Form, Link, useActionData, useNavigate, useNavigation } from "react-router";
import { InlineAlert, useToastFrom } from "./admin-form";
import type { Toast } from "~/lib/toast";

// Hidden controls (a form's hidden default submit button, which keeps Enter = save) take no focus.
const FOCUSABLE =
  'a[href], button:not([disabled]):not([hidden]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIRST_FIELD = 'input:not([type="hidden"]), textarea, select, button:not([hidden])';

export function Modal({
  title,
  closeTo,
  children,
  role = "dialog",
  wide = false,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  wide?: boolean;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => navigate(closeTo, { preventScrollReset: true }));

  // Once per opening: remember who had focus (the link or button that opened the dialog), move
  // focus in, and give it back when the dialog goes away (if that control is still on the page).
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement && !panel.current?.contains(document.activeElement) ? document.activeElement : null;
    const root = panel.current;
    (root?.querySelector<HTMLElement>("[data-autofocus]") ?? root?.querySelector<HTMLElement>(FIRST_FIELD))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
      if (event.key !== "Tab" || !root) return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 px-4 py-10">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby="modal-title"
        className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl bg-white p-6 shadow-2xl`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="modal-title" className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset aria-label="Fechar" className="rounded-full px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100">
            ×
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * The delete confirmation (dialog with JavaScript, the same markup as a page without it). As an
 * alert dialog its first focus is the harmless choice, 'Cancelar'. A delete that fails leaves the
 * dialog open with the section's error toast, in the page and (with JavaScript) as a toast.
 */
export function ConfirmDelete({ id, message, closeTo, title = "Confirmar exclusão" }: { id: string; message: string; closeTo: string; title?: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const actionData = useActionData<{ toast?: Toast } | undefined>();
  useToastFrom(actionData);
  return (
    <Modal title={title} closeTo={closeTo} role="alertdialog">
      {actionData?.toast?.type === "error" ? (
        <div className="mb-4">
          <InlineAlert toast={actionData.toast} />
        </div>
      ) : null}
      <p className="text-slate-700">{message}</p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <Link
          to={closeTo}
          preventScrollReset
          data-autofocus
          className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Cancelar
        </Link>
        <button type="submit" disabled={deleting} className="rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
          {deleting ? "Excluindo..." : "Excluir"}
        </button>
      </Form>
    </Modal>
  );
}
