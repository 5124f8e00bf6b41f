// Labelled admin form fields. Each shows its error (from the server reply or client
// validation) right below itself, linked with aria-describedby.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { previewSrc } from "~/lib/media/image-url";
import { showToast, type Toast } from "~/lib/toast";
import { inputProps, selectProps, textareaProps, type FieldState } from "~/components/ui/field-props";
import { LibraryChoice, pickerAcceptFor } from "./media-picker";
import { UploadDescription } from "./upload-description";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500 disabled:bg-slate-100";

/** Whether the field is marked and announced as required: the schema says, unless the form knows better. */
function isRequired(field: FieldState, required: boolean | undefined): boolean {
  return required ?? Boolean(field.required);
}

function FieldShell({ field, label, required, hint, children }: { field: FieldState; label: string; required?: boolean; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The mark of a required field, for the eye only: the control's own `required` attribute is what
 * a screen reader announces (so the field's name stays "Título", not "Título asterisco").
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-600">
      {" *"}
    </span>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-600" role={errors?.length ? "alert" : undefined}>
      {errors?.length ? errors.join(" ") : null}
    </p>
  );
}

// Each control's id, name, aria attributes, value and constraints come from the field kit; the
// `key` follows the value, so a value the server sends back replaces what the control showed.

/**
 * A text input. `required` overrides the schema where the form knows more (a logo is required
 * as a file or as a URL). `counted`: typing past the schema's maximum length is allowed, because
 * a counter says how many characters are too many and the save refuses them, while the browser's
 * `maxlength` would cut a pasted text without a word.
 */
export function TextField({
  field,
  label,
  required,
  type = "text",
  hint,
  counted,
  ...rest
}: { field: FieldState; label: string; required?: boolean; type?: string; hint?: string; counted?: boolean } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "type"
>) {
  const marked = isRequired(field, required);
  const props = inputProps(field, type);
  return (
    <FieldShell field={field} label={label} required={marked} hint={hint}>
      <input
        key={props.defaultValue}
        {...props}
        maxLength={counted ? undefined : props.maxLength}
        required={marked || undefined}
        className={inputClass}
        {...rest}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  field,
  label,
  required,
  rows = 3,
  hint,
  counted,
}: {
  field: FieldState;
  label: string;
  required?: boolean;
  rows?: number;
  hint?: string;
  /** As TextField's: a counter shows the length, the browser does not cut it. */
  counted?: boolean;
}) {
  const marked = isRequired(field, required);
  const props = textareaProps(field);
  return (
    <FieldShell field={field} label={label} required={marked} hint={hint}>
      <textarea
        key={props.defaultValue}
        rows={rows}
        {...props}
        maxLength={counted ? undefined : props.maxLength}
        required={marked || undefined}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function SelectField({ field, label, options, required }: { field: FieldState; label: string; options: readonly string[]; required?: boolean }) {
  const marked = isRequired(field, required);
  const props = selectProps(field);
  return (
    <FieldShell field={field} label={label} required={marked}>
      <select key={String(props.defaultValue)} {...props} defaultValue={props.defaultValue ?? ""} required={marked || undefined} className={inputClass}>
        <option value="" disabled>
          Selecione...
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * The local preview of a picked file: an object URL (the page's CSP allows blob: images and
 * media) released when another file is picked or the form goes away.
 */
export function useFilePreview() {
  const [picked, setPicked] = useState<{ url: string; video: boolean } | null>(null);
  const current = useRef<string | null>(null);
  // The last URL goes when the form does. (React's development double mount runs this cleanup
  // before anything is picked, so it never releases a URL still on screen.)
  useEffect(() => {
    const owned = current;
    return () => {
      if (owned.current) URL.revokeObjectURL(owned.current);
    };
  }, []);
  const pick = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const next = file ? { url: URL.createObjectURL(file), video: file.type.startsWith("video/") } : null;
    current.current = next?.url ?? null;
    setPicked(next);
  }, []);
  return [picked, pick] as const;
}

/**
 * A file input with a preview: the file just picked (with JavaScript, at once, before any upload),
 * else the record's current file. The upload itself goes with the save, so a file is stored only
 * when its row is written. A file of the media library can be picked instead (LibraryChoice).
 */
export function FileField({
  name,
  label,
  accept,
  current,
  error,
  hint,
  onFileChange,
  onLibraryChoice,
  preview = true,
  invalidToast,
}: {
  name: string;
  label: string;
  accept: string;
  current?: string | null;
  error?: string;
  hint?: string;
  onFileChange?: (file: File | null) => void;
  /** Told the media library file chosen for the field ("" when none). */
  onLibraryChoice?: (url: string) => void;
  /** False when the form shows its own preview (the logo's, which also previews a typed URL). */
  preview?: boolean;
  /** With JavaScript, a picked file outside `accept` is dropped at once with this toast (the server refuses it too). */
  invalidToast?: Toast;
}) {
  const id = `file-${name}`;
  const [picked, pick] = useFilePreview();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {preview && picked ? (
        <figure className="mt-2" data-preview={name}>
          <MediaPreview
            url={picked.url}
            video={picked.video}
            className="h-32 w-auto rounded-lg border border-slate-200 object-cover"
            alt={`Pré-visualização: ${label}`}
          />
          <figcaption className="mt-1 text-xs text-slate-500">Pré-visualização (enviado ao salvar)</figcaption>
        </figure>
      ) : preview && current ? (
        <MediaPreview url={current} className="mt-2 h-32 w-auto rounded-lg border border-slate-200 object-cover" />
      ) : null}
      <input
        {...inputProps({ name, id, errorId: `${id}-error`, errors: error ? [error] : undefined }, "file")}
        accept={accept}
        onChange={(event) => {
          let file = event.currentTarget.files?.[0] ?? null;
          if (file && invalidToast && !accepts(accept, file)) {
            showToast(invalidToast);
            event.currentTarget.value = "";
            file = null;
          }
          if (preview) pick(file);
          onFileChange?.(file);
        }}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
      />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <UploadDescription field={name} accept={accept} fileInputId={id} />
      <LibraryChoice field={name} accept={pickerAcceptFor(accept)} label={label} onChosen={onLibraryChoice} />
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

/** A cover that is neither an image nor a video (portfolio, window-films projects). */
export const INVALID_MEDIA: Toast = { type: "error", title: "Arquivo inválido", description: "Por favor, selecione uma imagem ou vídeo." };

/** Whether a file matches an input's `accept` list (types like image/png or image/*, or .ext). */
function accepts(accept: string, file: File): boolean {
  return accept.split(",").some((token) => {
    const rule = token.trim().toLowerCase();
    if (rule.startsWith(".")) return file.name.toLowerCase().endsWith(rule);
    if (rule.endsWith("/*")) return file.type.startsWith(rule.slice(0, -1));
    return file.type === rule;
  });
}

/** An image or a video, by the URL's extension (or `video` for a picked file's object URL). */
export function MediaPreview({ url, className, alt = "", video }: { url: string; className?: string; alt?: string; video?: boolean }) {
  if (video ?? /\.(mp4|webm|ogg)(\?|#|$)/i.test(url))
    return <video src={url} className={className} muted playsInline controls preload="metadata" aria-label={alt || undefined} />;
  return <img src={previewSrc(url)} alt={alt} className={className} loading={url.startsWith("blob:") ? "eager" : "lazy"} />;
}
