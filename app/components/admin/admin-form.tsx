// The one admin form: a real POST form that works without JavaScript. With JavaScript,
// conform validates on the client first, the submit button reads 'Salvando...' while the
// action runs, and a form carrying a file is sent by XHR so the upload shows its progress;
// the form's controls stay disabled meanwhile. The XHR posts to the route's data URL, as React
// Router's own fetches do, and reads the action's answer in the same format.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, UNSAFE_decodeViaTurboStream as decodeViaTurboStream, useLocation, useNavigate, useNavigation } from "react-router";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { showToast, type Toast } from "~/lib/toast";
import { useUnsavedChanges } from "./unsaved-changes";

export interface AdminActionData {
  lastResult: SubmissionResult<string[]> | null;
  toast?: Toast;
}

/** What an action answered to a form sent by XHR. */
type XhrOutcome = { redirect: string } | { data: AdminActionData } | { failed: number };

/** The data URL of a form's action (/admin/blog?editar=1 → /admin/blog.data?editar=1). */
function dataUrl(action: string): string {
  const url = new URL(action, window.location.href);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url.href;
}

/** Reads React Router's answer to a data request: a redirect, the action's data, or a failure outside it. */
async function readOutcome(xhr: XMLHttpRequest): Promise<XhrOutcome> {
  const redirect = xhr.getResponseHeader("X-Remix-Redirect");
  if (redirect) return { redirect };
  // Answers from outside React Router (the server's body limit, a proxy) have no body to decode.
  if (!xhr.getResponseHeader("X-Remix-Response") || !(xhr.response instanceof ArrayBuffer)) return { failed: xhr.status };
  try {
    const { value } = await decodeViaTurboStream(new Response(xhr.response).body!, window);
    if (value && typeof value === "object" && "redirect" in value && typeof value.redirect === "string") return { redirect: value.redirect };
    if (value && typeof value === "object" && "data" in value) return { data: value.data as AdminActionData };
  } catch {
    // An answer that cannot be read counts as a failed save.
  }
  return { failed: xhr.status };
}

/**
 * The React key of a section's form: the row it edits and the navigation that showed it. Every
 * navigation (a save's redirect back to the list, 'Cancelar', 'Novo', 'Editar') then starts from a
 * fresh form, as a page load does without JavaScript; a refused save keeps the same location, so
 * the form keeps what was typed next to its errors.
 */
export function useFormKey(recordId: string | null | undefined): string {
  return `${recordId ?? "novo"}:${useLocation().key}`;
}

/** conform's useForm wired to a zod schema, the server's last reply and the record's values. */
export function useAdminForm<Schema extends z.ZodType>(
  schema: Schema,
  actionData: AdminActionData | undefined,
  defaultValue: Record<string, unknown>,
  formKey: string,
) {
  const [xhrResult, setXhrResult] = useState<SubmissionResult<string[]> | null>(null);
  const lastResult = xhrResult ?? actionData?.lastResult ?? undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one hook for every section's schema; each field component reads its own value type
  const [form, fields] = useForm<Record<string, any>, Record<string, any>, string[]>({
    id: formKey,
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  useToastFrom(actionData);
  return { form, fields, setXhrResult };
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
  /** Called once the form was saved (its page moved on after the save). */
  onSaved?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef);
  // A refused save comes back as the action's data: the form stays, with its changes unsaved.
  useEffect(() => unsaved.notSaved(), [actionData, unsaved]);
  // The form goes away while its save was under way only when the save moved the page on.
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  }, [onSaved]);
  useEffect(
    () => () => {
      if (unsaved.wasSaving()) saved.current?.();
    },
    [unsaved],
  );
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const busy = submitting || progress !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    unsaved.saving();
    const element = event.currentTarget;
    const hasFile = Array.from(element.querySelectorAll<HTMLInputElement>('input[type="file"]')).some((input) => (input.files?.length ?? 0) > 0);
    if (!hasFile) return; // React Router submits it (pending state through useNavigation)
    event.preventDefault();
    const body = new FormData(element);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", dataUrl(element.action));
    xhr.responseType = "arraybuffer";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = async () => {
      const outcome = await readOutcome(xhr);
      setProgress(null);
      if ("redirect" in outcome) {
        // The list shows the action's toast itself (from its flash cookie, as without JavaScript).
        showToast(uploadDoneToast);
        navigate(outcome.redirect);
        return;
      }
      unsaved.notSaved();
      if ("data" in outcome) {
        if (outcome.data.toast) showToast(outcome.data.toast);
        onXhrResult(outcome.data.lastResult ?? null);
        return;
      }
      if (outcome.failed === 413) showToast({ type: "error", title: "Arquivo muito grande" });
      else showToast({ type: "error", title: "Erro ao salvar", description: "Tente novamente." });
      onXhrResult(null);
    };
    setProgress(0);
    xhr.send(body);
  }

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      id={id ?? form.id}
      noValidate
      onSubmit={onSubmit}
      className="space-y-5"
      aria-busy={busy || undefined}
    >
      {/* Enter in a field saves: the first submit button is the default one, and the library
          pickers below are submit buttons too. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      {actionData?.toast ? <InlineAlert toast={actionData.toast} /> : null}
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
