// Old addresses of blog posts keep working. When a post that has been public changes its slug, its
// old address is remembered and /blog/<old-slug> answers with a permanent redirect to wherever the
// post is now. Each old address names the post, not the slug that replaced it, so a chain of
// renames (a → b → c) leads from /blog/a straight to /blog/c in one hop, and a slug that returns to
// an earlier value simply stops being an old address (a → b → a: /blog/a is the post again, and
// /blog/b, linked while the post was there, leads back to it). Browsers must not keep the
// redirect (MOVED_CACHE_CONTROL): one kept from /blog/a to /blog/b, after the post went back to a,
// would send a returning visitor round between the two for as long as it was kept; asked every
// time, the server always knows where the post is. A post that takes a slug, new or the same one
// again, always wins over an old address: saving it removes that address, and the public page
// looks for a post first. Deleting a post deletes its old addresses (the database cascades). The
// redirect is never kept by the page cache (it keeps only 200 pages), and every admin write
// expires the cached pages, so the old slug's page stops being served at once.
import type { PrismaClient } from "../../generated/prisma-sqlite/client.ts";
import { publicPostWhere } from "./schedule.server";
import { db } from "../db.server";
import { errorFields, log } from "../logger.server.ts";

type Tx = Pick<PrismaClient, "blogSlugRedirect">;

interface PostAddress {
  id: string;
  slug: string;
  isPublished: boolean;
  publishedAt: Date | null;
}

/** Whether visitors may have seen (and shared) the post at its address: it has been public. */
function hasBeenPublic(post: Pick<PostAddress, "isPublished" | "publishedAt">, now: Date = new Date()): boolean {
  if (post.publishedAt) return post.publishedAt.getTime() <= now.getTime();
  return post.isPublished;
}

/**
 * After a post was written with its (possibly new) slug: the slug it left becomes an old address
 * of the post when the post had been public there, and the slug it now has is nobody's old address.
 */
export async function rememberSlugChange(before: PostAddress | null, after: Pick<PostAddress, "id" | "slug">, tx: Tx = db): Promise<void> {
  await tx.blogSlugRedirect.deleteMany({ where: { fromSlug: after.slug } });
  if (!before || before.slug === after.slug || !hasBeenPublic(before)) return;
  await tx.blogSlugRedirect.upsert({
    where: { fromSlug: before.slug },
    create: { fromSlug: before.slug, postId: after.id },
    update: { postId: after.id, createdAt: new Date() },
  });
}

/** An old address's redirect is asked for every time (see the top of this file). */
export const MOVED_CACHE_CONTROL = "no-store";

/**
 * Where /blog/<slug> has moved: the current path of the public post that had this slug, or null
 * (no such old address, the post is not public now, or it has this slug again). Call it only when
 * no public post has the slug. A failed read is logged and answers null (the page says "not found").
 */
export async function movedPostPath(slug: string): Promise<string | null> {
  try {
    const moved = await db.blogSlugRedirect.findUnique({ where: { fromSlug: slug }, select: { postId: true } });
    if (!moved) return null;
    const post = await db.blogPost.findFirst({ where: { id: moved.postId, ...publicPostWhere() }, select: { slug: true } });
    return post && post.slug !== slug ? `/blog/${encodeURIComponent(post.slug)}` : null;
  } catch (error) {
    log("error", "blog slug redirect unreadable, answered as not found", { slug, ...errorFields(error) });
    return null;
  }
}
