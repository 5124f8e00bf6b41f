// The alt text and caption of an image sent with a section's image field (the cover, the photo,
// the logo): asked next to the file input, kept in the media library with the file, which is where
// the public pages read it. Posted with the form without JavaScript (the action's shared upload
// parsing keeps them with the stored file); with JavaScript the upload route receives them with
// the file (admin-form.tsx). They describe the file sent now: a file picked from the library keeps
// its own words, which the library page edits.
import { useEffect, useState } from "react";
import { ALT_MAX, CAPTION_MAX, descriptionFields } from "~/lib/media/library";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none";

/**
 * The two optional fields for the upload field `field`, when its `accept` list takes images. A
 * field that also takes videos says so; with JavaScript the fields step aside (and post nothing)
 * while a video is picked, since a video has no alt text.
 */
export function UploadDescription({ field, accept, fileInputId }: { field: string; accept: string; fileInputId: string }) {
  const names = descriptionFields(field);
  const takesVideo = accept.includes("video");
  const [video, setVideo] = useState(false);
  useEffect(() => {
    const input = document.getElementById(fileInputId);
    if (!(input instanceof HTMLInputElement) || !takesVideo) return;
    const update = () => setVideo(input.files?.[0]?.type.startsWith("video/") ?? false);
    input.addEventListener("change", update);
    return () => input.removeEventListener("change", update);
  }, [fileInputId, takesVideo]);
  if (!accept.includes("image")) return null;
  const hintId = `${field}-descricao-dica`;
  return (
    <fieldset className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3" disabled={video} hidden={video} data-upload-description={field}>
      <legend className="sr-only">Descrição da imagem enviada</legend>
      <div>
        <label htmlFor={names.alt} className="block text-sm font-medium text-slate-700">
          Texto alternativo (descreve a imagem para quem não a vê)
        </label>
        <input id={names.alt} name={names.alt} maxLength={ALT_MAX} aria-describedby={hintId} className={inputClass} />
      </div>
      <div>
        <label htmlFor={names.caption} className="block text-sm font-medium text-slate-700">
          Legenda (opcional)
        </label>
        <input id={names.caption} name={names.caption} maxLength={CAPTION_MAX} aria-describedby={hintId} className={inputClass} />
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        Opcional. Vale para a imagem enviada neste campo{takesVideo ? " (não para vídeos)" : ""}; para mudar a de uma imagem já salva, use a Biblioteca de
        mídia.
      </p>
    </fieldset>
  );
}
