// SVG logos, made safe by turning them into pictures. An SVG is a document: it can carry scripts,
// event handlers, links to other files, foreign HTML and XML entities, and a browser opening it
// directly runs all of that on our origin. So an SVG is never stored or served as it came: it is
// rasterized to a PNG (librsvg through sharp, which runs no script, renders no <foreignObject>
// HTML and, reading from memory with no base address, loads no external file or URL), and a
// document with entity declarations or XInclude is refused before any parser sees it (no XXE,
// no "billion laughs").
//
// Rendering has a hard budget. A few KB of SVG (nested <use>, a huge blur filter) can cost
// librsvg tens of seconds of CPU and gigabytes of memory in one call that nothing can interrupt:
// sharp's own timeout fires only after the work is done, and on the server's libuv thread pool
// such a call holds a thread that static files, compression and other images need. So every SVG
// is rendered in a child process of its own, which is killed (SIGKILL, not asked) when it
// renders for longer than SVG_RENDER_LIMITS.timeoutMs or grows past SVG_RENDER_LIMITS.maxRssMb
// of memory (native memory included: librsvg's allocations are not V8's, so only the whole
// process's size bounds them). One render runs at a time; a few more may wait, and beyond that
// a render is refused at once (SvgBusy) instead of queueing without end.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/** The longest side of a rasterized logo: about four times what any page shows. */
const SVG_RASTER_SIZE = 1024;
/** The largest SVG file accepted (logos are a few KB to a few hundred KB). */
export const SVG_MAX_BYTES = 2 * 1024 * 1024;
export const INVALID_SVG_MESSAGE = "Não foi possível ler este SVG. Exporte o logo novamente (SVG simples) ou envie PNG.";
export const SVG_BUSY_MESSAGE = "O servidor está ocupado processando outras imagens. Envie o SVG novamente em instantes.";

/** The budget of one render (tests may lower the memory bound to see it enforced). */
export const SVG_RENDER_LIMITS = {
  /** How long the drawing may take once the renderer is ready (its start-up is not counted). */
  timeoutMs: 3_000,
  /** How long the renderer may take to start (load Node and sharp) on a busy machine. */
  startMs: 15_000,
  /** The renderer's resident memory, V8 and librsvg together. */
  maxRssMb: 512,
  /** Renders that may wait while one runs; more are refused. */
  maxWaiting: 4,
};

export class SvgRefused extends Error {}
/** Too many SVGs are waiting to be rendered: try again shortly. */
export class SvgBusy extends Error {}

/** Whether the first bytes of a file are an SVG document (XML prolog and comments allowed). */
export function looksLikeSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return text.startsWith("<") && /<svg[\s>]/i.test(text);
}

// The renderer is plain CommonJS run with `node -e`, so it needs no file of its own in the build;
// it loads sharp from where this module resolves it. It says "ready" once sharp is loaded, reads
// the SVG from stdin, and writes the PNG to stdout (exit 0) or why it could not (exit 2: the SVG
// is unreadable; anything else: it failed).
const SHARP = createRequire(import.meta.url).resolve("sharp");
const RENDERER_SOURCE = `
const sharp = require(${JSON.stringify(SHARP)});
sharp.concurrency(1);
sharp.cache(false);
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", async () => {
  const svg = Buffer.concat(chunks);
  const limitInputPixels = 40000000;
  let width, height;
  try {
    ({ width, height } = await sharp(svg, { limitInputPixels }).metadata());
  } catch (error) {
    process.stderr.write(String(error));
    process.exit(2);
  }
  if (!width || !height) {
    process.stderr.write("svg without a size");
    process.exit(2);
  }
  // Rendered at the density that gives the target size directly (vectors stay sharp), within sharp's range.
  const density = Math.min(Math.max((72 * ${SVG_RASTER_SIZE}) / Math.max(width, height), 1), 10000);
  try {
    const png = await sharp(svg, { density, limitInputPixels, failOn: "error" })
      .resize(${SVG_RASTER_SIZE}, ${SVG_RASTER_SIZE}, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    process.stdout.end(png, () => process.exit(0));
  } catch (error) {
    process.stderr.write(String(error));
    process.exit(3);
  }
});
process.stderr.write("ready\\n");
`;

/** The resident memory of a process in MB (Linux); null where /proc is not available. */
async function residentMb(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => null);
  const match = status && /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) / 1024 : null;
}

/** Renders one SVG in a child process that is killed when it passes its budget. */
function renderInChild(svg: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // --max-old-space-size bounds V8's heap; the RSS watch below bounds the rest (librsvg).
    const child = spawn(process.execPath, ["--max-old-space-size=64", "-e", RENDERER_SOURCE], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { UV_THREADPOOL_SIZE: "1" },
    });
    const output: Buffer[] = [];
    let errors = "";
    let ready = false;
    let killedFor: string | null = null;
    const kill = (why: string) => {
      killedFor ??= why;
      child.kill("SIGKILL");
    };
    let deadline = setTimeout(() => kill("svg renderer did not start in time"), SVG_RENDER_LIMITS.startMs);
    const memoryWatch = setInterval(() => {
      if (child.pid === undefined) return;
      void residentMb(child.pid).then((mb) => {
        if (mb !== null && mb > SVG_RENDER_LIMITS.maxRssMb) kill(`svg render passed ${SVG_RENDER_LIMITS.maxRssMb} MB`);
      });
    }, 50);
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
      if (!ready && errors.includes("ready\n")) {
        ready = true;
        errors = errors.replace("ready\n", "");
        clearTimeout(deadline);
        deadline = setTimeout(() => kill(`svg render took over ${SVG_RENDER_LIMITS.timeoutMs} ms`), SVG_RENDER_LIMITS.timeoutMs);
        child.stdin.end(svg);
      }
    });
    child.stdin.on("error", () => undefined); // a renderer killed before reading it all
    child.on("error", (error) => {
      clearTimeout(deadline);
      clearInterval(memoryWatch);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(deadline);
      clearInterval(memoryWatch);
      if (killedFor) reject(new SvgRefused(killedFor));
      else if (code === 0) resolve(Buffer.concat(output));
      else if (code === 2) reject(new SvgRefused(`unreadable svg: ${errors.trim()}`));
      else reject(new SvgRefused(`svg could not be rendered: ${errors.trim() || `exit ${code}`}`));
    });
  });
}

/** Whether a render is running; the renders waiting for their turn. */
let rendering = false;
const line: Array<() => void> = [];

/** A PNG of the SVG (transparent background, longest side SVG_RASTER_SIZE at most). */
export async function rasterizeSvg(svg: Buffer): Promise<Buffer> {
  if (svg.length > SVG_MAX_BYTES) throw new SvgRefused("svg too large");
  const text = svg.toString("utf8");
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) throw new SvgRefused("svg declares entities");
  if (/XInclude|xi:include/i.test(text)) throw new SvgRefused("svg uses XInclude");
  if (rendering) {
    if (line.length >= SVG_RENDER_LIMITS.maxWaiting) throw new SvgBusy("too many svg renders waiting");
    await new Promise<void>((resolve) => line.push(resolve)); // the render that finishes hands its turn over
  }
  rendering = true;
  try {
    return await renderInChild(svg);
  } finally {
    const next = line.shift();
    if (next) next();
    else rendering = false;
  }
}
