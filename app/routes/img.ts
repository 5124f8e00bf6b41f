// /img?src=<image URL>&w=<width>: the image resized to an allowlisted width and re-encoded as
// AVIF or WebP (by the Accept header; JPEG/PNG otherwise), cached on disk after the first
// request and served with immutable caching. Sources: stored media and files under public/.
import { Readable } from "node:stream";
import { negotiateFormat, openVariant, resolveSource, variantFor } from "../lib/image.server.ts";
import { isImageWidth } from "../lib/image-url.ts";
import type { Route } from "./+types/img";

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}

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
    console.error(JSON.stringify({ level: "error", msg: "img: could not resize", src: source.src, error: String(error) }));
    return plain(422, "Imagem inválida");
  }
  if (!variant) return plain(404, "Imagem não encontrada");

  const headers = new Headers({
    "Content-Type": variant.contentType,
    "Content-Length": String(variant.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept",
    ETag: variant.etag,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === variant.etag)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(Readable.toWeb(openVariant(variant)) as ReadableStream<Uint8Array>, { headers });
}
