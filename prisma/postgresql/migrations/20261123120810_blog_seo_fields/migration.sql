-- AlterTable
ALTER TABLE "blog_posts" ADD COLUMN     "meta_description" TEXT,
ADD COLUMN     "social_image" TEXT;
