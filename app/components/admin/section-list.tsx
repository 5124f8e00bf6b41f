// A content section's list page (portfolio, LED panels, testimonials, logos): while a row is
// created or edited (`?novo`, `?editar=`), its form, on a page of its own or as a dialog over the
// list; the list with its "new" link, or the empty text when there are no rows; and the delete
// confirmation over the list (`?excluir=`). Every state is an address, so it works without
// JavaScript.
import { Fragment, type ReactNode } from "react";
import { useActionData } from "react-router";
import type { LoadError } from "~/lib/admin/section.server";
import type { AdminActionData } from "~/lib/admin/action-data";
import { useFormKey } from "./admin-form";
import { AdminPage, EmptyState, FormPage, PrimaryLink } from "./page";
import { ConfirmDelete } from "./route-dialog";
import { SortableList } from "./sortable-list";

/** What a section's list page says, and where it lives. */
export interface SectionPageTexts {
  /** The section's page ("/admin/client-logos"). */
  list: string;
  title: string;
  newLabel: string;
  empty: string;
  /** The delete confirmation's question (and its title, if not the usual one). */
  deleteMessage: string;
  deleteTitle?: string;
  /** The form has a page of its own, with these titles (else it is a dialog over the list). */
  formPage?: { newTitle: string; editTitle: string; narrow?: boolean };
}

interface ListData<R> {
  items: R[];
  loadError: LoadError | null;
  editing: R | null;
  deleting: R | null;
  creating: boolean;
}

/**
 * A refusal shows above the list only when it came from the list (a reorder); one from a form or
 * from the delete confirmation shows there.
 */
function listError(data: ListData<unknown>, actionData: AdminActionData | undefined) {
  return data.deleting || data.editing || data.creating ? undefined : actionData?.toast;
}

export function SectionListPage<R extends { id: string }>({
  data,
  page,
  form,
  sortable,
  children,
}: {
  data: ListData<R>;
  page: SectionPageTexts;
  /** The form of the row created or edited (rebuilt for each row and each navigation, see useFormKey). */
  form: ReactNode;
  /** A section the staff reorder: its rows as a sortable list (else `children` lists them). */
  sortable?: Omit<Parameters<typeof SortableList<R>>[0], "items" | "error">;
  children?: ReactNode;
}) {
  const formKey = useFormKey(data.editing?.id);
  const actionData = useActionData<AdminActionData | undefined>();
  const open = data.creating || data.editing !== null;
  const keyedForm = <Fragment key={formKey}>{form}</Fragment>;
  if (open && page.formPage) {
    return (
      <FormPage title={data.editing ? page.formPage.editTitle : page.formPage.newTitle} narrow={page.formPage.narrow}>
        {keyedForm}
      </FormPage>
    );
  }
  return (
    <AdminPage loadError={data.loadError} title={page.title} action={<PrimaryLink to={`${page.list}?novo`}>{page.newLabel}</PrimaryLink>}>
      {data.items.length === 0 ? (
        <EmptyState>{page.empty}</EmptyState>
      ) : sortable ? (
        <SortableList items={data.items} error={listError(data, actionData)} {...sortable} />
      ) : (
        children
      )}
      {open ? keyedForm : null}
      {data.deleting ? <ConfirmDelete id={data.deleting.id} closeTo={page.list} title={page.deleteTitle} message={page.deleteMessage} /> : null}
    </AdminPage>
  );
}
