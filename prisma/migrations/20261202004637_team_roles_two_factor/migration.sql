-- AlterTable
ALTER TABLE "users" ADD COLUMN "invited_by_id" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "require_two_factor" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_site_settings" ("ceo_phone", "city", "cnpj", "email", "facebook_url", "hours", "id", "instagram_ceo_url", "instagram_url", "legal_name", "linkedin_url", "maps_url", "postal_code", "sales_phone", "state", "store_leads", "street", "tiktok_url", "updated_at", "video_phone", "youtube_url") SELECT "ceo_phone", "city", "cnpj", "email", "facebook_url", "hours", "id", "instagram_ceo_url", "instagram_url", "legal_name", "linkedin_url", "maps_url", "postal_code", "sales_phone", "state", "store_leads", "street", "tiktok_url", "updated_at", "video_phone", "youtube_url" FROM "site_settings";
DROP TABLE "site_settings";
ALTER TABLE "new_site_settings" RENAME TO "site_settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
