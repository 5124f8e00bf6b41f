// A page from the shared cache made personal for one visitor: the anonymous fragments it contains
// (the chat's empty conversation, the empty toast region, the end of the body...) replaced by what
// the app rendered for this visitor. The page itself was rendered once for everyone; the copy made
// here is sent to this visitor only and never stored.
//
// Copies are made for every page view of a visitor with a conversation, so they must cost little
// more than the shared page: where the fragments are, and the gzip of the page between them, are
// worked out once per page and kept with it; a personal part is compressed once per part object
// (the app keeps a conversation's parts while it does not change).
import type { CachedPage } from "./page-cache.ts";
import { assembleGzip, gzipPiece, type GzipPiece } from "./gzip-pieces.ts";

export interface Replacement {
  anonymous: string;
  personal: string;
}

/** A page cut at the anonymous fragments of one set of replacements. */
interface Layout {
  /** The replacements' indexes in document order. */
  order: number[];
  /** The page's bytes before, between and after the fragments: one more than the fragments. */
  between: Buffer[];
  /** The same, compressed (made when first needed, off the event loop; shared by those who ask meanwhile). */
  gzip?: Promise<GzipPiece[]>;
}

const layouts = new WeakMap<CachedPage, Map<string, Layout | null>>();
const personalGzip = new WeakMap<Replacement, Promise<GzipPiece>>();

/** The page's body with each anonymous fragment replaced; null when a fragment is missing. */
export function personalize(page: CachedPage, replacements: Replacement[]): Buffer | null {
  const layout = layoutOf(page, replacements);
  if (!layout) return null;
  const pieces: Buffer[] = [layout.between[0]!];
  layout.order.forEach((index, i) => pieces.push(Buffer.from(replacements[index]!.personal), layout.between[i + 1]!));
  return Buffer.concat(pieces);
}

/** The same as gzip, compressing only the personal parts not compressed before. */
export async function personalizeGzip(page: CachedPage, replacements: Replacement[]): Promise<Buffer | null> {
  const layout = layoutOf(page, replacements);
  if (!layout) return null;
  // The whole page: compressed once per page (again after every content change), on the thread pool.
  layout.gzip ??= Promise.all(layout.between.map((bytes) => gzipPiece(bytes, 6)));
  const [between, parts] = await Promise.all([layout.gzip, Promise.all(layout.order.map((index) => compressedPart(replacements[index]!)))]);
  const pieces: GzipPiece[] = [between[0]!];
  parts.forEach((part, i) => pieces.push(part, between[i + 1]!));
  return assembleGzip(pieces);
}

function compressedPart(replacement: Replacement): Promise<GzipPiece> {
  let piece = personalGzip.get(replacement);
  if (!piece) personalGzip.set(replacement, (piece = gzipPiece(replacement.personal, 4)));
  return piece;
}

function layoutOf(page: CachedPage, replacements: Replacement[]): Layout | null {
  let known = layouts.get(page);
  if (!known) layouts.set(page, (known = new Map()));
  const key = replacements.map((r) => r.anonymous).join("\u0000");
  let layout = known.get(key);
  if (layout === undefined) known.set(key, (layout = cut(page.body, replacements)));
  return layout;
}

/**
 * Finds each anonymous fragment, searched from the end (the personal parts come after the page's
 * own content); null when one is missing or two overlap, so the caller renders the page for this
 * visitor instead.
 */
function cut(body: Buffer, replacements: Replacement[]): Layout | null {
  const found: Array<{ index: number; start: number; end: number }> = [];
  for (const [index, { anonymous }] of replacements.entries()) {
    const start = body.lastIndexOf(anonymous);
    if (start < 0) return null;
    found.push({ index, start, end: start + Buffer.byteLength(anonymous) });
  }
  found.sort((a, b) => a.start - b.start);
  const between: Buffer[] = [];
  let at = 0;
  for (const { start, end } of found) {
    if (start < at) return null;
    between.push(body.subarray(at, start));
    at = end;
  }
  between.push(body.subarray(at));
  return { order: found.map((f) => f.index), between };
}
