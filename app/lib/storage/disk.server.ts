// How files are written to this server's own disk, by everything that writes there: uploads on
// local storage (local.server.ts) and the image route's resized copies (app/lib/media/image.server.ts).
// - A file is written under a temporary name of its own next to its final one
//   ("<name>.<random>.part"), then renamed: a reader never sees half a file under the final name,
//   and two writes of one name, or a write after a process was killed mid-upload (its ".part"
//   left behind), never collide on the temporary name.
// - Those leftovers are swept when storage starts (sweepStalePartials), but only when nothing has
//   been written to them for an hour: a file still being written by another instance sharing the
//   folder is recent, and stays.
// - A full disk (ENOSPC, EDQUOT) or one that takes no writes (read-only, no permission) fails with
//   a StorageWriteError carrying its HTTP status (507, 503) and the message staff read, and
//   leaves nothing behind; any other error is thrown as it came.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export const STORAGE_FULL_MESSAGE =
  "O armazenamento de arquivos do servidor está cheio: o arquivo não foi salvo. Apague arquivos sem uso na biblioteca de mídia ou avise o responsável pelo servidor e envie de novo.";
export const STORAGE_READ_ONLY_MESSAGE =
  "O servidor não está conseguindo gravar arquivos no momento (armazenamento somente leitura ou sem permissão): o arquivo não foi salvo. Tente novamente mais tarde ou avise o responsável pelo servidor.";

/** The disk refused the write for a reason of its own, not of the file: 507 when full, 503 when it takes no writes. */
export class StorageWriteError extends Error {
  readonly status: 503 | 507;
  constructor(status: 503 | 507, options?: ErrorOptions) {
    super(status === 507 ? STORAGE_FULL_MESSAGE : STORAGE_READ_ONLY_MESSAGE, options);
    this.name = "StorageWriteError";
    this.status = status;
  }
}

const FULL = new Set(["ENOSPC", "EDQUOT"]);
const NO_WRITES = new Set(["EROFS", "EACCES", "EPERM"]);

/** The StorageWriteError a file system error means, or null when it means something else. */
function storageWriteError(error: unknown): StorageWriteError | null {
  if (error instanceof StorageWriteError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && FULL.has(code)) return new StorageWriteError(507, { cause: error });
  if (code && NO_WRITES.has(code)) return new StorageWriteError(503, { cause: error });
  return null;
}

const PART = ".part";

/** A file being written (or left over by a write that never finished): never an object or a variant. */
export function isPartial(name: string): boolean {
  return name.endsWith(PART);
}

/**
 * Writes `body` to `file` through a temporary file of its own, renamed into place when complete;
 * returns the bytes written. On any failure the temporary file is removed and nothing is left
 * under either name; disk failures come as StorageWriteError.
 */
export async function writeFileSafely(file: string, body: Readable | Buffer): Promise<number> {
  // 64 random bits: unique among every write to this folder, from any process or instance.
  const partial = `${file}.${randomBytes(8).toString("hex")}${PART}`;
  try {
    await makeFolder(dirname(file));
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial, { flags: "wx" }));
    await rename(partial, file);
    return (await stat(file)).size;
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    throw storageWriteError(error) ?? error;
  }
}

/**
 * `mkdir -p` that fails with the real reason: Node's recursive mkdir reports a folder it could not
 * create on a read-only disk as ENOENT, so on that error each level is made in turn, and the
 * level that fails says why.
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const levels: string[] = [];
    for (let level = dir; dirname(level) !== level; level = dirname(level)) levels.unshift(level);
    for (const level of levels) {
      await mkdir(level).catch((failure: NodeJS.ErrnoException) => {
        if (failure.code !== "EEXIST") throw failure;
      });
    }
  }
}

/** How long a temporary file goes without a write before it counts as left over. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * Deletes the temporary files under `root` (any depth) that were last written more than
 * `maxAgeMs` ago: writes cut off by a crash or a kill. Returns the paths removed; a folder that
 * does not exist has none.
 */
export async function sweepStalePartials(root: string, maxAgeMs = STALE_PARTIAL_MS, now = Date.now()): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !isPartial(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs <= maxAgeMs) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}
