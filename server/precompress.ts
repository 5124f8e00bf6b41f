// Writes brotli (.br) and gzip (.gz) twins of the built static files, which sirv then serves to
// clients that accept them. Runs after `react-router build` (npm run build) and again, as a
// no-op when up to date, when the server starts on a build made some other way.
//   node server/precompress.ts [build dir]
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { log } from "../app/lib/logger.server.ts";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest|map)$/i;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

function isFresh(twin: string, sourceMtime: number): boolean {
  try {
    return statSync(twin).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
}

/** Several servers may start on one build at once: a twin is either absent or complete. */
function writeAtomically(path: string, data: Buffer) {
  const partial = `${path}.${process.pid}.part`;
  writeFileSync(partial, data);
  renameSync(partial, path);
}

/** Compresses every compressible file under `dir`; returns how many twins it wrote. */
export function precompressDirectory(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const { size, mtimeMs } = statSync(file);
    if (size < MIN_BYTES) continue;
    if (isFresh(`${file}.br`, mtimeMs) && isFresh(`${file}.gz`, mtimeMs)) continue;
    const source = readFileSync(file);
    writeAtomically(
      `${file}.br`,
      brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
    );
    writeAtomically(`${file}.gz`, gzipSync(source, { level: 9 }));
    written += 2;
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = resolve(process.argv[2] || process.env.BUILD_DIR || "build");
  const written = precompressDirectory(join(buildDir, "client"));
  log("info", "precompressed static files", { files: written, dir: join(buildDir, "client") });
}
