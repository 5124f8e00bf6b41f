// A post being written is kept in this browser (localStorage) as it is typed, so a crash, a closed
// tab or a lost session does not lose it: the next time the same post (or a new post) is opened,
// the form offers the copy back when it differs from what the form shows. The copy goes once the
// post is saved, or when the author discards it: with the offer's "Descartar", or by leaving the
// form and confirming that its changes be discarded ("Cancelar", a link). Files are not kept (a browser cannot store a
// chosen file for later); the text fields are.
import { useEffect, useState } from "react";
import { formatDateTime } from "~/lib/dates";
import { DISCARDED_EVENT } from "./unsaved-changes";

const PREFIX = "rascunho-local:";
/** Dispatched on each field a restored copy filled. */
export const RESTORED_EVENT = "rascunho-restaurado";

interface StoredDraft {
  savedAt: string;
  values: Record<string, string>;
}

/** The form's text fields (files and the row id aside), as the draft keeps them. */
function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name || element.name === "id") continue;
    if (element instanceof HTMLInputElement && (element.type === "file" || element.type === "hidden" || element.type === "submit")) continue;
    // A radio group is kept as its checked choice (each of its inputs carries only one value).
    if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.checked) values[element.name] = element.value;
      continue;
    }
    values[element.name] = element instanceof HTMLInputElement && element.type === "checkbox" ? (element.checked ? "on" : "") : element.value;
  }
  return values;
}

function read(key: string): StoredDraft | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(PREFIX + key) ?? "null") as StoredDraft | null;
    return parsed && typeof parsed.savedAt === "string" && parsed.values && typeof parsed.values === "object" ? parsed : null;
  } catch {
    return null;
  }
}

function forget(key: string) {
  try {
    window.localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing was kept.
  }
}

const sameValues = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).every((name) => (b[name] ?? "") === a[name]);

/**
 * Keeps the form `formId`'s text in this browser under `key` while it is typed, and returns the
 * offer to restore an earlier copy (null when there is none, or it matches the form) and
 * `clear()` for when the form was saved.
 */
export function useLocalDraft(formId: string, key: string) {
  const [offer, setOffer] = useState<StoredDraft | null>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const stored = read(key);
    const current = valuesOf(form);
    // Shown only after the page is interactive (an effect), never on the server.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored && !sameValues(stored.values, current)) setOffer(stored);
    else if (stored) forget(key);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        try {
          window.localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: new Date().toISOString(), values: valuesOf(form) }));
        } catch {
          // Storage full or off: the form still warns before its changes are lost.
        }
      }, 300);
    };
    // The author chose to discard the changes: the copy of them goes too (a copy still waiting to
    // be written, as well).
    const discarded = () => {
      clearTimeout(timer);
      forget(key);
    };
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    form.addEventListener(DISCARDED_EVENT, discarded);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", keep);
      form.removeEventListener("change", keep);
      form.removeEventListener(DISCARDED_EVENT, discarded);
    };
  }, [formId, key]);

  function restore() {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement) || !offer) return;
    for (const [name, value] of Object.entries(offer.values)) {
      let element = form.elements.namedItem(name);
      if (element instanceof RadioNodeList) {
        element.value = value;
        element = Array.from(element).find((radio) => radio instanceof HTMLInputElement && radio.checked) ?? null;
        if (element instanceof HTMLInputElement) {
          element.dispatchEvent(new Event("input", { bubbles: true }));
          element.dispatchEvent(new Event("change", { bubbles: true }));
        }
        continue;
      }
      if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = value === "on";
      else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = value;
      else continue;
      element.dispatchEvent(new Event("input", { bubbles: true }));
      element.dispatchEvent(new Event("change", { bubbles: true }));
      // A field shown through another view (the blog's Visual editor) reloads from the field.
      element.dispatchEvent(new Event(RESTORED_EVENT, { bubbles: true }));
    }
    setOffer(null);
  }

  function discard() {
    forget(key);
    setOffer(null);
  }

  return { offer, restore, discard, clear: () => forget(key) };
}

/** The offer to bring a kept copy back, above the form. */
export function LocalDraftOffer({ draft }: { draft: ReturnType<typeof useLocalDraft> }) {
  if (!draft.offer) return null;
  return (
    <div role="alert" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900">
      <p className="font-semibold">Há uma versão deste post que não foi salva</p>
      <p className="text-sm">Ela ficou guardada neste navegador em {formatDateTime(draft.offer.savedAt)}. Quer continuar de onde parou?</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={draft.restore} className="rounded-full bg-sky-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sky-800">
          Restaurar versão não salva
        </button>
        <button
          type="button"
          onClick={draft.discard}
          className="rounded-full border border-sky-300 px-4 py-1.5 text-sm font-semibold text-sky-900 hover:bg-sky-100"
        >
          Descartar
        </button>
      </div>
    </div>
  );
}
