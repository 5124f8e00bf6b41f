// The restore drill on PostgreSQL with the media in an S3-protocol store (s3rver), see
// backup-drill-suite.ts. The wiped installation is an empty, migrated database (as `npm start`
// leaves a new one) and emptied buckets.
import { DeleteObjectCommand } from "@aws-sdk/client-s3";
import pg from "pg";
import { BUCKETS } from "../../app/lib/storage/keys.server.ts";
import { S3Storage } from "../../app/lib/storage/s3.server.ts";
import { migrate } from "../../scripts/lib/migrator.ts";
import { startPgCluster } from "../../scripts/lib/pg-cluster.ts";
import { startS3rver } from "../helpers/s3rver.ts";
import { backupDrill } from "./backup-drill-suite.ts";

backupDrill("PostgreSQL with S3", async () => {
  const cluster = await startPgCluster();
  const url = await cluster.createDatabase("drill");
  const s3 = await startS3rver();
  const storage = new S3Storage({ endpoint: s3.endpoint, region: "us-east-1", accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
  await storage.ensureBuckets();
  return {
    env: {
      DATABASE_URL: url,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    storage,
    urlBases: [s3.endpoint],
    async tables() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows: names } = await client.query(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
        );
        const out: Record<string, string[]> = {};
        for (const { table_name } of names)
          out[table_name] = (await client.query(`SELECT * FROM "${table_name}"`)).rows.map((row) => JSON.stringify(row)).sort();
        return out;
      } finally {
        await client.end();
      }
    },
    async wipe() {
      await cluster.createDatabase("drill");
      await migrate(url);
      for (const bucket of BUCKETS) {
        for (const object of await storage.list(bucket)) await storage.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.key }));
      }
    },
    async close() {
      await s3.stop();
      cluster.stop();
    },
  };
});
