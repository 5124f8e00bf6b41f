// The server's daily backup (app/lib/backup/schedule.server.ts), in this process on the test
// file's own database: it runs when due and not again the same day, keeps BACKUP_KEEP archives,
// never runs twice at once (the lease), recovers from a holder that died, records a failure (an
// error in the log) and the dashboard says when the last backup finished and whether it failed.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db, dbReady } from "~/lib/db.server";
import { backupStatus, runDueBackup } from "~/lib/backup/schedule.server";
import * as dashboard from "~/routes/admin.dashboard";
import { getRequest, routeArgs, sessionCookie, underAdminLayout } from "../routes/admin-fixtures";
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { S3Storage } from "~/lib/storage/s3.server";
import { expectErrorOutput } from "../helpers/error-trap";
import { startS3rver } from "../helpers/s3rver";

const dir = mkdtempSync(join(tmpdir(), "backup-schedule-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;
const start = Date.UTC(2026, 5, 1, 6, 0, 0);
const at = (ms: number) => () => new Date(ms);
const archives = (folder: string) => readdirSync(folder).filter((n) => n.endsWith(".tar.gz"));

beforeEach(async () => {
  await dbReady;
  await db.backupRun.deleteMany();
  await db.backupLock.deleteMany();
});

/** The dashboard's backup line, rendered from what its loader reads for a signed-in administrator. */
async function dashboardHtml(): Promise<string> {
  const request = getRequest("/admin/dashboard", { cookie: await sessionCookie() });
  const data = (await underAdminLayout(dashboard.loader as never)(routeArgs(request))) as Awaited<ReturnType<typeof dashboard.loader>>;
  return renderToStaticMarkup(createElement(dashboard.BackupLine, { backup: data.backup }));
}

describe("the daily backup", { timeout: 120_000 }, () => {
  it("runs when due, not again the same day, and keeps the newest BACKUP_KEEP", async () => {
    const folder = join(dir, "keep");
    expect(await runDueBackup({ dir: folder, keep: 2, now: at(start) })).toBe("ran");
    expect(archives(folder)).toEqual(["backup-20260601-060000.tar.gz"]);
    expect(await runDueBackup({ dir: folder, keep: 2, now: at(start + 3 * 60 * 60 * 1000) })).toBe("not-due");
    expect(await runDueBackup({ dir: folder, keep: 2, now: at(start + DAY) })).toBe("ran");
    expect(await runDueBackup({ dir: folder, keep: 2, now: at(start + 2 * DAY) })).toBe("ran");
    expect(archives(folder).sort()).toEqual(["backup-20260602-060000.tar.gz", "backup-20260603-060000.tar.gz"]);
    const runs = await db.backupRun.findMany({ orderBy: { id: "asc" } });
    expect(runs.map((r) => r.status)).toEqual(["ok", "ok", "ok"]);
    expect(runs[2]!.location).toBe(join(folder, "backup-20260603-060000.tar.gz"));
    expect(runs[2]!.bytes).toBeGreaterThan(1000);
    expect(await db.backupLock.count()).toBe(0);
  });

  it("is taken by one instance at a time, and by another once a holder's lease ran out", async () => {
    const folder = join(dir, "lease");
    await db.backupLock.create({ data: { id: 1, holder: "outra-instancia", expiresAt: new Date(start + 60_000) } });
    expect(await runDueBackup({ dir: folder, now: at(start) })).toBe("busy");
    // The holder died: its lease runs out and the next check takes it.
    expect(await runDueBackup({ dir: folder, now: at(start + 11 * 60_000) })).toBe("ran");
    await db.backupRun.deleteMany();
    // Two checks at the same moment: one backs up.
    const results = await Promise.all([runDueBackup({ dir: join(dir, "race"), now: at(start) }), runDueBackup({ dir: join(dir, "race"), now: at(start) })]);
    expect(results.filter((r) => r === "ran")).toHaveLength(1);
    expect(archives(join(dir, "race"))).toHaveLength(1);
  });

  it("records a failure, logs it as an error, retries an hour later, and the dashboard says so", async () => {
    const errors = expectErrorOutput();
    const notAFolder = join(dir, "a-file");
    writeFileSync(notAFolder, "x");
    expect(await runDueBackup({ dir: notAFolder, now: at(start) })).toBe("ran");
    expect(errors().map((e) => e.msg)).toContain("backup failed");
    const failed = await db.backupRun.findFirstOrThrow();
    expect(failed.status).toBe("failed");
    expect(failed.error).not.toBe("");
    expect(await runDueBackup({ dir: notAFolder, now: at(start + 30 * 60_000) })).toBe("not-due");

    const status = await backupStatus();
    expect(status.lastOk).toBeNull();
    expect(status.lastFailure?.error).toBe(failed.error);
    let html = await dashboardHtml();
    expect(html).toContain("Nenhum backup automático concluído ainda.");
    expect(html).toMatch(/O último backup falhou em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}: /);

    // The next try works: the dashboard shows when it finished, in São Paulo time, and no failure.
    expect(await runDueBackup({ dir: join(dir, "ok"), now: at(start + 61 * 60_000) })).toBe("ran");
    const ok = await db.backupRun.findFirstOrThrow({ where: { status: "ok" } });
    html = await dashboardHtml();
    const sp = new Intl.DateTimeFormat("pt-BR", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "America/Sao_Paulo",
    });
    expect(html).toContain(`Último backup concluído em ${sp.format(ok.finishedAt!)}.`);
    expect(html).not.toContain("falhou");
  });

  it("puts the backups in an S3 bucket under its prefix and keeps BACKUP_KEEP there", async () => {
    const s3 = await startS3rver();
    try {
      const config = { endpoint: s3.endpoint, region: "us-east-1", accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
      const { client } = new S3Storage(config);
      await client.send(new CreateBucketCommand({ Bucket: "backups" }));
      for (const day of [0, 1, 2]) expect(await runDueBackup({ dir: "s3://backups/site", keep: 2, s3: config, now: at(start + day * DAY) })).toBe("ran");
      const listed = await client.send(new ListObjectsV2Command({ Bucket: "backups" }));
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(["site/backup-20260602-060000.tar.gz", "site/backup-20260603-060000.tar.gz"]);
      const last = await db.backupRun.findFirstOrThrow({ orderBy: { id: "desc" } });
      expect(last).toMatchObject({ status: "ok", location: "s3://backups/site/backup-20260603-060000.tar.gz" });
      const object = await client.send(new GetObjectCommand({ Bucket: "backups", Key: "site/backup-20260603-060000.tar.gz" }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      expect(bytes.length).toBe(last.bytes);
      expect(bytes.subarray(0, 2).toString("hex")).toBe("1f8b"); // gzip
    } finally {
      await s3.stop();
    }
  });
});
