-- CreateTable
CREATE TABLE "activity_log" (
    "id" SERIAL NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_email" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_id" TEXT,
    "target_label" TEXT,
    "summary" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "activity_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "activity_log_created_at_idx" ON "activity_log"("created_at");

-- CreateIndex
CREATE INDEX "activity_log_section_id_idx" ON "activity_log"("section", "id");

-- CreateIndex
CREATE INDEX "activity_log_actor_email_id_idx" ON "activity_log"("actor_email", "id");
