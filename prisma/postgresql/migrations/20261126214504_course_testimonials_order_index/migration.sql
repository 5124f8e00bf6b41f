-- One name for the order column in every table: display_order becomes order_index, values kept.
-- Edited by hand: the generated script dropped the column and added an empty one.

-- DropIndex
DROP INDEX "course_testimonials_display_order_idx";

-- AlterTable
ALTER TABLE "course_testimonials" RENAME COLUMN "display_order" TO "order_index";

-- CreateIndex
CREATE INDEX "course_testimonials_order_index_created_at_idx" ON "course_testimonials"("order_index", "created_at");
