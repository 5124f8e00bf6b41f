// /img?src=<image URL>&w=<width>: the image resized to an allowlisted width and re-encoded as
// AVIF or WebP (by the Accept header; JPEG/PNG otherwise), cached on disk after the first
// request and served with immutable caching. Sources: stored media, files under public/, and
// images on other sites (fetched with the guards of remote-image.server.ts, cached for a day).
import { Readable } from "node:stream";
import { negotiateFormat, REMOTE_MAX_AGE_S, resolveSource, variantBody, variantFor } from "../lib/image.server.ts";
import { RemoteImageError } from "../lib/remote-image.server.ts";
import { etagMatches, IMMUTABLE_CACHE, plain } from "../lib/http.server.ts";
import { isImageWidth } from "../lib/image-url.ts";
import type { Route } from "./+types/img";
import { errorFields, log } from "../../server/logger.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const width = Number(url.searchParams.get("w"));
  if (!isImageWidth(width)) return plain(400, "Largura não permitida");
  const source = resolveSource(url.searchParams.get("src") ?? "");
  if (!source) return plain(400, "Imagem inválida");
  const format = negotiateFormat(request.headers.get("Accept"), source.fallback);

  let variant;
  try {
    variant = await variantFor(source, width, format);
  } catch (error) {
    if (error instanceof RemoteImageError) return plain(error.status, error.message);
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
