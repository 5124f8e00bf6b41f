// The restore drill on SQLite with the media on local disk (see backup-drill-suite.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { LocalDiskStorage } from "../../app/lib/storage/local.server.ts";
import { backupDrill } from "./backup-drill-suite.ts";

backupDrill("SQLite with local disk", async () => {
  const dir = mkdtempSync(join(tmpdir(), "backup-sqlite-"));
  const file = join(dir, "app.db");
  const uploads = join(dir, "uploads");
  return {
    env: { DATABASE_URL: `file:${file}`, UPLOADS_DIR: uploads },
    storage: new LocalDiskStorage(uploads),
    urlBases: [],
    async tables() {
      const client = createClient({ url: `file:${file}` });
      try {
        const names = (await client.execute(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)).rows.map((r) =>
          String(r.name),
        );
        const out: Record<string, string[]> = {};
        for (const name of names) out[name] = (await client.execute(`SELECT * FROM "${name}"`)).rows.map((row) => JSON.stringify(row)).sort();
        return out;
      } finally {
        client.close();
      }
    },
    async wipe() {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
      rmSync(uploads, { recursive: true, force: true });
    },
    async close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
