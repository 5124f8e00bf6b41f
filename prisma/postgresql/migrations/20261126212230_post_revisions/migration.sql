-- CreateTable
CREATE TABLE "blog_post_revisions" (
    "id" SERIAL NOT NULL,
    "post_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_email" TEXT NOT NULL DEFAULT '',
    "actor_name" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL DEFAULT 'save',
    "restored_from" INTEGER,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,

    CONSTRAINT "blog_post_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blog_slug_redirects" (
    "from_slug" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blog_slug_redirects_pkey" PRIMARY KEY ("from_slug")
);

-- CreateIndex
CREATE INDEX "blog_post_revisions_post_id_id_idx" ON "blog_post_revisions"("post_id", "id");

-- CreateIndex
CREATE INDEX "blog_slug_redirects_post_id_idx" ON "blog_slug_redirects"("post_id");

-- AddForeignKey
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "blog_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blog_slug_redirects" ADD CONSTRAINT "blog_slug_redirects_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "blog_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
