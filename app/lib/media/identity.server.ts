// Which stored file a URL names, whatever its spelling. A file of ours can be written as
// /media/<bucket>/<key>, with the site's own origin in front (SITE_URL), at the S3 store's public
// address, through the image route (/img?src=...), percent-encoded, or with `./`, `../` and `//`
// in its path. Every place that asks "is this our file, and which one?" (the "in use" check, the
// library picks, deleting a file) asks here, so two spellings of one file are never two files.
import { env } from "../env.server.ts";
import { isBucket, isSafeKey, type Bucket } from "../storage/keys.server.ts";

export interface MediaRef {
  bucket: Bucket;
  key: string;
  /** "bucket/key": the file's identity. */
  id: string;
  /** The canonical spelling, /media/<bucket>/<key>. */
  path: string;
}

/** Where our files live: the site's /media/ route, and the S3 store's public URL and endpoint. */
function bases(): URL[] {
  const urls = [`${env.SITE_URL}/media/`, env.S3_PUBLIC_URL, env.S3_ENDPOINT].flatMap((base) => (base ? [new URL(base.replace(/\/*$/, "/"))] : []));
  return urls;
}

/** Path segments decoded and resolved (`.` and empty dropped, `..` climbs), or null when malformed or above the root. */
function resolveSegments(path: string): string[] | null {
  let decoded: string;
  try {
    decoded = path
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    return null;
  }
  if (/[\\\0]/.test(decoded)) return null;
  const out: string[] = [];
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (!out.pop()) return null;
    } else out.push(segment);
  }
  return out;
}

/** The stored file a URL names (any spelling, see above), or null for anything else. */
export function mediaRef(url: string | null | undefined, depth = 0): MediaRef | null {
  if (!url || depth > 1) return null;
  const site = new URL(`${env.SITE_URL}/`);
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), site);
  } catch {
    return null;
  }
  // The image route serves a file of ours under its own address.
  if (parsed.origin === site.origin && parsed.pathname === "/img") return mediaRef(parsed.searchParams.get("src"), depth + 1);
  for (const base of bases()) {
    if (parsed.origin !== base.origin) continue;
    // Dots and doubled slashes are resolved before the base is compared, so /x/../media/… counts too.
    const segments = resolveSegments(parsed.pathname);
    const baseSegments = resolveSegments(base.pathname);
    if (!segments || !baseSegments || baseSegments.some((segment, i) => segments[i] !== segment)) continue;
    const [bucket, ...rest] = segments.slice(baseSegments.length);
    const key = rest.join("/");
    if (bucket && isBucket(bucket) && isSafeKey(key)) return { bucket, key, id: `${bucket}/${key}`, path: `/media/${bucket}/${key}` };
  }
  return null;
}
