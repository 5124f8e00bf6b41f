// `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into this
// installation (DATABASE_URL and its storage, disk or S3), then checks every table's row count
// and every file's SHA-256 against the backup's manifest and prints what it checked. Refuses a
// bad archive (truncated, altered, from a newer schema, a path outside its folders) before writing
// anything, and a non-empty installation unless --force. Stop the site's servers first: the
// database is replaced underneath them. See scripts/lib/backup-restore.ts for the steps.
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { storageUrlBases } from "../app/lib/backup/config.server.ts";
import { BackupRefused } from "../app/lib/backup/format.server.ts";
import { env } from "../app/lib/env.server.ts";
import { storage } from "../app/lib/storage/index.server.ts";
import { restoreBackup } from "./lib/backup-restore.ts";
import { isPostgresUrl, sqliteFilePath } from "./lib/migrator.ts";

let file: string;
let force = false;
try {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) throw new Error(positionals.length ? "give one file" : "which backup? give its file");
  file = resolve(positionals[0]!);
  force = values.force ?? false;
} catch (error) {
  console.error(`restore: ${(error as Error).message} (usage: npm run restore -- FILE [--force])`);
  process.exit(2);
}

try {
  const report = await restoreBackup(
    file,
    {
      // A relative SQLite path is taken from the repository's root, as the migrator takes it.
      database: isPostgresUrl(env.DATABASE_URL) ? { kind: "postgresql", url: env.DATABASE_URL } : { kind: "sqlite", file: sqliteFilePath(env.DATABASE_URL) },
      databaseUrl: env.DATABASE_URL,
      storage: await storage(),
      urlBases: storageUrlBases(),
    },
    { force, progress: (line) => console.log(`restore: ${line}`) },
  );
  const m = report.manifest;
  console.log(`restore: restored ${file} (made ${m.createdAt} by ${m.product.name} ${m.product.version}, ${m.database.kind}, ${m.storage.kind})`);
  console.log(`restore: checked ${report.tables} tables, ${report.rows} rows: every row count matches the manifest`);
  console.log(
    `restore: checked ${report.files} files, ${(report.bytes / 1048576).toFixed(1)} MB: every SHA-256 read back from the storage matches the manifest`,
  );
  console.log(
    `restore: schema ${m.database.lastMigration ?? "(none)"}${report.migrated.length ? `, migrated forward: ${report.migrated.join(", ")}` : ", current: nothing to migrate"}`,
  );
  if (report.rewrittenValues) console.log(`restore: ${report.rewrittenValues} values named files at the old storage's address and now name this one's`);
  if (report.keptFiles) console.log(`restore: ${report.keptFiles} files already in the storage and not in the backup were kept`);
} catch (error) {
  const reason = (error as Error).message.split("\n")[0];
  console.error(error instanceof BackupRefused ? `restore: refused: ${reason}` : `restore: failed: ${reason}`);
  process.exit(1);
}
