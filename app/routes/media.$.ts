// Serves stored media at /media/<bucket>/<key> from the configured backend (local disk, or a
// proxy to the S3 store, so old /media URLs keep working there too): the right Content-Type,
// nosniff, immutable caching (names are random), ETag/Last-Modified with 304, and Range (206)
// so videos seek. Anything that looks like a path trick is refused before touching storage.
// A stored file that is not a plain picture or clip (an SVG, say: a document that can carry
// scripts) gets a policy that runs nothing and loads nothing if someone opens it directly.
import { Readable } from "node:stream";
import { etagMatches, IMMUTABLE_CACHE, plain } from "../lib/http.server.ts";
import { isBucket, isSafeKey, storage } from "../lib/storage/index.server.ts";
import type { Route } from "./+types/media.$";

const INERT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const PLAIN_MEDIA = /^(image\/(jpeg|png|webp|gif|avif)|video\/(mp4|webm|ogg|quicktime))$/i;

/** `..` or `.` segments, backslashes, encoded separators, NUL, absolute paths: in the raw or the decoded path. */
export function isPathTrick(rawPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  return [rawPath, decoded].some((p) => p.startsWith("/") || /(^|[/\\])\.\.?([/\\]|$)/.test(p) || /\\|\0|%2f|%5c|%00|%2e/i.test(p) || /^[a-z]:/i.test(p));
}

type Range = { start: number; end: number };

/** One `bytes=` range (a multi-range asks for the whole file); "unsatisfiable" answers 416. */
export function parseRange(header: string | null, size: number): Range | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== "" && Number(match[2]) < start) return null;
  }
  return start >= size || size === 0 ? "unsatisfiable" : { start, end };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const rawPath = new URL(request.url).pathname.replace(/^\/media\//, "");
  const path = params["*"] ?? "";
  if (isPathTrick(rawPath) || isPathTrick(path)) return plain(400, "Caminho inválido");
  const [bucket = "", ...rest] = path.split("/");
  const key = rest.join("/");
  if (!isBucket(bucket) || !isSafeKey(key)) return plain(404, "Arquivo não encontrado");

  const store = await storage();
  const info = await store.head(bucket, key);
  if (!info) return plain(404, "Arquivo não encontrado");

  const etag = `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
  const lastModified = info.lastModified.toUTCString();
  const headers = new Headers({
    "Content-Type": info.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": IMMUTABLE_CACHE,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": lastModified,
  });
  if (!PLAIN_MEDIA.test(info.contentType)) {
    headers.set("Content-Security-Policy", INERT_POLICY);
    headers.set("Content-Disposition", "attachment");
  }

  if (isNotModified(request, etag, info.lastModified)) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("If-Range");
  const rangeApplies = !ifRange || ifRange === etag || ifRange === lastModified;
  const range = rangeApplies ? parseRange(request.headers.get("Range"), info.size) : null;
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : info.size));
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });

  const object = await store.get(bucket, key, range ?? undefined);
  if (!object) return plain(404, "Arquivo não encontrado");
  const body = Readable.toWeb(object.stream) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

function isNotModified(request: Request, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
