// Unsaved work is never dropped without a question. An admin form whose fields differ from what
// it showed when it opened asks before a reload or a closed tab (the browser's own "leave site?"
// question), and before any navigation inside the admin (a link, "Cancelar", "Editar" on another
// row, closing a form dialog). Its own save is not asked about. Without JavaScript nothing can
// ask: the browser's own form restoration on "back" is what there is. Discarding, once confirmed,
// also drops the copy the browser kept of the form (local-draft.tsx), which would offer it back.
import { useEffect, useMemo, useRef, type RefObject } from "react";
import { useBlocker } from "react-router";

const UNSAVED_MESSAGE = "Há alterações não salvas neste formulário. Sair e descartar as alterações?";
/** Dispatched on the form when its changes were discarded on the author's word (the local copy goes with them). */
export const DISCARDED_EVENT = "alteracoes-descartadas";

/**
 * A text as the form sends it, line breaks aside: a textarea's value always has LF line breaks,
 * while its default (the text the page gave it) keeps the CRLF ones a post may have been stored
 * with, since browsers send textareas with CRLF. Only a difference a person made counts.
 */
const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

/**
 * Whether a form's fields differ from what the page gave them: each control against its own
 * default (the value the page rendered), a chosen file, or a file picked from the library.
 */
function formChanged(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLTextAreaElement) return !sameText(element.value, element.defaultValue);
    if (element instanceof HTMLSelectElement) return Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    if (!(element instanceof HTMLInputElement)) return false;
    if (element.type === "file") return (element.files?.length ?? 0) > 0;
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    if (element.type === "hidden") return element.hasAttribute("data-unsaved");
    return !sameText(element.value, element.defaultValue);
  });
}

/**
 * Watches `formRef`'s form. Call `saving()` when the form submits itself (its navigation is not
 * asked about) and `notSaved()` when that save was refused and the form stays.
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>) {
  const submitting = useRef(false);
  // A refused save comes back with the posted values as the fields' defaults: still not saved.
  const refused = useRef(false);

  const dirty = () => {
    const form = formRef.current;
    // A form disabled while it saves has nothing to lose.
    if (!form || submitting.current || form.querySelector("fieldset:disabled")) return false;
    return refused.current || formChanged(form);
  };

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Any navigation, even to this same address ("Cancelar" on the blog), starts the form afresh.
  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_MESSAGE)) {
      formRef.current?.dispatchEvent(new Event(DISCARDED_EVENT));
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, formRef]);

  return useMemo(
    () => ({
      saving: () => {
        submitting.current = true;
      },
      notSaved: (refusedSave = true) => {
        if (refusedSave && submitting.current) refused.current = true;
        submitting.current = false;
      },
      /** Whether a save of this form was under way (read when the form goes away: it was saved). */
      wasSaving: () => submitting.current,
    }),
    [],
  );
}
