// The migration that gives course testimonials the same order column as every other table
// (display_order → order_index) keeps each row's position, on SQLite and on PostgreSQL. The test
// puts the table back in its old shape with rows in it, runs the migration's own SQL, and reads
// the rows through the app's client.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { db, dbReady, isPostgres } from "~/lib/db.server";

const root = join(import.meta.dirname, "../..");
const NAME = "_course_testimonials_order_index";

/** The statements of this migration's script for the database under test. */
function migrationStatements(): string[] {
  const dir = join(root, isPostgres ? "prisma/postgresql/migrations" : "prisma/migrations");
  const folder = readdirSync(dir).find((name) => name.endsWith(NAME));
  if (!folder) throw new Error(`no migration named *${NAME}`);
  return readFileSync(join(dir, folder, "migration.sql"), "utf8")
    .split("\n")
    .filter((line) => !line.startsWith("--"))
    .join("\n")
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe("the order_index migration of course_testimonials", () => {
  it("keeps every row's position", async () => {
    await dbReady;
    // The table as it was before the migration: the column named display_order, with its index.
    await db.$executeRawUnsafe(`DROP INDEX "course_testimonials_order_index_created_at_idx"`);
    await db.$executeRawUnsafe(`ALTER TABLE "course_testimonials" RENAME COLUMN "order_index" TO "display_order"`);
    await db.$executeRawUnsafe(`CREATE INDEX "course_testimonials_display_order_idx" ON "course_testimonials"("display_order")`);
    for (const [id, position] of [
      ["a", 3],
      ["b", 1],
      ["c", 2],
    ] as const) {
      await db.$executeRawUnsafe(
        `INSERT INTO "course_testimonials" ("id", "student_name", "video_url", "display_order") VALUES ('${id}', 'Aluno ${id}', '/v.mp4', ${position})`,
      );
    }

    for (const statement of migrationStatements()) await db.$executeRawUnsafe(statement);

    const rows = await db.courseTestimonial.findMany({ orderBy: { orderIndex: "asc" } });
    expect(rows.map((row) => [row.id, row.orderIndex, row.studentName])).toEqual([
      ["b", 1, "Aluno b"],
      ["c", 2, "Aluno c"],
      ["a", 3, "Aluno a"],
    ]);
  });
});
