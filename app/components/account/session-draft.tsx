// The words around a save that found the session ended (app/lib/form-drafts.server.ts): on the
// sign-in page, why it appeared and what was kept; on the form afterwards, that what was typed is
// back and still has to be saved. Files cannot be kept, and both say so by name.
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { quotedFileNames } from "~/lib/media/library";

const SESSION_ENDED = "Sua sessão terminou. Entre de novo para salvar o que você escreveu.";

function filesNote(files: string[]): string | null {
  if (files.length === 0) return null;
  const one = files.length === 1;
  return `${one ? "O arquivo escolhido" : "Os arquivos escolhidos"} (${quotedFileNames(files, 5)}) não ${one ? "pôde" : "puderam"} ser ${one ? "guardado" : "guardados"}: ${one ? "escolha-o" : "escolha-os"} de novo antes de salvar.`;
}

/** Whether this browser holds a copy of a form being written (the blog's, kept as it is typed: local-draft.tsx). */
function browserKeptCopy(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith("rascunho-local:"));
  } catch {
    return false;
  }
}

/** On the sign-in page: why it appeared, what the server kept, and (with JavaScript) that the browser kept a copy too. */
export function SessionEndedNote({ files }: { files: string[] }) {
  const [localCopy, setLocalCopy] = useState(false);
  // Only the browser knows; shown once the page runs, never on the server.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setLocalCopy(browserKeptCopy()), []);
  const note = filesNote(files);
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900" data-session-ended>
      <p className="font-semibold">{SESSION_ENDED}</p>
      <p className="mt-1 text-sm">O que você escreveu foi guardado e volta para o formulário depois que você entrar.</p>
      {localCopy ? <p className="mt-1 text-sm">Este navegador também guardou uma cópia.</p> : null}
      {note ? <p className="mt-1 text-sm font-medium">{note}</p> : null}
    </div>
  );
}

export interface RestoredDraft {
  values: Record<string, string | string[]>;
  files: string[];
}

/** The draft the admin layout handed back for this page after the sign-in, if any. */
export function useRestoredDraft(): RestoredDraft | null {
  const layout = useRouteLoaderData("routes/admin") as { restoredDraft?: RestoredDraft | null } | undefined;
  return layout?.restoredDraft ?? null;
}

/** Above a form that shows a restored draft: it is back, and not saved yet. */
export function RestoredDraftNote({ draft }: { draft: RestoredDraft }) {
  const note = filesNote(draft.files);
  return (
    <div role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900" data-restored-draft>
      <p className="font-semibold">O que você escreveu antes de a sessão terminar voltou para o formulário.</p>
      <p className="text-sm">Ainda não foi salvo: confira e clique em salvar.</p>
      {note ? <p className="mt-1 text-sm font-medium">{note}</p> : null}
    </div>
  );
}
