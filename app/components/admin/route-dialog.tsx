// A dialog whose open state is the URL (?novo, ?editar=..., ?excluir=...): the server renders it
// open, so without JavaScript it is a page with the dialog on it and its links and forms work as
// they are; with JavaScript it is a modal dialog (see ui/dialog.tsx), and closing it (Escape, ×,
// 'Cancelar') goes back to the address without the parameter.
import type { ReactNode } from "react";
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation } from "react-router";
import { InlineAlert, useToastFrom } from "./admin-form";
import { Dialog } from "~/components/ui/dialog";
import type { Toast } from "~/lib/toast";

export function RouteDialog({
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
  const location = useLocation();
  return (
    <Dialog
      title={title}
      role={role}
      size={wide ? "2xl" : "md"}
      reopenOn={location.key}
      onClose={() => void navigate(closeTo, { preventScrollReset: true })}
      closeControl={(props) => (
        <Link to={closeTo} preventScrollReset {...props}>
          ×
        </Link>
      )}
    >
      {children}
    </Dialog>
  );
}

/**
 * The delete confirmation (a modal alert dialog with JavaScript, the same markup as a page without
 * it). Its first control, where focus starts, is the harmless choice: 'Cancelar'. A delete that
 * fails leaves the dialog open with the section's error toast, in the page and (with JavaScript)
 * as a toast.
 */
export function ConfirmDelete({ id, message, closeTo, title = "Confirmar exclusão" }: { id: string; message: string; closeTo: string; title?: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const actionData = useActionData<{ toast?: Toast } | undefined>();
  useToastFrom(actionData);
  return (
    <RouteDialog title={title} closeTo={closeTo} role="alertdialog">
      {actionData?.toast?.type === "error" ? (
        <div className="mb-4">
          <InlineAlert toast={actionData.toast} />
        </div>
      ) : null}
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
    </RouteDialog>
  );
}
