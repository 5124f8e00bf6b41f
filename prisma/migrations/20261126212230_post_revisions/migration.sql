-- CreateTable
CREATE TABLE "blog_post_revisions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "post_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_email" TEXT NOT NULL DEFAULT '',
    "actor_name" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL DEFAULT 'save',
    "restored_from" INTEGER,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    CONSTRAINT "blog_post_revisions_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "blog_posts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "blog_slug_redirects" (
    "from_slug" TEXT NOT NULL PRIMARY KEY,
    "post_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "blog_slug_redirects_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "blog_posts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "blog_post_revisions_post_id_id_idx" ON "blog_post_revisions"("post_id", "id");

-- CreateIndex
CREATE INDEX "blog_slug_redirects_post_id_idx" ON "blog_slug_redirects"("post_id");
