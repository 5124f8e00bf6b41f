-- CreateTable
CREATE TABLE "activity_log" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_email" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_id" TEXT,
    "target_label" TEXT,
    "summary" TEXT NOT NULL DEFAULT ''
);

-- CreateIndex
CREATE INDEX "activity_log_created_at_idx" ON "activity_log"("created_at");

-- CreateIndex
CREATE INDEX "activity_log_section_id_idx" ON "activity_log"("section", "id");

-- CreateIndex
CREATE INDEX "activity_log_actor_email_id_idx" ON "activity_log"("actor_email", "id");
