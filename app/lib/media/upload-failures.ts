// What each admin section says when a file sent with its form is not stored (a wrong type, too
// large, the network, the session): one table, by section (the admin page's path under /admin/,
// as in the upload rules), read by both ways a file travels. Without JavaScript the file goes with
// the form and the section's action builds the toast from here; with JavaScript the form sends it
// ahead to the upload route and shows the same toast from here (admin-form.tsx). Before this table
// the browser showed one generic text for every section.
//
// Isomorphic: the browser reads it too.
import type { Toast } from "../toast";

/** What a refusal is known by: its reason in Portuguese, its HTTP status, and whether a row is being edited. */
export interface UploadRefusal {
  reason: string;
  status: number;
  editing: boolean;
}

export interface UploadFailureText {
  toast: (refusal: UploadRefusal) => Toast;
  /** The save goes on without the file (the row keeps its previous one) instead of stopping. */
  saveGoesOn?: boolean;
}

const invalidFile: UploadFailureText = { toast: ({ reason }) => ({ type: "error", title: "Arquivo inválido", description: reason }) };

export const UPLOAD_FAILURES = {
  portfolio: invalidFile,
  "window-films-portfolio": invalidFile,
  // A panel's photo is optional: a refused photo never stops the panel's save.
  "led-panels": {
    toast: ({ reason, editing }) => ({
      type: "error",
      title: "Erro ao fazer upload da foto",
      description: `${reason} ${editing ? "A foto anterior foi mantida." : "O painel foi salvo sem foto."}`,
    }),
    saveGoesOn: true,
  },
  // The reason goes next to the field; the toast is the section's own sentence.
  "client-logos": { toast: () => ({ type: "error", title: "Erro no upload", description: "Não foi possível enviar o logo" }) },
  // This section's errors carry the reason in the title ("Erro ao enviar vídeo: ...").
  "course-testimonials": { toast: ({ reason }) => ({ type: "error", title: `Erro ao enviar vídeo: ${reason}` }) },
  blog: { toast: ({ reason }) => ({ type: "error", title: "Erro ao enviar imagem", description: reason }) },
  // The library's own upload form, and images inserted into a post's text.
  midia: {
    toast: ({ reason, status }) => ({ type: "error", title: status === 413 ? "Arquivo muito grande" : "Arquivo inválido", description: reason }),
  },
} as const satisfies Record<string, UploadFailureText>;

type UploadSection = keyof typeof UPLOAD_FAILURES;

/** The failure text of the section `section` ("led-panels"); the library's for a path this table does not know. */
export function uploadFailure(section: string): UploadFailureText {
  return Object.hasOwn(UPLOAD_FAILURES, section) ? UPLOAD_FAILURES[section as UploadSection] : UPLOAD_FAILURES.midia;
}

/** The toast of a refused file in `section`. */
export function uploadFailureToast(section: string, refusal: UploadRefusal): Toast {
  return uploadFailure(section).toast(refusal);
}
