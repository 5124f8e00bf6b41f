-- CreateTable
CREATE TABLE "leads" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "company" TEXT NOT NULL DEFAULT '',
    "message" TEXT NOT NULL DEFAULT '',
    "revenue" TEXT NOT NULL DEFAULT '',
    "page" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL DEFAULT '',
    "medium" TEXT NOT NULL DEFAULT '',
    "campaign" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'novo',
    "owner_id" TEXT,
    "first_response_at" DATETIME,
    "chat_session_id" TEXT,
    "held_by_id" TEXT,
    "search_text" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "leads_held_by_id_fkey" FOREIGN KEY ("held_by_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "lead_messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "lead_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "role" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "error" BOOLEAN NOT NULL DEFAULT false,
    "author_name" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "lead_messages_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "lead_notes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "lead_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "author_email" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'note',
    "text" TEXT NOT NULL,
    CONSTRAINT "lead_notes_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "password_hash" TEXT,
    "deactivated_at" DATETIME,
    "last_sign_in_at" DATETIME,
    "totp_secret" TEXT,
    "totp_pending" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notify_new_leads" BOOLEAN NOT NULL DEFAULT false,
    "notify_held_messages" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_users" ("created_at", "deactivated_at", "email", "id", "last_sign_in_at", "name", "password_hash", "totp_pending", "totp_secret", "updated_at") SELECT "created_at", "deactivated_at", "email", "id", "last_sign_in_at", "name", "password_hash", "totp_pending", "totp_secret", "updated_at" FROM "users";
DROP TABLE "users";
ALTER TABLE "new_users" RENAME TO "users";
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE TABLE "new_site_settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "legal_name" TEXT NOT NULL,
    "cnpj" TEXT NOT NULL,
    "sales_phone" TEXT NOT NULL,
    "video_phone" TEXT NOT NULL,
    "ceo_phone" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "maps_url" TEXT NOT NULL,
    "hours" TEXT NOT NULL,
    "facebook_url" TEXT NOT NULL DEFAULT '',
    "instagram_url" TEXT NOT NULL DEFAULT '',
    "instagram_ceo_url" TEXT NOT NULL DEFAULT '',
    "linkedin_url" TEXT NOT NULL DEFAULT '',
    "tiktok_url" TEXT NOT NULL DEFAULT '',
    "youtube_url" TEXT NOT NULL DEFAULT '',
    "store_leads" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_site_settings" ("ceo_phone", "city", "cnpj", "email", "facebook_url", "hours", "id", "instagram_ceo_url", "instagram_url", "legal_name", "linkedin_url", "maps_url", "postal_code", "sales_phone", "state", "street", "tiktok_url", "updated_at", "video_phone", "youtube_url") SELECT "ceo_phone", "city", "cnpj", "email", "facebook_url", "hours", "id", "instagram_ceo_url", "instagram_url", "legal_name", "linkedin_url", "maps_url", "postal_code", "sales_phone", "state", "street", "tiktok_url", "updated_at", "video_phone", "youtube_url" FROM "site_settings";
DROP TABLE "site_settings";
ALTER TABLE "new_site_settings" RENAME TO "site_settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "leads_chat_session_id_key" ON "leads"("chat_session_id");

-- CreateIndex
CREATE INDEX "leads_created_at_idx" ON "leads"("created_at");

-- CreateIndex
CREATE INDEX "leads_status_created_at_idx" ON "leads"("status", "created_at");

-- CreateIndex
CREATE INDEX "leads_kind_created_at_idx" ON "leads"("kind", "created_at");

-- CreateIndex
CREATE INDEX "leads_owner_id_created_at_idx" ON "leads"("owner_id", "created_at");

-- CreateIndex
CREATE INDEX "lead_messages_lead_id_id_idx" ON "lead_messages"("lead_id", "id");

-- CreateIndex
CREATE INDEX "lead_notes_lead_id_id_idx" ON "lead_notes"("lead_id", "id");
