// The one admin form: a real POST form that works without JavaScript (a file goes with the form,
// as multipart). With JavaScript, conform validates on the client first, the submit button reads
// 'Salvando...' while the action runs, and each picked file is first sent to the media library by
// the upload route with its progress shown (media-upload.tsx); the form is then saved by React
// Router with those files as library picks, the field the media picker already fills, so the
// action sees what it sees when a file is chosen from the library.
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { formConstraint } from "~/lib/forms/constraint";
import { descriptionFields, libraryField, sameFileMessage } from "~/lib/media/library";
import { showToast, type Toast } from "~/lib/toast";
import { uploadFailure } from "~/lib/media/upload-failures";
import { announceLibraryPick } from "./media-picker";
import { uploadFile } from "./media-upload";
import { useUnsavedChanges } from "./unsaved-changes";
import { RestoredDraftNote, useRestoredDraft } from "~/components/account/session-draft";
import type { AdminActionData } from "~/lib/admin/action-data";
import type { ContentSectionKey } from "~/lib/admin/sections";

/**
 * The React key of a section's form: the row it edits and the navigation that showed it. Every
 * navigation (a save's redirect back to the list, 'Cancelar', 'Novo', 'Editar') then starts from a
 * fresh form, as a page load does without JavaScript; a refused save keeps the same location, so
 * the form keeps what was typed next to its errors.
 */
export function useFormKey(recordId: string | null | undefined): string {
  return `${recordId ?? "novo"}:${useLocation().key}`;
}

/**
 * conform's useForm wired to a zod schema (its rules validate in the browser and give the
 * fields their HTML constraints), the server's last reply and the record's values.
 */
export function useAdminForm<Schema extends z.ZodType>(
  schema: Schema,
  actionData: AdminActionData | undefined,
  defaultValue: Record<string, unknown>,
  formKey: string,
) {
  const [xhrResult, setXhrResult] = useState<SubmissionResult<string[]> | null>(null);
  const lastResult = xhrResult ?? actionData?.lastResult ?? undefined;
  // After a save that found the session ended and the sign-in that followed, the form opens with
  // what was posted then (the whole form, as a refused save comes back), not the stored row.
  const restored = useRestoredDraftOnce();
  const constraint = useMemo(() => formConstraint(schema), [schema]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one hook for every section's schema; each field component reads its own value type
  const [form, fields] = useForm<Record<string, any>, Record<string, any>, string[]>({
    id: formKey,
    lastResult,
    defaultValue: (restored?.values ?? defaultValue) as Record<string, string>,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  useToastFrom(actionData);
  return { form, fields, setXhrResult };
}

/** The restored draft as the form opened with it (later loads of the layout's data do not change a form already open). */
function useRestoredDraftOnce() {
  const draft = useRestoredDraft();
  return useState(() => draft)[0];
}

/** Shows the action's toast as a client toast once it arrives (the page also renders it inline). */
export function useToastFrom(actionData: { toast?: Toast } | undefined) {
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
}

const UPLOAD_DONE: Toast = { type: "success", title: "Upload concluído" };

export function AdminForm({
  form,
  onXhrResult,
  submitLabel,
  cancelTo,
  cancelLabel = "Cancelar",
  actionData,
  children,
  submitDisabled = false,
  id,
  recordId,
  uploadDoneToast = UPLOAD_DONE,
  onSaved,
  section,
}: {
  form: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  onXhrResult: (result: SubmissionResult<string[]> | null) => void;
  submitLabel: string;
  cancelTo: string;
  cancelLabel?: string;
  actionData: AdminActionData | undefined;
  children: ReactNode;
  submitDisabled?: boolean;
  id?: string;
  /** The id of the row being edited, posted as `id` (none when creating). */
  recordId?: string;
  /** Shown when a file upload went through and the save succeeded. */
  uploadDoneToast?: Toast;
  /** Called once the form was saved (its save's answer brought the page back at another address). */
  onSaved?: () => void;
  /**
   * The registry's key of the section whose form this is (`SECTIONS.<section>.key`): its files go
   * ahead under that section's upload rules and its refusals read as that section's. Needed by a
   * form with file fields; a form without any needs none.
   */
  section?: ContentSectionKey;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef);
  const restored = useRestoredDraftOnce();
  // A refused save comes back as the action's data: the form stays, with its changes unsaved.
  useEffect(() => unsaved.notSaved(), [actionData, unsaved]);
  // The form goes away while its save is under way when the save's answer moves the page on
  // (React Router has already written the new address). A save that worked comes back to this page
  // at another address (the list, `?salvo=`). One that ended on the sign-in page (the session ended
  // on the way) or on this same address (an error screen) saved nothing: its work is kept.
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  }, [onSaved]);
  const savingFrom = useRef<{ pathname: string; address: string } | null>(null);
  const uploadDone = useRef(uploadDoneToast);
  useEffect(() => {
    uploadDone.current = uploadDoneToast;
  }, [uploadDoneToast]);
  // Files sent ahead and carried by the save under way: the upload toast follows a save that
  // worked, never a refused one (its form comes back, remounted, at the same address). It names
  // the files the library already had (`same`: no copy was made of them).
  const uploaded = useRef<{ same: string[] } | null>(null);
  // A file refused in a section whose save goes on without it (an optional photo): its toast
  // follows the save's outcome, saved without the file, or (a refused save) with the reason only.
  const skipped = useRef<{ toast: Toast; reason: string } | null>(null);
  useEffect(
    () => () => {
      const from = savingFrom.current;
      const { pathname, search } = window.location;
      const refused = skipped.current;
      if (!(unsaved.wasSaving() && from && pathname === from.pathname)) return;
      if (pathname + search === from.address) {
        if (refused) showToast({ ...refused.toast, description: refused.reason });
        return;
      }
      if (refused) showToast(refused.toast);
      saved.current?.();
      const sent = uploaded.current;
      if (sent) showToast(sent.same.length > 0 ? { ...uploadDone.current, description: sameFileMessage(sent.same) } : uploadDone.current);
    },
    [unsaved],
  );
  const navigation = useNavigation();
  const submit = useSubmit();
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const busy = submitting || progress !== null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    unsaved.saving();
    savingFrom.current = { pathname: window.location.pathname, address: window.location.pathname + window.location.search };
    const element = event.currentTarget;
    const inputs = Array.from(element.querySelectorAll<HTMLInputElement>('input[type="file"]')).filter((input) => input.name && input.files?.[0]);
    if (inputs.length === 0) return; // React Router submits it (pending state through useNavigation)
    event.preventDefault();
    // Read now: while the files go, the form's controls are disabled, and disabled controls post nothing.
    const body = new FormData(element);
    const failure = uploadFailure(section ?? "");
    const picks: Record<string, string> = {};
    const same: string[] = [];
    uploaded.current = null;
    skipped.current = null;
    setProgress(0);
    for (const [index, input] of inputs.entries()) {
      // The image's alt text and caption go with it (upload-description.tsx), and not with the save.
      const words = descriptionFields(input.name);
      const [alt, caption] = [words.alt, words.caption].map((name) => {
        const value = body.get(name);
        body.delete(name);
        return typeof value === "string" ? value : "";
      });
      const outcome = await uploadFile(input.files![0]!, {
        section: section ?? "",
        field: input.name,
        alt,
        caption,
        onProgress: (percent) => setProgress(Math.round((index * 100 + percent) / inputs.length)),
      });
      if ("error" in outcome) {
        // The section's own upload toast, as its action gives it without JavaScript.
        const toast = failure.toast({ reason: outcome.error, status: outcome.status, editing: Boolean(recordId) });
        // A section whose save goes on without the file (an optional photo) saves without it, and
        // says so once the save is done.
        if (failure.saveGoesOn) {
          body.delete(input.name);
          skipped.current = { toast, reason: outcome.error };
          continue;
        }
        showToast(toast);
        setProgress(null);
        unsaved.notSaved();
        onXhrResult({ status: "error", error: { [input.name]: [outcome.error] }, state: { validated: { [input.name]: true } } });
        return;
      }
      picks[input.name] = outcome.file.url;
      if (outcome.file.alreadyInLibrary) same.push(outcome.file.name);
    }
    // The files are in the library now: each field shows its file as its pick (a refused save
    // keeps it, with nothing to send again), and the form is saved with the picks instead.
    for (const input of inputs.filter((input) => picks[input.name])) {
      body.delete(input.name);
      body.set(libraryField(input.name), picks[input.name]!);
      input.value = "";
      input.dispatchEvent(new Event("change", { bubbles: true }));
      announceLibraryPick(element, input.name, picks[input.name]!);
    }
    uploaded.current = Object.keys(picks).length > 0 ? { same } : null;
    setProgress(null);
    await submit(body, { method: "post", action: element.getAttribute("action") ?? undefined, encType: "multipart/form-data" });
  }

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      id={id ?? form.id}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      aria-busy={busy || undefined}
    >
      {/* Enter in a field saves: the first submit button is the default one, and the library
          pickers below are submit buttons too. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      {actionData?.toast ? <InlineAlert toast={actionData.toast} /> : null}
      {restored && !actionData ? (
        <>
          <RestoredDraftNote draft={restored} />
          {/* Not saved yet: leaving asks first (unsaved-changes.tsx counts this mark as a change). */}
          <input type="hidden" data-unsaved="" />
        </>
      ) : null}
      <fieldset disabled={busy} className="space-y-5 disabled:opacity-80">
        {recordId ? <input type="hidden" name="id" value={recordId} /> : null}
        {children}
      </fieldset>
      {progress !== null ? (
        <div role="status" aria-live="polite" className="space-y-1">
          <progress max={100} value={progress} className="h-2 w-full overflow-hidden rounded-full" aria-label="Progresso do envio" />
          <p className="text-sm text-slate-600">Enviando arquivo... {progress}%</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3 pt-2">
        <button
          type="submit"
          disabled={busy || submitDisabled}
          className="rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? "Salvando..." : submitLabel}
        </button>
        {busy ? (
          <span aria-disabled="true" className="rounded-full border border-slate-300 px-6 py-2.5 font-semibold text-slate-400">
            {cancelLabel}
          </span>
        ) : (
          <Link to={cancelTo} className="rounded-full border border-slate-300 px-6 py-2.5 font-semibold text-slate-700 hover:bg-slate-50">
            {cancelLabel}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The action's message inside the page (the toast itself needs the next page or JavaScript). */
export function InlineAlert({ toast }: { toast: Toast }) {
  return (
    <div
      role="alert"
      className={`rounded-lg border px-4 py-3 ${toast.type === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm">{toast.description}</p> : null}
    </div>
  );
}
