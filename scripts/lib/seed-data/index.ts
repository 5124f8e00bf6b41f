// The whole seed as one function, so the script and the tests run the same code.
import type { Db } from "../../../app/lib/db.server.ts";
import { seedAdmin, type AdminSource } from "./admin.ts";

export async function seed(db: Db, source: AdminSource): Promise<string[]> {
  const report: string[] = [];
  report.push(await seedAdmin(db, source));
  return report;
}
