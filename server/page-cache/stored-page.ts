// A page as the cache keeps it, and how it is answered: the bytes compressed once (brotli and
// gzip), the headers to replay, and an ETag so a browser that has the page gets a 304.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { compressBoth, negotiateEncoding } from "../compression.ts";
import { EDGE_TAG } from "../edge-purge.ts";
import { inlineScriptHashes, securityHeaders, type SecurityOptions } from "../security-headers.ts";

export interface StoredPage {
  status: number;
  /** The app's headers, minus per-response ones (Set-Cookie is never stored). */
  headers: Record<string, string>;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * Public HTML may be stored by browsers and shared caches (a CDN, a proxy), which must ask again
 * every time before reusing it (an ETag makes that a 304): unless the shared cache is purged on
 * every content change (EDGE_PURGE_URL, server/edge-purge.ts, which then gives the edge a
 * lifetime), any lifetime there would break "a save shows at once" for that long.
 */
const PUBLIC_HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=0, must-revalidate";
/** Headers the cache must not replay: they belong to one response (or are recomputed). */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "date", "content-length", "content-encoding", "transfer-encoding", "connection", "etag", "vary"]);

/** The page to store for an app response rendered with `nonce`. */
export async function storedPage(response: Response, nonce: string, security: SecurityOptions): Promise<StoredPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const { br, gzip } = await compressBoth(body);
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  headers["cache-control"] ??= PUBLIC_HTML_CACHE_CONTROL;
  // The tag a shared cache purges on every content change: Surrogate-Key for Varnish (xkey) and
  // Fastly, Cache-Tag for Cloudflare. Every stored page has the same one, as every content change
  // expires every page here too.
  headers["surrogate-key"] = EDGE_TAG;
  headers["cache-tag"] = EDGE_TAG;
  // The page differs by the consent cookie (the LGPD notice), so it says so.
  headers["vary"] = "Accept-Encoding, Cookie";
  // Every visitor gets these bytes, so the nonce they were rendered with is public: the policy
  // names the hashes of the inline scripts React Router wrote with that nonce instead.
  // (The development server's injected styles carry the page's nonce: allowed there only.)
  const inline = { hashes: inlineScriptHashes(body.toString("utf8"), nonce), styleNonce: nonce };
  for (const [name, value] of Object.entries(securityHeaders(inline, security))) {
    headers[name.toLowerCase()] = value;
  }
  // The ETag leaves out the nonce, which differs at every render while the page stays the same: after
  // a content change expired every page, a browser asking about one that did not change gets a 304
  // (its copy's inline scripts are the same, so the new policy's hashes allow them).
  const etag = `W/"${createHash("sha1")
    .update(body.toString("utf8").replaceAll(` nonce="${nonce}"`, ""))
    .digest("base64url")
    .slice(0, 22)}"`;
  return { status: response.status, headers, body, br, gzip, etag };
}

function ifNoneMatch(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/**
 * Answers a stored page; `edgeCacheControl` (the purger's, when a shared cache in front is purged)
 * replaces the default Cache-Control, never one the route chose.
 */
export function sendStored(req: IncomingMessage, res: ServerResponse, page: StoredPage, cacheHeader: "HIT" | "MISS", edgeCacheControl?: string): void {
  const headers: Record<string, string | number> = { ...page.headers, etag: page.etag, "x-cache": cacheHeader };
  if (edgeCacheControl && page.headers["cache-control"] === PUBLIC_HTML_CACHE_CONTROL) headers["cache-control"] = edgeCacheControl;
  if (ifNoneMatch(req, page.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
