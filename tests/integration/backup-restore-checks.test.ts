// `npm run restore` on bad input and on the awkward cases: a truncated archive, one whose file
// does not match its checksum, one from a newer schema, one with a path that escapes its folder
// are each refused with one line before anything is written; a non-empty installation is refused
// unless --force (and the refusal says why); a restore cut short runs again; a backup from an
// older schema is restored and migrated forward.
import { createHash } from "node:crypto";
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { createClient } from "@libsql/client";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver } from "../helpers/s3rver.ts";
import { runScript } from "./backup-drill-suite.ts";

const root = new URL("../..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "backup-checks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
/** A fresh, empty installation: a database file that does not exist yet and an empty uploads folder. */
function installation() {
  const base = join(dir, `site-${++counter}`);
  mkdirSync(base);
  const file = join(base, "app.db");
  const uploads = join(base, "uploads");
  return { file, uploads, env: { NODE_ENV: "test", DATABASE_URL: `file:${file}`, UPLOADS_DIR: uploads } };
}

type Entry = { name: string; body: Buffer };

async function readEntries(archive: string): Promise<Entry[]> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(archive), createGunzip(), extract as unknown as NodeJS.WritableStream);
  const out: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    out.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  await feeding;
  return out;
}

async function writeEntries(archive: string, entries: Entry[]): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(archive));
  for (const { name, body } of entries) await new Promise<void>((resolve, reject) => pack.entry({ name }, body, (e) => (e ? reject(e) : resolve())));
  pack.finalize();
  await written;
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let good: string;
let goodEntries: Entry[];

beforeAll(async () => {
  const site = installation();
  for (const script of ["migrate.ts", "seed.ts"]) {
    const run = await runScript(script, [], site.env);
    if (run.code !== 0) throw new Error(`${script}: ${run.stderr}`);
  }
  mkdirSync(join(site.uploads, "blog-media/blog-covers"), { recursive: true });
  mkdirSync(join(site.uploads, "portfolio-media"), { recursive: true });
  writeFileSync(join(site.uploads, "blog-media/blog-covers/capa.png"), Buffer.alloc(200_000, 1));
  for (let i = 0; i < 40; i++) writeFileSync(join(site.uploads, `portfolio-media/foto-${i}.png`), Buffer.alloc(20_000 + i, i));
  good = join(dir, "good.tar.gz");
  const made = await runScript("backup.ts", ["--out", good], site.env);
  if (made.code !== 0) throw new Error(made.stderr);
  goodEntries = await readEntries(good);
}, 120_000);

// Each test runs the scripts as processes (a few seconds each, many more on a loaded machine):
// the describes' timeouts are bounds, not expectations.

/** Refused with one line, exit 1, and nothing written to the installation. */
async function expectRefused(archive: string, reason: RegExp) {
  const site = installation();
  const result = await runScript("restore.ts", [archive], site.env);
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^restore: refused: /);
  expect(lines[0]).toMatch(reason);
  expect(existsSync(site.file)).toBe(false);
  expect(existsSync(site.uploads) ? readdirSync(site.uploads, { recursive: true }) : []).toEqual([]);
}

describe("npm run restore refuses a bad archive before writing anything", { timeout: 120_000 }, () => {
  it("a truncated archive", async () => {
    const bytes = readFileSync(good);
    const cut = join(dir, "truncated.tar.gz");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(cut, /damaged or truncated/);
  });

  it("a file that does not match its checksum", async () => {
    const altered = join(dir, "altered.tar.gz");
    await writeEntries(
      altered,
      goodEntries.map((e) => (e.name === "media/portfolio-media/foto-7.png" ? { ...e, body: Buffer.alloc(e.body.length, 99) } : e)),
    );
    await expectRefused(altered, /media\/portfolio-media\/foto-7\.png does not match its checksum/);
  });

  it("a backup from a newer schema", async () => {
    const newer = join(dir, "newer.tar.gz");
    await writeEntries(
      newer,
      goodEntries.map((e) => {
        if (e.name !== "manifest.json") return e;
        const manifest = JSON.parse(e.body.toString());
        manifest.database.migrations.push("29991231235959_from_the_future");
        manifest.database.lastMigration = "29991231235959_from_the_future";
        return { ...e, body: Buffer.from(JSON.stringify(manifest)) };
      }),
    );
    await expectRefused(newer, /newer schema \(migration 29991231235959_from_the_future is unknown/);
  });

  it("a path that escapes its folder, in the archive or in the manifest", async () => {
    const escaping = join(dir, "escaping.tar.gz");
    const evil = { name: "media/blog-media/../../../../tmp/evil.sh", body: Buffer.from("#!/bin/sh\n") };
    await writeEntries(escaping, [evil, ...goodEntries]);
    await expectRefused(escaping, /path outside its folders: "media\/blog-media\/\.\.\/\.\.\//);

    const listed = join(dir, "listed.tar.gz");
    await writeEntries(
      listed,
      goodEntries.map((e) => {
        if (e.name !== "manifest.json") return e;
        const manifest = JSON.parse(e.body.toString());
        manifest.files.push({ path: "../outside.png", size: 1, sha256: sha(Buffer.from("x")) });
        return { ...e, body: Buffer.from(JSON.stringify(manifest)) };
      }),
    );
    await expectRefused(listed, /manifest names a path outside the backup's folders: "\.\.\/outside\.png"/);
  });

  it("a database of the other kind than DATABASE_URL names", async () => {
    // Refused before any connection: nothing listens at this address.
    const result = await runScript("restore.ts", [good], {
      NODE_ENV: "test",
      DATABASE_URL: "postgres://drill@127.0.0.1:9/nada",
      UPLOADS_DIR: join(dir, "never"),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^restore: refused: the backup holds a SQLite database and DATABASE_URL names PostgreSQL/);
    expect(existsSync(join(dir, "never"))).toBe(false);
  });

  it("a file the manifest does not list, or a listed one that is missing", async () => {
    const extra = join(dir, "extra.tar.gz");
    await writeEntries(extra, [{ name: "media/blog-media/intrusa.png", body: Buffer.from("x") }, ...goodEntries]);
    await expectRefused(extra, /holds media\/blog-media\/intrusa\.png, which its manifest does not list/);
    const missing = join(dir, "missing.tar.gz");
    await writeEntries(
      missing,
      goodEntries.filter((e) => e.name !== "media/portfolio-media/foto-3.png"),
    );
    await expectRefused(missing, /lacks media\/portfolio-media\/foto-3\.png/);
  });
});

describe("npm run restore into an installation", { timeout: 120_000 }, () => {
  it("refuses a non-empty one and says why, and replaces it with --force", async () => {
    const site = installation();
    expect((await runScript("migrate.ts", [], site.env)).code).toBe(0);
    expect((await runScript("seed.ts", [], site.env)).code).toBe(0);
    const db = createClient({ url: `file:${site.file}` });
    await db.execute(`INSERT INTO client_logos (id, client_name, logo_url, order_index, created_at) VALUES ('extra', 'Logo a mais', '/x.png', 99, 0)`);
    db.close();
    const refused = await runScript("restore.ts", [good], site.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^restore: refused: the installation is not empty \(.*client_logos: 13 rows.*\): .*add --force/);

    const forced = await runScript("restore.ts", [good, "--force"], site.env);
    expect(forced.code, forced.stderr).toBe(0);
    const after = createClient({ url: `file:${site.file}` });
    expect((await after.execute(`SELECT count(*) AS n FROM client_logos WHERE id = 'extra'`)).rows[0]!.n).toBe(0);
    after.close();
  });

  it("a restore cut short midway runs again to the end", async () => {
    const site = installation();
    // A ".part" left by an upload that was killed, and the restore itself killed while it uploads.
    mkdirSync(join(site.uploads, "portfolio-media"), { recursive: true });
    writeFileSync(join(site.uploads, "portfolio-media/foto-9.png.part"), "half");
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [join(root, "scripts/restore.ts"), good], { cwd: root, env: { ...process.env, ...site.env } });
      child.stdout.on("data", (d: Buffer) => {
        if (d.toString().includes("files to the storage")) child.kill("SIGKILL");
      });
      child.on("exit", () => resolve());
    });
    const again = await runScript("restore.ts", [good], site.env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("checked 41 files");
  });

  it("restores a backup from an older schema and migrates it forward", async () => {
    // An installation of an older version: every migration but the last, applied as the migrator does.
    const old = installation();
    const folders = readdirSync(join(root, "prisma/migrations"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const last = folders.at(-1)!;
    const db = createClient({ url: `file:${old.file}` });
    await db.execute(`CREATE TABLE "_prisma_migrations" ("id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
      "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    for (const name of folders.slice(0, -1)) {
      const sql = readFileSync(join(root, "prisma/migrations", name, "migration.sql"), "utf8");
      await db.executeMultiple(sql);
      await db.execute({
        sql: `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, 1, ?, 1, 1)`,
        args: [name, sha(Buffer.from(sql)), name],
      });
    }
    await db.execute(
      `INSERT INTO blog_posts (id, title, slug, cover_image, excerpt, content, created_at, updated_at) VALUES ('p1', 'Post antigo', 'post-antigo', '/x.png', 'e', '<p>c</p>', 0, 0)`,
    );
    db.close();
    const archive = join(dir, "older.tar.gz");
    const made = await runScript("backup.ts", ["--out", archive], old.env);
    expect(made.code, made.stderr).toBe(0);

    const site = installation();
    const restored = await runScript("restore.ts", [archive], site.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`migrated forward: ${last}`);
    const after = createClient({ url: `file:${site.file}` });
    const names = (await after.execute(`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`)).rows.map((r) => r.migration_name);
    expect(names).toEqual(folders);
    expect((await after.execute(`SELECT title FROM blog_posts WHERE id = 'p1'`)).rows[0]!.title).toBe("Post antigo");
    after.close();
  });

  it("a backup made on disk restores to S3, and one made on S3 restores to disk with its rows' S3 addresses rewritten", async () => {
    const s3 = await startS3rver();
    try {
      const onS3 = installation();
      const s3Env = {
        ...onS3.env,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      };
      const toS3 = await runScript("restore.ts", [good], s3Env);
      expect(toS3.code, toS3.stderr).toBe(0);
      expect(toS3.stdout).toContain("checked 41 files");
      const capa = await fetch(`${s3.endpoint}/blog-media/blog-covers/capa.png`);
      expect(Buffer.from(await capa.arrayBuffer())).toEqual(Buffer.alloc(200_000, 1));
      // A row naming the file at the S3 store's own address, as uploads on S3 are written.
      const db = createClient({ url: `file:${onS3.file}` });
      const absolute = `${s3.endpoint}/blog-media/blog-covers/capa.png`;
      await db.execute({
        sql: `UPDATE blog_posts SET cover_image = ?, content = ? WHERE slug = (SELECT min(slug) FROM blog_posts)`,
        args: [absolute, `<p><img src="${absolute}"></p>`],
      });
      db.close();
      const archive = join(dir, "from-s3.tar.gz");
      const made = await runScript("backup.ts", ["--out", archive], s3Env);
      expect(made.code, made.stderr).toBe(0);

      const onDisk = installation();
      const toDisk = await runScript("restore.ts", [archive], onDisk.env);
      expect(toDisk.code, toDisk.stderr).toBe(0);
      expect(toDisk.stdout).toMatch(/2 values named files at the old storage's address/);
      const after = createClient({ url: `file:${onDisk.file}` });
      const row = (await after.execute(`SELECT cover_image, content FROM blog_posts WHERE slug = (SELECT min(slug) FROM blog_posts)`)).rows[0]!;
      after.close();
      expect(row.cover_image).toBe("/media/blog-media/blog-covers/capa.png");
      expect(row.content).toBe('<p><img src="/media/blog-media/blog-covers/capa.png"></p>');
      expect(readFileSync(join(onDisk.uploads, "blog-media/blog-covers/capa.png"))).toEqual(Buffer.alloc(200_000, 1));
    } finally {
      await s3.stop();
    }
  });
});
