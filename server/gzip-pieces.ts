// Gzip answers put together from pieces compressed ahead of time, so that a personal copy of a
// cached page compresses only what is personal in it (server/personal-page.ts).
//
// A raw deflate stream ended with a sync flush is byte-aligned and has no "last block" bit, so
// such streams can follow one another: each piece starts with an empty history and refers only
// to its own bytes. A gzip member is then a header, the pieces, one empty last block, and a
// trailer with the CRC-32 and length of the whole, whose CRC follows from the pieces' own CRCs
// and lengths (crc32Combine), without reading their bytes again.
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);

export interface GzipPiece {
  /** Raw deflate, ending in a sync flush (empty for no bytes). */
  deflated: Buffer;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Length of the uncompressed bytes. */
  length: number;
}

/** One piece, compressed on libuv's thread pool (a whole page's bytes take a few milliseconds). */
export async function gzipPiece(data: Buffer | string, level = 6): Promise<GzipPiece> {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (bytes.length === 0) return { deflated: Buffer.alloc(0), crc: 0, length: 0 };
  return { deflated: await deflateRawAsync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(bytes), length: bytes.length };
}

/** Magic, deflate, no flags, no modification time, no extra flags, Unix. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty last block: fixed Huffman codes, then the end-of-block code. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member holding the pieces' bytes in order. */
export function assembleGzip(pieces: readonly GzipPiece[]): Buffer {
  const parts: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    if (piece.length === 0) continue;
    parts.push(piece.deflated);
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

// CRC-32 arithmetic: polynomials over GF(2) modulo the CRC's polynomial, in the CRC's reflected
// bit order (the highest bit is x^0). The CRC of A followed by B is crc(A)·x^(8·|B|) + crc(B).
const POLYNOMIAL = 0xedb88320;
const X_TO_THE_0 = 0x80000000;

function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = X_TO_THE_0; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** X_TO_THE_2_TO_THE[k] = x^(2^k) mod p. */
const X_TO_THE_2_TO_THE: number[] = [X_TO_THE_0 >>> 1];
for (let k = 1; k < 32; k++) X_TO_THE_2_TO_THE.push(multiplyModP(X_TO_THE_2_TO_THE[k - 1]!, X_TO_THE_2_TO_THE[k - 1]!));

/** x^(8·bytes) mod p: the factor that moves a CRC past `bytes` more bytes. */
function shiftByBytes(bytes: number): number {
  let factor = X_TO_THE_0;
  // 8·bytes = bytes·2^3: multiply by x^(2^(k+3)) for every bit k set in `bytes`.
  for (let k = 3; bytes > 0; k++, bytes = Math.floor(bytes / 2)) {
    if (bytes % 2 === 1) factor = multiplyModP(X_TO_THE_2_TO_THE[k % 32]!, factor);
  }
  return factor;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and the length of B. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(shiftByBytes(lengthB), crcA) ^ crcB) >>> 0;
}
