// SVG logos, made safe by turning them into pictures. An SVG is a document: it can carry scripts,
// event handlers, links to other files, foreign HTML and XML entities, and a browser opening it
// directly runs all of that on our origin. So an SVG is never stored or served as it came: it is
// rasterized to a PNG (librsvg through sharp, which runs no script, renders no <foreignObject>
// HTML and, reading from memory with no base address, loads no external file or URL), and a
// document with entity declarations or XInclude is refused before any parser sees it (no XXE,
// no "billion laughs"). Its size is bounded twice: in pixels before rendering, and in time.
import sharp from "sharp";

/** The longest side of a rasterized logo: about four times what any page shows. */
const SVG_RASTER_SIZE = 1024;
/** The largest SVG file accepted (logos are a few KB to a few hundred KB). */
export const SVG_MAX_BYTES = 2 * 1024 * 1024;
export const INVALID_SVG_MESSAGE = "Não foi possível ler este SVG. Exporte o logo novamente (SVG simples) ou envie PNG.";

export class SvgRefused extends Error {}

/** Whether the first bytes of a file are an SVG document (XML prolog and comments allowed). */
export function looksLikeSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return text.startsWith("<") && /<svg[\s>]/i.test(text);
}

/** A PNG of the SVG (transparent background, longest side SVG_RASTER_SIZE at most). */
export async function rasterizeSvg(svg: Buffer): Promise<Buffer> {
  if (svg.length > SVG_MAX_BYTES) throw new SvgRefused("svg too large");
  const text = svg.toString("utf8");
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) throw new SvgRefused("svg declares entities");
  if (/XInclude|xi:include/i.test(text)) throw new SvgRefused("svg uses XInclude");
  const limitInputPixels = 40_000_000;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(svg, { limitInputPixels }).metadata());
  } catch (error) {
    throw new SvgRefused("unreadable svg", { cause: error });
  }
  if (!width || !height) throw new SvgRefused("svg without a size");
  // Render at the density that gives the target size directly (vectors stay sharp), within sharp's range.
  const density = Math.min(Math.max((72 * SVG_RASTER_SIZE) / Math.max(width, height), 1), 10_000);
  try {
    return await sharp(svg, { density, limitInputPixels, failOn: "error" })
      .resize(SVG_RASTER_SIZE, SVG_RASTER_SIZE, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .timeout({ seconds: 10 })
      .toBuffer();
  } catch (error) {
    throw new SvgRefused("svg could not be rendered", { cause: error });
  }
}
