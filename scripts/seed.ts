// `npm run db:seed`: the admin from ADMIN_EMAIL / ADMIN_PASSWORD plus the demo content
// (`npm run db:seed -- --admin-only` for the admin alone). Idempotent: running it again leaves
// the same rows.
import { db, dbReady } from "../app/lib/db.server.ts";
import { env } from "../app/lib/env.server.ts";
import { seed } from "./lib/seed-data/index.ts";

try {
  await dbReady;
  const report = await seed(db, env, { adminOnly: process.argv.includes("--admin-only") });
  for (const line of report) console.log(`seed: ${line}`);
} catch (error) {
  console.error(`seed failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
