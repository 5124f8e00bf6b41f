-- AlterTable
ALTER TABLE "blog_posts" ADD COLUMN     "schedule_log_pending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "seo_title" TEXT;
