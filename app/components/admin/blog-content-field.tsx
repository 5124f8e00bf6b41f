// The blog post's content: the HTML textarea named `content` (10 rows) is the field, visible by
// default with and without JavaScript. With JavaScript a "Visual" view (the rich-text editor,
// whose code is fetched only here, never by public pages) can be chosen beside "HTML", and the
// choice is remembered in this browser. The Visual view edits the textarea's HTML and refuses to
// open content it could not keep exactly (see rich-text-editor.tsx), so switching never loses
// anything.
import { lazy, Suspense, useEffect, useState } from "react";
import type { FieldState } from "~/components/ui/field-props";
import { FieldError, RequiredMark } from "./fields";
import { RESTORED_EVENT } from "./local-draft";
import { useHydrated } from "~/hooks/use-hydrated";

const loadEditor = () => import("./rich-text-editor");
const RichTextEditor = lazy(loadEditor);

/** Where this browser remembers the chosen view. */
const VIEW_KEY = "blog-content-view";
type View = "html" | "visual";

function rememberedView(): View {
  try {
    return window.localStorage.getItem(VIEW_KEY) === "visual" ? "visual" : "html";
  } catch {
    return "html";
  }
}

function rememberView(view: View) {
  try {
    window.localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Storage may be off (private mode): the choice then lasts for this page only.
  }
}

export function BlogContentField({ field }: { field: FieldState }) {
  const hydrated = useHydrated();
  const labelId = `${field.id}-label`;
  const invalid = Boolean(field.errors?.length);
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [view, setView] = useState<View>("html");
  const [refusal, setRefusal] = useState<string | null>(null);

  const textareaValue = () => {
    const textarea = document.getElementById(field.id);
    return textarea instanceof HTMLTextAreaElement ? textarea.value : "";
  };

  async function choose(next: View) {
    if (next === "html") {
      setView("html");
      setRefusal(null);
      rememberView("html");
      return;
    }
    setRefusal(null);
    const why = (await loadEditor()).visualRefusal(textareaValue());
    setRefusal(why);
    if (why) return;
    setView("visual");
    rememberView("visual");
  }

  // Content put back into the textarea from outside (a restored copy): the Visual view starts
  // again from it, or gives way to the HTML view when it cannot keep it.
  const [editorKey, setEditorKey] = useState(0);
  useEffect(() => {
    const textarea = document.getElementById(field.id);
    const reload = () => {
      void loadEditor().then(({ visualRefusal }) => {
        const why = visualRefusal(textareaValue());
        setRefusal(why);
        if (why) setView("html");
        setEditorKey((key) => key + 1);
      });
    };
    textarea?.addEventListener(RESTORED_EVENT, reload);
    return () => textarea?.removeEventListener(RESTORED_EVENT, reload);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field.id]);

  // The view this browser chose last time (the HTML view until then, or when it cannot open).
  useEffect(() => {
    if (!hydrated || rememberedView() !== "visual") return;
    let live = true;
    void loadEditor().then(({ visualRefusal }) => {
      if (!live) return;
      const why = visualRefusal(textareaValue());
      setRefusal(why);
      if (!why) setView("visual");
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  return (
    <div className={view === "visual" ? "[&_textarea]:hidden" : undefined} data-content-view={view}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label id={labelId} htmlFor={field.id} className="block text-sm font-medium text-slate-700">
          Conteúdo
          <RequiredMark />
        </label>
        {hydrated ? (
          <div role="group" aria-label="Modo de edição do conteúdo" className="inline-flex rounded-lg border border-slate-300 p-0.5 text-sm">
            {(["html", "visual"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => void choose(option)}
                className="rounded-md px-3 py-1 font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-slate-800 aria-pressed:text-white"
              >
                {option === "html" ? "HTML" : "Visual"}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {refusal}
        </p>
      ) : null}
      {view === "visual" ? (
        <Suspense fallback={null}>
          <RichTextEditor key={editorKey} textareaId={field.id} labelId={labelId} />
        </Suspense>
      ) : null}
      <textarea
        key={initial}
        id={field.id}
        name={field.name}
        rows={10}
        defaultValue={initial}
        // A refusal speaks of the content as it was: once the HTML changes, it goes.
        onInput={() => setRefusal(null)}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 font-mono text-sm"
      />
      <p className="mt-1 text-xs text-slate-500">
        {hydrated ? "Escreva em HTML ou escolha o modo Visual; o que é salvo é o mesmo HTML." : "Sem JavaScript, o conteúdo é escrito em HTML."}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
