// A page from the shared cache made personal for one visitor: the anonymous fragments it contains
// (the chat's empty conversation, the empty toast region...) replaced by what the app rendered for
// this visitor, and the visitor's data block added at the end of the body. The page itself was
// rendered once for everyone; the copy made here is sent to this visitor only and never stored.

export interface Replacement {
  anonymous: string;
  personal: string;
}

/**
 * The page with each anonymous fragment (searched from the end: the personal parts come after the
 * page's own content) replaced, and `dataBlock` before `</body>`; null when a fragment is missing,
 * so the caller renders the page for this visitor instead.
 */
export function personalize(page: Buffer, replacements: Replacement[], dataBlock: string): Buffer | null {
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const { anonymous, personal } of replacements) {
    const start = page.lastIndexOf(anonymous);
    if (start < 0) return null;
    edits.push({ start, end: start + Buffer.byteLength(anonymous), text: personal });
  }
  if (dataBlock) {
    const bodyEnd = page.lastIndexOf("</body>");
    if (bodyEnd < 0) return null;
    edits.push({ start: bodyEnd, end: bodyEnd, text: dataBlock });
  }
  edits.sort((a, b) => a.start - b.start);
  const pieces: Buffer[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) return null; // overlapping fragments: not a page this code understands
    pieces.push(page.subarray(at, edit.start), Buffer.from(edit.text));
    at = edit.end;
  }
  pieces.push(page.subarray(at));
  return Buffer.concat(pieces);
}
