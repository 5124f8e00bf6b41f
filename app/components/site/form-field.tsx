// A labelled form control of the public site with its Portuguese error right below it (server or
// client). Its props (ids, aria attributes, value, and the HTML constraints of the form's zod
// schema, which the route's loader reads so zod stays on the server) come from the field kit.
import type { ReactNode } from "react";
import { fieldState, inputProps, selectProps, textareaProps, type FieldState } from "~/components/ui/field-props";
import type { Constraint } from "~/lib/forms/constraint";

interface BaseProps {
  name: string;
  label: string;
  errors?: string[];
  defaultValue?: string;
  tone?: "light" | "dark";
  formId: string;
  /** The form's constraints, by field name (formConstraint of its schema). */
  constraints: Record<string, Constraint>;
}

function stateOf({ formId, name, errors, defaultValue, constraints }: BaseProps): FieldState {
  return fieldState(formId, name, { errors, defaultValue, constraint: constraints[name] });
}

function Label({ field, label, tone }: { field: FieldState; label: string; tone?: BaseProps["tone"] }) {
  return (
    <label htmlFor={field.id} className={`block text-sm font-semibold ${tone === "dark" ? "text-white" : "text-slate-800"}`}>
      {label}
      {field.required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-slate-500"> (opcional)</span>}
    </label>
  );
}

function FieldError({ field, tone }: { field: FieldState; tone?: BaseProps["tone"] }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className={`mt-1.5 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-700"}`}>
      {field.errors[0]}
    </p>
  );
}

export function TextField(props: BaseProps & { type?: "text" | "email" | "tel"; autoComplete?: string; placeholder?: string }) {
  const { label, tone, type = "text", autoComplete, placeholder } = props;
  const field = stateOf(props);
  return (
    <div>
      <Label field={field} label={label} tone={tone} />
      <input {...inputProps(field, type)} autoComplete={autoComplete} placeholder={placeholder} className="field-input" />
      <FieldError field={field} tone={tone} />
    </div>
  );
}

export function TextAreaField(props: BaseProps & { rows?: number; placeholder?: string }) {
  const { label, tone, rows = 5, placeholder } = props;
  const field = stateOf(props);
  return (
    <div>
      <Label field={field} label={label} tone={tone} />
      <textarea {...textareaProps(field)} rows={rows} placeholder={placeholder} className="field-input resize-y" />
      <FieldError field={field} tone={tone} />
    </div>
  );
}

export function SelectField(props: BaseProps & { options: readonly { value: string; label: string }[]; placeholder: string; children?: ReactNode }) {
  const { label, tone, options, placeholder } = props;
  const field = stateOf(props);
  const select = selectProps(field);
  return (
    <div>
      <Label field={field} label={label} tone={tone} />
      <select {...select} defaultValue={select.defaultValue ?? ""} className="field-input">
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} tone={tone} />
    </div>
  );
}
