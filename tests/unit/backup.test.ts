// `npm run db:backup` copies the database while it is being written to, and the copy restores
// with the data in it. SQLite: VACUUM INTO; PostgreSQL (TEST_DATABASE=postgres): pg_dump.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { db, dbReady, isPostgres } from "~/lib/db.server";
import { migrate } from "../../scripts/lib/migrator.ts";

const root = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "backup-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function backup(target: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, "scripts/backup.ts"), target], { cwd: root, env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Writes client logos one after another until told to stop; returns how many it wrote. */
function keepWriting() {
  let stop = false;
  let written = 0;
  const done = (async () => {
    while (!stop) {
      await db.clientLogo.create({ data: { clientName: `Escrita ${written}`, logoUrl: "/demo/logos/x.webp" } });
      written++;
      // Let the event loop breathe: local libsql calls can resolve without ever yielding.
      await new Promise((r) => setTimeout(r, 2));
    }
    return written;
  })();
  return { stop: () => ((stop = true), done) };
}

describe(`db:backup (${isPostgres ? "PostgreSQL" : "SQLite"})`, () => {
  it("writes a consistent copy while the database is being written, and the copy restores", async () => {
    await dbReady;
    await db.blogPost.create({
      data: { title: "Post guardado", slug: "post-guardado", coverImage: "/demo/blog/x.webp", excerpt: "e", content: "<p>Conteúdo com acentuação</p>" },
    });
    const writer = keepWriting();
    const target = join(dir, isPostgres ? "app.dump" : "app.db");
    const result = await backup(target);
    const written = await writer.stop();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`wrote ${target}`);
    expect(written).toBeGreaterThan(0);

    if (isPostgres) {
      const restoredUrl = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/restored_${Date.now()}`);
      const { default: pg } = await import("pg");
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${new URL(restoredUrl).pathname.slice(1)}"`);
      await admin.end();
      const restore = spawnSync("pg_restore", ["--no-owner", "--dbname", restoredUrl, target], { encoding: "utf8" });
      expect(restore.status, restore.stderr).toBe(0);
      const restored = new pg.Client({ connectionString: restoredUrl });
      await restored.connect();
      try {
        const posts = await restored.query(`SELECT content FROM blog_posts WHERE slug = 'post-guardado'`);
        expect(posts.rows).toEqual([{ content: "<p>Conteúdo com acentuação</p>" }]);
        const logos = Number((await restored.query(`SELECT count(*) FROM client_logos`)).rows[0].count);
        expect(logos).toBeLessThanOrEqual(written);
        expect(await migrate(restoredUrl)).toEqual([]);
      } finally {
        await restored.end();
      }
      return;
    }

    // Restore: put the copy where a database lives and open it.
    const restoredFile = join(dir, "restored.db");
    copyFileSync(target, restoredFile);
    expect(await migrate(`file:${restoredFile}`)).toEqual([]);
    const restored = createClient({ url: `file:${restoredFile}` });
    try {
      expect(String((await restored.execute("PRAGMA integrity_check")).rows[0]![0])).toBe("ok");
      const posts = await restored.execute(`SELECT content FROM blog_posts WHERE slug = 'post-guardado'`);
      expect(posts.rows.map((r) => r.content)).toEqual(["<p>Conteúdo com acentuação</p>"]);
      // A snapshot: some prefix of the concurrent writes, each row whole.
      const logos = await restored.execute(`SELECT client_name FROM client_logos ORDER BY created_at, client_name`);
      expect(logos.rows.length).toBeLessThanOrEqual(written);
      for (const row of logos.rows) expect(String(row.client_name)).toMatch(/^Escrita \d+$/);
    } finally {
      restored.close();
    }
  });

  it("refuses to overwrite an existing file", async () => {
    const target = join(dir, "existing.db");
    copyFileSync(join(root, "package.json"), target);
    const result = await backup(target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("already exists");
  });
});
