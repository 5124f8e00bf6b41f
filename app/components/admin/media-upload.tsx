// Sending a file to the media library ahead of a save, with its progress (JavaScript only).
// `uploadFile` posts one file to the upload route (/admin/midia/enviar) by XMLHttpRequest, the one
// browser API that reports how much of an upload has gone, and reads its JSON answer. Admin forms
// use it for their file fields (admin-form.tsx); `ImageUploadButton` lets the rich-text editor
// upload an image with its alt text and caption and insert it at once.
import { useId, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { uploadUrl, type UploadedFile } from "~/lib/media/library";

export type UploadOutcome = { file: UploadedFile } | { error: string; status: number };

const FAILED = "Não foi possível enviar o arquivo. Tente novamente.";
const SIGNED_OUT = "Sua sessão expirou. Entre de novo no painel e tente outra vez.";

/**
 * Sends `file` for the form field `field` of the admin section `section` ("portfolio",
 * "cover_image"), reporting progress from 0 to 100. Never throws: a refusal, a network failure or
 * an answer that is not the route's JSON (a proxy's 413, a sign-in page) is an `{error}`.
 */
export function uploadFile(
  file: File,
  {
    section,
    field,
    alt = "",
    caption = "",
    onProgress,
  }: { section: string; field: string; alt?: string; caption?: string; onProgress?: (percent: number) => void },
): Promise<UploadOutcome> {
  const body = new FormData();
  // Words first: the server reads them before the file's bytes arrive.
  body.append("alt", alt);
  body.append("legenda", caption);
  body.append("arquivo", file);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl(section, field));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const answer = xhr.response as { file?: UploadedFile; error?: string } | null;
      // 201: stored; 200: the library already had the file (its own is used, no copy made).
      if ((xhr.status === 201 || xhr.status === 200) && answer?.file) return resolve({ file: answer.file });
      // Redirected to the sign-in page: the session is gone (the answer is HTML, not the route's JSON).
      if (new URL(xhr.responseURL || location.href).pathname.startsWith("/admin/login")) return resolve({ error: SIGNED_OUT, status: 401 });
      if (xhr.status === 413) return resolve({ error: answer?.error ?? "Arquivo muito grande.", status: 413 });
      resolve({ error: answer?.error ?? FAILED, status: xhr.status || 500 });
    };
    xhr.onerror = () => resolve({ error: FAILED, status: 0 });
    xhr.send(body);
  });
}

/**
 * "Enviar imagem": a button that opens a small dialog to pick an image, describe it (alt text, and
 * an optional caption) and send it to the library with a progress bar; `onUploaded` gets the stored
 * file (to insert it). The dialog's fields belong to no form (they may sit inside the post's form,
 * which must neither post them nor count them as unsaved changes).
 */
export function ImageUploadButton({ onUploaded, label = "Enviar imagem" }: { onUploaded: (file: UploadedFile) => void; label?: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = useState(false);
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A form id no element has: these controls belong to no form.
  const noForm = `${id}-sem-formulario`;

  async function send() {
    const file = input.current?.files?.[0];
    if (!file) return setError("Escolha uma imagem para enviar.");
    if (!file.type.startsWith("image/")) return setError("Por favor, selecione uma imagem.");
    setError(null);
    setProgress(0);
    const outcome = await uploadFile(file, { section: "midia", field: "imagem_conteudo", alt, caption, onProgress: setProgress });
    setProgress(null);
    if ("error" in outcome) return setError(outcome.error);
    onUploaded(outcome.file);
    dialog.current?.close();
  }

  return (
    <>
      <button
        type="button"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          setAlt("");
          setCaption("");
          setError(null);
          setOpen(true);
        }}
        className="rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        {label}
      </button>
      {open ? (
        <Dialog
          ref={dialog}
          title="Enviar imagem"
          onClose={() => setOpen(false)}
          onCancel={(event) => {
            if (progress !== null) event.preventDefault(); // the upload runs on: wait for it
          }}
          // Enter in a field sends (the fields belong to no form, and the post's form around must not save).
          onKeyDown={(event) => {
            if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
              event.preventDefault();
              void send();
            }
          }}
        >
          <div className="space-y-4">
            <label className="block text-sm font-medium text-slate-700">
              Imagem
              <input ref={input} form={noForm} type="file" accept="image/*" className="mt-1 block w-full text-sm" disabled={progress !== null} />
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Texto alternativo
              <input
                form={noForm}
                value={alt}
                onChange={(event) => setAlt(event.currentTarget.value)}
                maxLength={300}
                disabled={progress !== null}
                aria-describedby={`${id}-alt-hint`}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              <span id={`${id}-alt-hint`} className="mt-1 block text-xs font-normal text-slate-500">
                Descreva a imagem para quem não pode vê-la.
              </span>
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Legenda (opcional)
              <input
                form={noForm}
                value={caption}
                onChange={(event) => setCaption(event.currentTarget.value)}
                maxLength={500}
                disabled={progress !== null}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
            {progress !== null ? (
              <div role="status" aria-live="polite" className="space-y-1">
                <progress max={100} value={progress} className="h-2 w-full" aria-label="Progresso do envio" />
                <p className="text-sm text-slate-600">Enviando arquivo... {progress}%</p>
              </div>
            ) : null}
            {error ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                {error}
              </p>
            ) : null}
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              disabled={progress !== null}
              onClick={() => dialog.current?.close()}
              className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              Cancelar
            </button>
            <button
              type="button"
              disabled={progress !== null}
              onClick={() => void send()}
              className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {progress !== null ? "Enviando..." : "Enviar e inserir"}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The rich-text editor's content for an uploaded image: the image with its alt text, and its
 * caption (if any) as an italic line below it (the editor keeps no <figcaption>).
 */
export function uploadedImageContent(file: UploadedFile) {
  const image = { type: "image", attrs: { src: file.url, alt: file.alt || null } };
  if (!file.caption) return [image];
  return [image, { type: "paragraph", content: [{ type: "text", text: file.caption, marks: [{ type: "italic" }] }] }];
}
