// The blog post's content: an HTML textarea, as it works without JavaScript. With JavaScript the
// rich-text editor loads after the page (its code is fetched only here, never by public pages)
// and takes the textarea's place; until then the textarea stays usable, and the editor starts
// from whatever was typed into it.
import { lazy, Suspense } from "react";
import { FieldError, type FieldState } from "./fields";
import { useHydrated } from "~/hooks/use-hydrated";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

export function BlogContentField({ field }: { field: FieldState }) {
  const hydrated = useHydrated();
  const labelId = `${field.id}-label`;
  const invalid = Boolean(field.errors?.length);
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  return (
    // Once the editor is on the page, the textarea only carries its HTML to the form.
    <div className="[&:has([data-rich-text])_textarea]:hidden">
      <label id={labelId} htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        Conteúdo<span className="text-red-600"> *</span>
      </label>
      {hydrated ? (
        <Suspense fallback={null}>
          <RichTextEditor textareaId={field.id} labelId={labelId} />
        </Suspense>
      ) : null}
      <textarea
        key={initial}
        id={field.id}
        name={field.name}
        rows={10}
        defaultValue={initial}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 font-mono text-sm"
      />
      <p className="mt-1 text-xs text-slate-500">Sem JavaScript, o conteúdo é escrito em HTML.</p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
