-- One name for the order column in every table: display_order becomes order_index, values kept.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_course_testimonials" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "student_name" TEXT NOT NULL,
    "video_url" TEXT NOT NULL,
    "order_index" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- Edited by hand: the order moves to the new column (the generated script dropped it).
INSERT INTO "new_course_testimonials" ("created_at", "id", "student_name", "video_url", "order_index") SELECT "created_at", "id", "student_name", "video_url", "display_order" FROM "course_testimonials";
DROP TABLE "course_testimonials";
ALTER TABLE "new_course_testimonials" RENAME TO "course_testimonials";
CREATE INDEX "course_testimonials_order_index_created_at_idx" ON "course_testimonials"("order_index", "created_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
