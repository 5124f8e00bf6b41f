// "Pré-visualizar" in the blog form. Without JavaScript it is a link to the saved post's preview,
// in a new tab (a post not saved yet has none). With JavaScript it posts the form's current
// fields, unsaved, to the preview route in a new tab, a file picked from the media library for the
// cover among them (it is a field of the form); a file chosen from the computer is left out (it is
// uploaded only when the post is saved, so the preview shows the saved cover).
import type { MouseEvent } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

const CLASS = "inline-flex rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

function postUnsaved(event: MouseEvent<HTMLElement>, postId: string | null) {
  const source = event.currentTarget.closest("form");
  if (!source) return;
  event.preventDefault();
  const form = document.createElement("form");
  form.method = "post";
  form.action = `/admin/blog/preview/${postId ?? "novo"}`;
  form.target = "_blank";
  form.hidden = true;
  for (const [name, value] of new FormData(source)) {
    if (typeof value !== "string") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  // form.submit() opens the new tab natively, bypassing the router's and the form's handlers.
  form.submit();
  form.remove();
}

export function PreviewButton({ postId }: { postId: string | null }) {
  const hydrated = useHydrated();
  if (postId) {
    return (
      <a href={`/admin/blog/preview/${postId}`} target="_blank" rel="noopener" className={CLASS} onClick={(event) => postUnsaved(event, postId)}>
        Pré-visualizar
      </a>
    );
  }
  if (!hydrated) return null;
  return (
    <button type="button" className={CLASS} onClick={(event) => postUnsaved(event, null)}>
      Pré-visualizar
    </button>
  );
}
