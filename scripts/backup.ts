// `npm run backup -- --out FILE` (also `npm run db:backup [-- FILE]`, its older name): one archive
// (.tar.gz) with the database, every stored file (local disk or S3) and a manifest (the schema's
// migrations, every table's row count, each file's size and SHA-256, the product version, when),
// taken while the site keeps serving. See app/lib/backup/ for what it holds and why it is
// consistent; `npm run restore -- FILE` puts it back. Default file: data/backups/backup-<UTC time>.tar.gz.
import { mkdirSync } from "node:fs";
import { setPriority } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { backupSource } from "../app/lib/backup/config.server.ts";
import { writeBackupFile } from "../app/lib/backup/create.server.ts";

const root = new URL("..", import.meta.url).pathname;

// The backup runs beside a site that is serving: at the lowest CPU priority it takes only the
// time the site leaves idle (hashing and compressing 500 MB otherwise doubled the page views' p99
// on two cores). A system that refuses the change just runs it at normal priority.
try {
  setPriority(19);
} catch {
  // not permitted here
}

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

let out: string | undefined;
try {
  const { values, positionals } = parseArgs({ options: { out: { type: "string" } }, allowPositionals: true });
  if (positionals.length > 1 || (values.out && positionals.length)) throw new Error("give one file, with --out FILE");
  out = values.out ?? positionals[0];
} catch (error) {
  fail(`${(error as Error).message} (usage: npm run backup -- --out FILE)`);
}
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");
const target = resolve(out ?? join(root, "data", "backups", `backup-${stamp}.tar.gz`));
mkdirSync(dirname(target), { recursive: true });

const started = Date.now();
try {
  const manifest = await writeBackupFile(await backupSource(root), target);
  const media = manifest.files.slice(1);
  const bytes = media.reduce((sum, f) => sum + f.size, 0);
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  console.log(
    `backup: wrote ${target}: ${manifest.database.kind} database at ${manifest.database.lastMigration ?? "no migration"} ` +
      `(${Object.keys(manifest.database.tables).length} tables, ${rows} rows), ${media.length} files (${(bytes / 1048576).toFixed(1)} MB) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  fail((error as Error).message);
}
