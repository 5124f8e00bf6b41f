-- AlterTable
ALTER TABLE "site_settings" DROP COLUMN "sales_phone_display",
DROP COLUMN "video_phone_display";
