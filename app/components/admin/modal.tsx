// A modal panel whose open state is the URL (?novo, ?editar=..., ?excluir=...): it renders on
// the server, so it works without JavaScript; with JavaScript, Escape closes it and focus moves in.
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";

export function Modal({ title, closeTo, children, role = "dialog", wide = false }: { title: string; closeTo: string; children: ReactNode; role?: "dialog" | "alertdialog"; wide?: boolean }) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 px-4 py-10">
      <div ref={panel} role={role} aria-modal="true" aria-labelledby="modal-title" className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl bg-white p-6 shadow-2xl`}>
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

/** The delete confirmation (dialog with JavaScript, the same markup as a page without it). */
export function ConfirmDelete({ id, message, closeTo, title = "Confirmar exclusão" }: { id: string; message: string; closeTo: string; title?: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Modal title={title} closeTo={closeTo} role="alertdialog">
      <p className="text-slate-700">{message}</p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <Link to={closeTo} preventScrollReset className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          Cancelar
        </Link>
        <button type="submit" disabled={deleting} className="rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
          {deleting ? "Excluindo..." : "Excluir"}
        </button>
      </Form>
    </Modal>
  );
}
