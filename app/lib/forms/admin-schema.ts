// Pieces of the admin zod schemas, shared by the route actions and the browser (plain zod, no UI).
import { z } from "zod";
import { embedUrl, isVideoUrl } from "~/lib/media/kinds";

/** An integer from a form value, or the fallback when it is missing or not a number. */
export function intOr(fallback: number) {
  return (value: unknown) => {
    const number = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
    return Number.isFinite(number) ? number : fallback;
  };
}

/** A field that may repeat (list with JavaScript) or be one textarea (without). */
export const repeatedText = z.preprocess((v) => (Array.isArray(v) ? v : typeof v === "string" ? [v] : []), z.array(z.string()));

/**
 * Line breaks as LF. Browsers send a textarea's line breaks as CRLF, while the textarea's value in
 * the page has LF: text stored as sent would differ from the same text shown again (the blog's
 * content, a summary), so it is stored in one form, on the way in.
 */
const lfLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

/** Required text with its Portuguese message (line breaks as LF). */
export function requiredText(message: string) {
  return z.string({ error: message }).overwrite(lfLineBreaks).trim().min(1, message);
}

export const INVALID_URL_MESSAGE = "Informe uma URL válida (https://...)";
export const FOREIGN_VIDEO_MESSAGE = "Vídeos de outros sites não podem ser exibidos aqui: envie o arquivo do vídeo ou use um link do YouTube ou do Vimeo.";

/**
 * What an admin may save as a media URL is what the site can show. Images may come from any
 * http(s) site: the image route fetches, checks and re-encodes them. Videos cannot be proxied
 * cheaply, and the page may only play media from our own origin and store, so a video must be
 * one of ours (an upload, /demo/...) or an embeddable YouTube or Vimeo link. `ownMedia` says
 * whether an absolute URL is one of our stored objects (only the server knows the store's URL).
 * Returns the Portuguese message for the field, or null when the URL is fine.
 */
export function mediaUrlError(url: string, kind: "image" | "video", ownMedia: (url: string) => boolean): string | null {
  const own = /^\/(media|demo)\/[^/]/.test(url) || ownMedia(url);
  if (!own) {
    try {
      if (!/^https?:$/.test(new URL(url).protocol) || /\s/.test(url)) return INVALID_URL_MESSAGE;
    } catch {
      return INVALID_URL_MESSAGE;
    }
  }
  if (embedUrl(url) || own) return null;
  return kind === "video" || isVideoUrl(url) ? FOREIGN_VIDEO_MESSAGE : null;
}

/** The first error among a list's URLs, as conform field errors ({} when all are fine). */
export function mediaListErrors(
  lists: Record<string, { urls: string[]; kind: "image" | "video" }>,
  ownMedia: (url: string) => boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, { urls, kind }] of Object.entries(lists)) {
    const error = urls.map((url) => mediaUrlError(url, kind, ownMedia)).find(Boolean);
    if (error) errors[field] = [error];
  }
  return errors;
}
