// /img?src=<image URL>&w=<width>: the image resized to an allowlisted width and re-encoded as
// AVIF or WebP (by the Accept header; JPEG/PNG otherwise), cached on disk after the first
// request and served with immutable caching. Sources: stored media, files under public/, and
// images on other sites (fetched with the guards of app/lib/media/remote-image.server.ts, cached for a day).
//
// What a visitor's request may cost is bounded:
// - another site's image is fetched only when an admin saved its URL in content
//   (app/lib/media/published-images.server.ts), or for a signed-in admin (the previews of a URL being typed);
//   any other URL is refused at once, with no request made, and the refusal may be cached;
// - making a variant that is not cached yet (a "miss": a download and sharp's work) counts
//   against the visitor's address (imageMissLimit a minute); cached variants are not counted.
import { Readable } from "node:stream";
import { negotiateFormat, REMOTE_MAX_AGE_S, resolveSource, variantBody, variantFor } from "../lib/media/image.server.ts";
import { isPublishedImage } from "../lib/media/published-images.server.ts";
import { RemoteImageError } from "../lib/media/remote-image.server.ts";
import { etagMatches, IMMUTABLE_CACHE, plain } from "../lib/http.server.ts";
import { isImageWidth } from "../lib/media/image-url.ts";
import { hit } from "../lib/rate-limit.server.ts";
import { requestInfo } from "../lib/request-info.server.ts";
import { getSessionUser } from "../lib/session.server.ts";
import type { Route } from "./+types/img";
import { errorFields, log } from "../lib/logger.server.ts";

/** Variants one address may have made per minute: a page's new images, many times over (tests lower it). */
export const imageMissLimit = { perMinute: 240 };
/** How long a browser or CDN may keep the refusal of an unpublished URL. */
const REFUSAL_MAX_AGE_S = 60;

class TooManyMisses extends Error {
  readonly retryAfter: number;

  constructor(retryAfter: number) {
    super("too many image misses");
    this.retryAfter = retryAfter;
  }
}

/** Whether the server may fetch this other site's image for this request. */
async function mayFetch(url: string, request: Request): Promise<boolean> {
  if (await isPublishedImage(url)) return true;
  return request.headers.has("Cookie") && Boolean((await getSessionUser(request))?.role);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const width = Number(url.searchParams.get("w"));
  if (!isImageWidth(width)) return plain(400, "Largura não permitida");
  const source = resolveSource(url.searchParams.get("src") ?? "");
  if (!source) return plain(400, "Imagem inválida");
  if (source.kind === "remote" && !(await mayFetch(source.url, request))) {
    return plain(403, "Imagem não publicada no site", { "Cache-Control": `public, max-age=${REFUSAL_MAX_AGE_S}` });
  }
  const format = negotiateFormat(request.headers.get("Accept"), source.fallback);
  const { ip } = requestInfo(context);

  let variant;
  try {
    variant = await variantFor(source, width, format, async () => {
      const counted = await hit(`img:miss:${ip}`, imageMissLimit.perMinute, 60_000);
      if (!counted.allowed) throw new TooManyMisses(counted.retryAfter);
    });
  } catch (error) {
    if (error instanceof TooManyMisses) return plain(429, "Muitas imagens pedidas: tente novamente em instantes", { "Retry-After": String(error.retryAfter) });
    if (error instanceof RemoteImageError) {
      return plain(error.status, error.message, error.status === 503 ? { "Retry-After": "5" } : {});
    }
    log("error", "img: could not resize", { src: source.src, ...errorFields(error) });
    return plain(422, "Imagem inválida");
  }
  if (!variant) return plain(404, "Imagem não encontrada");

  const headers = new Headers({
    "Content-Type": variant.contentType,
    "Content-Length": String(variant.size),
    "Cache-Control": source.kind === "remote" ? `public, max-age=${REMOTE_MAX_AGE_S}` : IMMUTABLE_CACHE,
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept",
    ETag: variant.etag,
  });
  if (etagMatches(request.headers.get("If-None-Match"), variant.etag)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") return new Response(null, { headers });
  const body = await variantBody(variant);
  // A file's bytes as read (never a view of a shared pool), or a stream of a large file.
  return new Response(
    Buffer.isBuffer(body) ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : (Readable.toWeb(body) as ReadableStream<Uint8Array>),
    { headers },
  );
}
