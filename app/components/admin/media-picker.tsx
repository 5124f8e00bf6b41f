// Picking a file already in the media library instead of uploading it again.
// Without JavaScript "Escolher da biblioteca" is a link to /admin/midia?escolher=<field>, whose
// files link back to the form with the file's URL in the page's address; the form posts it in
// the field's library field (see libraryField). With JavaScript the same link opens a dialog
// with thumbnails, loaded from the library page's loader, and picking fills the field at once.
import { useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { Link, useActionData, useFetcher, useLocation, useSearchParams } from "react-router";
import { previewSrc } from "~/lib/media/image-url";
import { BUCKET_LABELS, formatBytes, LIBRARY_SEARCH_FIELD, libraryField, type LibraryFile, type LibraryListing } from "~/lib/media/library";

/** Which files a field takes. */
export type PickerAccept = "image" | "video" | "media";

const TYPE_PARAM: Record<PickerAccept, string> = { image: "imagem", video: "video", media: "" };

/** An input's accept list as the kind of library file it takes. */
export function pickerAcceptFor(accept: string): PickerAccept {
  const video = accept.includes("video");
  const image = accept.includes("image");
  return video && image ? "media" : video ? "video" : "image";
}

/**
 * The library page in picker mode for a field, returning to `returnTo`; `search` is the library
 * page's own search (`busca`: by name and alt text, accents and case aside).
 */
function pickerHref(field: string, accept: PickerAccept, returnTo: string, page = 1, search = ""): string {
  const params = new URLSearchParams({ escolher: field, voltar: returnTo });
  if (TYPE_PARAM[accept]) params.set("tipo", TYPE_PARAM[accept]);
  if (search.trim()) params.set("busca", search.trim());
  if (page > 1) params.set("pagina", String(page));
  return `/admin/midia?${params}`;
}

/** How long the dialog waits after the last key before searching (one request per pause, not per key). */
const SEARCH_DELAY_MS = 250;

/** How a thumbnail fills its box: the whole image, letterboxed on a neutral background (a wide logo is never cropped). */
export const THUMBNAIL_FIT = "bg-slate-100 object-contain";

/**
 * A library file's thumbnail: images through the image route, videos as a frame of the file
 * (muted and never played, so it has no captions to give), anything else as its name.
 *
 * The video lets clicks pass through it: the thumbnails sit inside the picker's buttons, and with
 * JavaScript off Chromium does not activate a button when the click lands on a <video> inside it
 * (picking a video without JavaScript did nothing, and the form was then saved without it).
 */
export function LibraryThumbnail({ file, className }: { file: Pick<LibraryFile, "url" | "name" | "type"> & { alt?: string }; className?: string }) {
  if (file.type === "image") return <img src={previewSrc(file.url)} alt={file.alt || file.name} className={className} loading="lazy" />;
  if (file.type === "video")
    return <video src={`${file.url}#t=0.5`} className={`pointer-events-none ${className ?? ""}`} muted playsInline preload="metadata" aria-label={file.name} />;
  return <div className={`${className ?? ""} flex items-center justify-center text-xs text-slate-500`}>{file.name}</div>;
}

export interface MediaPickerProps {
  /** The upload field the file is for (names the picker page's `escolher` parameter). */
  field: string;
  /** Which files are offered. */
  accept: PickerAccept;
  /** Called with the picked file's public URL, and the file (its name, alt text...), with JavaScript. */
  onPick: (url: string, file: LibraryFile) => void;
  label?: string;
  /** The field's own label, added to the link's accessible name when a form has several pickers. */
  fieldLabel?: string;
  /** Where the picker page returns without JavaScript; default: this page. */
  returnTo?: string;
  /** Inside an admin form: without JavaScript the picker submits the form (keeping what was typed). */
  inForm?: boolean;
}

/**
 * "Escolher da biblioteca": a link to the library's picker page, which with JavaScript opens a
 * dialog of thumbnails instead and calls `onPick(url)` with the chosen file (the blog's editor
 * uses it so; FileField through LibraryChoice).
 */
export function MediaPicker({ field, accept, onPick, label = "Escolher da biblioteca", fieldLabel, returnTo, inForm = false }: MediaPickerProps) {
  const location = useLocation();
  // Without JavaScript the form comes back at the library's files for this field, not at the top.
  const here = `${location.pathname}${location.search}`;
  const back = returnTo ?? withoutParam(location.pathname, location.search, libraryField(field));
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<LibraryListing>();
  const data = fetcher.data;
  const [search, setSearch] = useState("");
  const load = (page: number, query = search) => fetcher.load(pickerHref(field, accept, back, page, query));
  // Typing searches after a pause; the field belongs to no form (the dialog may sit inside the
  // section's form, which must neither post it nor count it as a change).
  const typed = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typed.current), []);
  const searchFor = (query: string) => {
    setSearch(query);
    clearTimeout(typed.current);
    typed.current = setTimeout(() => void load(1, query), SEARCH_DELAY_MS);
  };
  // With JavaScript, either kind of opener shows the dialog instead.
  const opener = {
    "aria-label": fieldLabel ? `${label}: ${fieldLabel}` : undefined,
    className: "inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50",
    onClick: (event: { preventDefault(): void }) => {
      event.preventDefault();
      setOpen(true);
      setSearch("");
      load(1, "");
    },
  };
  return (
    <>
      {inForm ? (
        // Without JavaScript a submit button of the form, so what was typed comes along (the
        // section's action answers with the library's files, see libraryStep).
        <button type="submit" name="intent" value={`biblioteca:${field}`} formNoValidate formAction={`${here}#${offeredAnchor(field)}`} {...opener}>
          {label}
        </button>
      ) : (
        <Link to={pickerHref(field, accept, back)} {...opener}>
          {label}
        </Link>
      )}
      {/* Rendered only while open, so its buttons never count among the page's focusable
          controls (a section's form dialog keeps Tab inside itself by listing them). */}
      {open ? (
        <Dialog
          ref={dialog}
          title="Escolher da biblioteca"
          size="3xl"
          onClose={() => setOpen(false)}
          closeControl={(props) => (
            <button type="button" onClick={() => dialog.current?.close()} {...props}>
              ×
            </button>
          )}
        >
          <div role="search" className="mb-4">
            <label htmlFor={`picker-${field}-busca`} className="block text-sm font-medium text-slate-700">
              Buscar por nome
            </label>
            <input
              id={`picker-${field}-busca`}
              type="search"
              form={`picker-${field}-sem-formulario`}
              value={search}
              onChange={(event) => searchFor(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter searches at once, and never saves the form around the dialog.
                if (event.key !== "Enter") return;
                event.preventDefault();
                clearTimeout(typed.current);
                void load(1);
              }}
              placeholder="Ex.: foto-equipe"
              maxLength={100}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          {!data ? (
            <p role="status" className="text-sm text-slate-500">
              Carregando...
            </p>
          ) : data.files.length === 0 ? (
            <p className="text-slate-500">{search.trim() ? `Nenhum arquivo encontrado para “${search.trim()}”` : "Nenhum arquivo na biblioteca."}</p>
          ) : (
            <ul className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3">
              {data.files.map((file) => (
                <li key={file.id}>
                  <button
                    type="button"
                    className="w-full overflow-hidden rounded-xl border border-slate-200 text-left hover:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
                    aria-label={`Escolher ${file.name}`}
                    onClick={() => {
                      onPick(file.url, file);
                      dialog.current?.close();
                    }}
                  >
                    <LibraryThumbnail file={file} className={`h-28 w-full ${THUMBNAIL_FIT}`} />
                    <span className="block truncate px-2 pt-1 text-xs font-medium text-slate-800">{file.name}</span>
                    <span className="block px-2 pb-1 text-xs text-slate-500">
                      {BUCKET_LABELS[file.bucket]} · {formatBytes(file.size)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {data && data.pages > 1 ? (
            <div className="mt-4 flex items-center justify-center gap-4 text-sm">
              <button
                type="button"
                disabled={data.page <= 1}
                onClick={() => load(data.page - 1)}
                className="rounded-full border border-slate-300 px-4 py-1.5 font-semibold disabled:opacity-40"
              >
                Anterior
              </button>
              <span>
                Página {data.page} de {data.pages}
              </span>
              <button
                type="button"
                disabled={data.page >= data.pages}
                onClick={() => load(data.page + 1)}
                className="rounded-full border border-slate-300 px-4 py-1.5 font-semibold disabled:opacity-40"
              >
                Próxima
              </button>
            </div>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The library side of an upload field: the picker, and the picked file (from the dialog, or from
 * the page's address after the picker page) posted in `libraryField(field)` and shown as a preview.
 */
export function LibraryChoice({
  field,
  accept,
  label,
  onChosen,
}: {
  field: string;
  accept: PickerAccept;
  label: string;
  /** Told the file chosen for the field ("" when none), whenever that changes. */
  onChosen?: (url: string) => void;
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const param = libraryField(field);
  const [picked, setPicked] = useState<string | null>(null);
  // A file the form sent to the library just before saving becomes this field's pick (see announceLibraryPick).
  const hidden = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const input = hidden.current;
    const listener = (event: Event) => setPicked((event as CustomEvent<string>).detail);
    input?.addEventListener(LIBRARY_PICK, listener);
    return () => input?.removeEventListener(LIBRARY_PICK, listener);
  }, []);
  // A refused save comes back with the file it already stored for this field; the picker without
  // JavaScript with the file chosen, or with the library's files to choose from.
  // A refused save also comes back with what the form posted: a file sent ahead of the save (with
  // JavaScript) or picked before it stays the field's choice.
  const answer = useActionData() as
    | {
        kept?: Record<string, string>;
        chosen?: Record<string, string>;
        picker?: { field: string; search?: string; files: LibraryFile[] };
        lastResult?: { initialValue?: Record<string, unknown> | null } | null;
      }
    | undefined;
  const posted = answer?.lastResult?.initialValue?.[param];
  const kept = answer?.kept?.[field] ?? (typeof posted === "string" && posted ? posted : undefined);
  const chosen = picked ?? answer?.chosen?.[field] ?? kept ?? searchParams.get(param) ?? "";
  const offered = answer?.picker?.field === field ? answer.picker.files : null;
  const here = `${location.pathname}${location.search}`;
  useEffect(() => onChosen?.(chosen), [chosen, onChosen]);
  return (
    <div id={choiceAnchor(field)} className="mt-2 scroll-mt-24 space-y-2">
      {/* A pick made here is a change of the form (see unsaved-changes.tsx). */}
      <input ref={hidden} type="hidden" name={param} value={chosen} data-unsaved={picked !== null ? "" : undefined} />
      {chosen ? (
        <figure data-library-choice={field}>
          <LibraryThumbnail
            file={{ url: chosen, name: `${label}: arquivo escolhido`, type: /\.(mp4|webm|ogg|mov)$/i.test(chosen) ? "video" : "image" }}
            className="h-32 w-auto rounded-lg border border-slate-200 object-cover"
          />
          <figcaption className="mt-1 text-xs text-slate-500">
            {kept && picked === null && !answer?.chosen?.[field]
              ? "Arquivo já enviado (usado ao salvar; não é preciso escolhê-lo de novo)."
              : "Escolhido da biblioteca (usado ao salvar, se nenhum arquivo novo for enviado)."}{" "}
            <Link
              to={withoutParam(location.pathname, location.search, param)}
              replace
              preventScrollReset
              className="font-medium text-brand-600 hover:underline"
              onClick={(event) => {
                event.preventDefault();
                setPicked("");
              }}
            >
              Desfazer escolha
            </Link>
          </figcaption>
        </figure>
      ) : null}
      <MediaPicker field={field} accept={accept} onPick={setPicked} fieldLabel={label} inForm />
      {offered ? (
        <fieldset id={offeredAnchor(field)} className="scroll-mt-24 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Escolher da biblioteca: {label}</legend>
          {/* The same search as the dialog's and the library page's, a submit of the form too. */}
          <div role="search" className="mb-3 flex flex-wrap items-end gap-2">
            <label className="min-w-48 flex-1 text-sm font-medium text-slate-700">
              Buscar por nome
              <input
                type="search"
                name={LIBRARY_SEARCH_FIELD}
                defaultValue={answer?.picker?.search ?? ""}
                maxLength={100}
                placeholder="Ex.: foto-equipe"
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
            <button
              type="submit"
              name="intent"
              value={`biblioteca:${field}`}
              formNoValidate
              formAction={`${here}#${offeredAnchor(field)}`}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Buscar
            </button>
          </div>
          {offered.length === 0 ? (
            <p className="text-sm text-slate-500">
              {answer?.picker?.search ? `Nenhum arquivo encontrado para “${answer.picker.search}”` : "Nenhum arquivo na biblioteca."}
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {offered.map((file) => (
                <li key={file.id}>
                  <button
                    type="submit"
                    name="intent"
                    value={`escolhido:${field}:${file.url}`}
                    formNoValidate
                    formAction={`${here}#${choiceAnchor(field)}`}
                    aria-label={`Escolher ${file.name}`}
                    className="w-full overflow-hidden rounded-xl border border-slate-200 text-left hover:border-brand-500"
                  >
                    <LibraryThumbnail file={file} className={`h-24 w-full ${THUMBNAIL_FIT}`} />
                    <span className="block truncate px-2 py-1 text-xs font-medium text-slate-800">{file.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}

const LIBRARY_PICK = "library-pick";

/** Where the form comes back without JavaScript: the library's files offered for `field`, then the field with its choice. */
const offeredAnchor = (field: string) => `biblioteca-${field}`;
const choiceAnchor = (field: string) => `escolha-${field}`;

/** Tells the form's field `field` that `url` is now its library pick (a file the form just sent to the library). */
export function announceLibraryPick(form: HTMLFormElement, field: string, url: string) {
  const input = form.querySelector(`input[type="hidden"][name="${CSS.escape(libraryField(field))}"]`);
  input?.dispatchEvent(new CustomEvent(LIBRARY_PICK, { detail: url }));
}

/** The page's address without one query parameter (others kept as written: "?novo" stays "?novo"). */
export function withoutParam(pathname: string, search: string, param: string): string {
  const rest = search
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part && part.split("=")[0] !== param);
  return rest.length ? `${pathname}?${rest.join("&")}` : pathname;
}
