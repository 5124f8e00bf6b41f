// The one field kit: the props every form control of the site and the admin carries (id, name,
// aria-invalid, aria-describedby, defaultValue and the HTML constraints from the form's zod
// schema) come from conform's getInputProps, getTextareaProps and getSelectProps. The admin's
// fields are conform's field metadata (useForm); the public forms describe theirs with
// `fieldState`, because their pages keep conform's hooks and zod out of the first load (only
// these small helpers come along). Each kit keeps its own looks (class names).
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { Constraint } from "~/lib/forms/constraint";

/** What a field's control needs: conform's field metadata has all of it. */
export interface FieldState extends Constraint {
  name: string;
  id: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
}

type Metadata = Parameters<typeof getInputProps>[0];
type InputOptions = Parameters<typeof getInputProps>[1];

/** A public form's field: ids from the form's and the field's names, constraints from the schema. */
export function fieldState(formId: string, name: string, options: { errors?: string[]; defaultValue?: string; constraint?: Constraint }): FieldState {
  return {
    ...options.constraint,
    name,
    id: `${formId}-${name}`,
    errorId: `${formId}-${name}-erro`,
    errors: options.errors,
    initialValue: options.defaultValue,
  };
}

/**
 * The field as conform's helpers read it. A list's values (a repeated field posted without
 * JavaScript) become one text, a line each; `errors` is absent when there are none, which is what
 * conform's aria attributes test. No `formId`, so no `form` attribute: every control sits inside
 * its form, and the public forms have no id to point at.
 */
function metadata(field: FieldState): Metadata {
  const { initialValue } = field;
  return {
    key: undefined,
    id: field.id,
    name: field.name,
    errorId: field.errorId,
    errors: field.errors?.length ? field.errors : undefined,
    initialValue:
      initialValue === undefined || initialValue === null ? undefined : Array.isArray(initialValue) ? initialValue.join("\n") : String(initialValue),
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
  } as Metadata;
}

/** conform's props without their `key` (always undefined here; each kit keys its controls itself). */
function withoutKey<P extends { key?: unknown }>({ key: _key, ...props }: P): Omit<P, "key"> {
  return props;
}

/** An input's props: any type but checkbox and radio (which no form here builds from the kit). */
export function inputProps(field: FieldState, type: string = "text") {
  return withoutKey(getInputProps(metadata(field), { type } as InputOptions));
}

export function textareaProps(field: FieldState) {
  return withoutKey(getTextareaProps(metadata(field)));
}

export function selectProps(field: FieldState) {
  return withoutKey(getSelectProps(metadata(field)));
}
