// One on/off setting of Configurações as its own section: a checkbox with its label and what it
// does, saved by its own button. A plain form, with or without JavaScript.
import type { ReactNode } from "react";
import { Form } from "react-router";

export function SettingSwitch({
  id,
  title,
  action,
  name,
  label,
  checked,
  children,
}: {
  /** The section heading's id. */
  id: string;
  title: string;
  /** Where the form posts (the settings page with a query naming this setting). */
  action: string;
  name: string;
  label: string;
  checked: boolean;
  /** What turning it on does, read with the checkbox. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 max-w-3xl space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Form method="post" action={action} className="space-y-3">
        <div className="flex items-start gap-3 text-slate-800">
          <input id={name} type="checkbox" name={name} value="on" defaultChecked={checked} aria-describedby={`${name}_hint`} className="mt-1 size-4" />
          <div>
            <label htmlFor={name} className="font-medium">
              {label}
            </label>
            <p id={`${name}_hint`} className="text-sm text-slate-600">
              {children}
            </p>
          </div>
        </div>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50">
          Salvar
        </button>
      </Form>
    </section>
  );
}
