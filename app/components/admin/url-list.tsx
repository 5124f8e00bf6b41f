// A list of URLs (extra images, videos). Without JavaScript: a textarea, one URL per line.
// With JavaScript: add by button or Enter, each entry removable; the entries post as repeated
// fields of the same name, each image with a thumbnail. Either way the server trims them and
// ignores blanks.
import { useState } from "react";
import { previewSrc } from "~/lib/media/image-url";
import { mediaKind } from "~/lib/media/kinds";
import { urlList } from "~/lib/url-list";
import { FieldError } from "./fields";
import { useHydrated } from "~/hooks/use-hydrated";

export function UrlListField({
  name,
  label,
  initial,
  placeholder = "https://...",
  errors,
}: {
  name: string;
  label: string;
  initial: string[];
  placeholder?: string;
  errors?: string[];
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<string[]>(initial);
  const [draft, setDraft] = useState("");
  const id = `list-${name}`;

  function add() {
    const value = draft.trim();
    if (value) setItems((list) => [...list, value]);
    setDraft("");
  }

  if (!hydrated) {
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <textarea
          id={id}
          name={name}
          rows={3}
          defaultValue={initial.join("\n")}
          placeholder={placeholder}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        <p className="mt-1 text-xs text-slate-500">Uma URL por linha.</p>
        <FieldError id={`${id}-error`} errors={errors} />
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="url"
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="button" onClick={add} className="shrink-0 rounded-lg bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700">
          Adicionar
        </button>
      </div>
      <ul className="mt-2 space-y-1" aria-label={label}>
        {items.map((url, index) => (
          <li key={`${url}-${index}`} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5 text-sm">
            {/* A thumbnail shows what the site will show (other sites' images come through /img). */}
            {mediaKind(url) === "image" ? <img src={previewSrc(url)} alt="" className="h-8 w-12 shrink-0 rounded object-cover" loading="lazy" /> : null}
            <span className="min-w-0 flex-1 truncate">{url}</span>
            <input type="hidden" name={name} value={url} />
            <button
              type="button"
              onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
              className="shrink-0 rounded px-2 text-red-600 hover:bg-red-50"
              aria-label={`Remover ${url}`}
            >
              Remover
            </button>
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The list's first entries: what the form posted last (after an error), else the saved row's. */
export function initialUrls(posted: unknown, saved: string[] | undefined): string[] {
  return urlList(posted ?? saved);
}
