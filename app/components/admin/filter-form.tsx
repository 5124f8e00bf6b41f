// The filter bar of an admin list (the leads inbox, the activity log): a GET form, so the filters
// are in the address, work without JavaScript and a filtered list can be shared. It ends with
// "Filtrar", "Limpar filtros" while any filter is set, and how many rows match.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

const filterSelectClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-auto";

export function FilterForm({ list, filtered, count, children }: { list: string; filtered: boolean; count: string; children: ReactNode }) {
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {children}
      <button type="submit" className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
        Filtrar
      </button>
      {filtered ? (
        <Link to={list} className="py-2 text-sm font-medium text-brand-600 hover:underline">
          Limpar filtros
        </Link>
      ) : null}
      <p className="ml-auto text-sm text-slate-500" role="status">
        {count}
      </p>
    </Form>
  );
}

/** One filter: a select of `choices` (value, label), with "all" (no filter) first. */
export function FilterSelect({
  label,
  name,
  value,
  all,
  choices,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  all: string;
  choices: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <label className="w-full text-sm font-medium text-slate-700 sm:w-auto">
      {label}
      <select name={name} defaultValue={value ?? ""} className={filterSelectClass}>
        <option value="">{all}</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
