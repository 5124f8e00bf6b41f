-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_blog_posts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "cover_image" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT 'Wind Digital',
    "is_published" BOOLEAN NOT NULL DEFAULT true,
    "published_at" DATETIME,
    "meta_description" TEXT,
    "social_image" TEXT,
    "seo_title" TEXT,
    "schedule_log_pending" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_blog_posts" ("author", "content", "cover_image", "created_at", "excerpt", "id", "is_published", "meta_description", "published_at", "slug", "social_image", "title", "updated_at") SELECT "author", "content", "cover_image", "created_at", "excerpt", "id", "is_published", "meta_description", "published_at", "slug", "social_image", "title", "updated_at" FROM "blog_posts";
DROP TABLE "blog_posts";
ALTER TABLE "new_blog_posts" RENAME TO "blog_posts";
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts"("slug");
CREATE INDEX "blog_posts_is_published_published_at_idx" ON "blog_posts"("is_published", "published_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
