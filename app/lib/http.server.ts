// Small HTTP answers shared by the resource routes that serve files (/media, /img).

/** Stored files and image variants never change under their name (names are random or hashed). */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** A short text answer (errors of resource routes): never cached, never sniffed as something else. */
export function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", ...headers },
  });
}

/** Whether an If-None-Match header names this ETag (weak or strong) or is `*`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === bare);
}
