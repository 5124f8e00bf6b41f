-- AlterTable
ALTER TABLE "users" ADD COLUMN     "invited_by_id" TEXT;

-- AlterTable
ALTER TABLE "site_settings" ADD COLUMN     "require_two_factor" BOOLEAN NOT NULL DEFAULT false;
