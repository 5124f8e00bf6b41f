// Sections that never change in the browser (no state, no handlers) are rendered to HTML on the
// server and shipped as markup only, so their copy and components stay out of the client
// JavaScript (the 120 KB first-load budget of /). See components/site/static-html.tsx.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { isDataUrl } from "./data-url";

export function renderStaticHtml(node: ReactNode): string {
  return renderToStaticMarkup(node);
}

/**
 * Static markup as loader data, sent to the browser once. A document request renders it into
 * the page but leaves it out of the hydration data: the key is not enumerable, and React Router
 * serializes only enumerable keys, while the server's own render reads the object the loader
 * returned. On hydration the component keeps the markup already in the page. A client-side
 * navigation (a `.data` request) has no page to take it from, so it gets the markup as data.
 */
export function staticHtmlData(request: Request, html: string): { html?: string } {
  if (isDataUrl(new URL(request.url))) return { html };
  return Object.defineProperty({}, "html", { value: html, enumerable: false });
}

/**
 * Markup rendered once with `placeholder` as one attribute's value, to be filled in per request
 * with `fillAttribute`: the result is what React renders with the real value, because the value
 * is escaped by React itself.
 */
export function fillAttribute(html: string, placeholder: string, value: string): string {
  // A replacer function: a replacement string would read `$&`, `$'`, `` $` `` in the value (a
  // page address anyone can type) as patterns and splice other parts of the page in.
  return html.replace(placeholder, () => attributeText(value));
}

const ATTRIBUTE_OPEN = '<i title="';
const ATTRIBUTE_CLOSE = '"></i>';

/** `value` as React writes it inside a double-quoted attribute: rendered by React, not re-implemented. */
function attributeText(value: string): string {
  const html = renderToStaticMarkup(createElement("i", { title: value }));
  return html.slice(ATTRIBUTE_OPEN.length, -ATTRIBUTE_CLOSE.length);
}
