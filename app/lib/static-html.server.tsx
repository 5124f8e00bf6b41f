// Sections that never change in the browser (no state, no handlers) are rendered to HTML on the
// server and shipped as markup only, so their copy and components stay out of the client
// JavaScript (the 120 KB first-load budget of /). See components/site/static-html.tsx.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export function renderStaticHtml(node: ReactNode): string {
  return renderToStaticMarkup(node);
}
