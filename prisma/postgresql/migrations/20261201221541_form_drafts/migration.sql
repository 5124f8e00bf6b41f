-- CreateTable
CREATE TABLE "form_drafts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "path" TEXT NOT NULL,
    "fields" TEXT NOT NULL,
    "files" TEXT NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "form_drafts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "form_drafts_expires_at_idx" ON "form_drafts"("expires_at");

-- AddForeignKey
ALTER TABLE "form_drafts" ADD CONSTRAINT "form_drafts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
