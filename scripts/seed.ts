// `npm run db:seed`: the admin from ADMIN_EMAIL / ADMIN_PASSWORD plus the demo content.
// Idempotent: running it again leaves the same rows.
import { db, dbReady } from "../app/lib/db.server.ts";
import { seed } from "./lib/seed-data/index.ts";

try {
  await dbReady;
  for (const line of await seed(db, process.env)) console.log(`seed: ${line}`);
} catch (error) {
  console.error(`seed failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
