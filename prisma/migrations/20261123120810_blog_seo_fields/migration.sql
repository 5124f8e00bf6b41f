-- AlterTable
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" TEXT;
ALTER TABLE "blog_posts" ADD COLUMN "social_image" TEXT;
