// A labelled form control with its Portuguese error right below it (server or client).
import type { ReactNode } from "react";

interface BaseProps {
  name: string;
  label: string;
  errors?: string[];
  defaultValue?: string;
  required?: boolean;
  tone?: "light" | "dark";
  formId: string;
}

function describedBy(formId: string, name: string, errors?: string[]) {
  return errors?.length ? `${formId}-${name}-erro` : undefined;
}

function Label({ formId, name, label, required, tone }: BaseProps) {
  return (
    <label htmlFor={`${formId}-${name}`} className={`block text-sm font-semibold ${tone === "dark" ? "text-white" : "text-slate-800"}`}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-slate-500"> (opcional)</span>}
    </label>
  );
}

function FieldError({ formId, name, errors, tone }: BaseProps) {
  if (!errors?.length) return null;
  return (
    <p id={`${formId}-${name}-erro`} className={`mt-1.5 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-700"}`}>
      {errors[0]}
    </p>
  );
}

export function TextField(props: BaseProps & { type?: "text" | "email" | "tel"; autoComplete?: string; placeholder?: string }) {
  const { formId, name, errors, defaultValue, required, type = "text", autoComplete, placeholder } = props;
  return (
    <div>
      <Label {...props} />
      <input
        id={`${formId}-${name}`}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        placeholder={placeholder}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(formId, name, errors)}
        className="field-input"
      />
      <FieldError {...props} />
    </div>
  );
}

export function TextAreaField(props: BaseProps & { rows?: number; placeholder?: string }) {
  const { formId, name, errors, defaultValue, required, rows = 5, placeholder } = props;
  return (
    <div>
      <Label {...props} />
      <textarea
        id={`${formId}-${name}`}
        name={name}
        rows={rows}
        required={required}
        placeholder={placeholder}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(formId, name, errors)}
        className="field-input resize-y"
      />
      <FieldError {...props} />
    </div>
  );
}

export function SelectField(props: BaseProps & { options: readonly { value: string; label: string }[]; placeholder: string; children?: ReactNode }) {
  const { formId, name, errors, defaultValue, required, options, placeholder } = props;
  return (
    <div>
      <Label {...props} />
      <select
        id={`${formId}-${name}`}
        name={name}
        required={required}
        defaultValue={defaultValue ?? ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(formId, name, errors)}
        className="field-input"
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError {...props} />
    </div>
  );
}
