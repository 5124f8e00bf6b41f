// A lead page's text form (a chat reply, a note): one labelled text area posted with its intent.
// Without JavaScript a refused text comes back in the field with its error next to it; a text
// taken empties the field (the caller keys the form by what the text adds to, so it is rebuilt).
import { Form } from "react-router";

export function LeadTextForm({
  intent,
  id,
  name,
  label,
  maxLength,
  refused,
  error,
  submitLabel,
  submitClassName,
  busy,
  className,
}: {
  intent: string;
  /** The text area's id (its error's is `<id>-erro`). */
  id: string;
  name: string;
  label: string;
  maxLength: number;
  /** The text that was refused, to type on from (its field starts empty otherwise). */
  refused: string | null;
  error: string | undefined;
  submitLabel: string;
  submitClassName: string;
  busy: boolean;
  className: string;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <label className="block text-sm font-medium text-slate-700" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={maxLength}
        defaultValue={refused ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      {error ? (
        <p id={`${id}-erro`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={submitClassName} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
