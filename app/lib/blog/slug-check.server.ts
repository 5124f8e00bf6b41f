// A post's address must be its own: the blog's check of the database, as a zod issue on the
// slug field (see withServerCheck), so it reaches the form like any other rule of the schema.
import type { z } from "zod";
import { db } from "~/lib/db.server";
import { withServerCheck } from "~/lib/forms/server-check";
import { slugify } from "~/lib/slugify";

export const SLUG_TAKEN = "Este slug já está em uso por outro post.";
const SLUG_REQUIRED = "Slug é obrigatório";

/** The post's slug: the one typed, else one made from the title. */
export const slugOf = (v: { slug?: string; title: string }) => slugify(v.slug || v.title);

/**
 * The post's schema with its slug checked: there must be one (a title of symbols makes none),
 * and no other post may have it. `id`: the post being edited, whose own slug is no clash.
 */
export function withFreeSlug<S extends z.ZodType<{ title: string; slug?: string }>>(schema: S, id: string | null): S {
  return withServerCheck(schema, async (value, ctx) => {
    const slug = slugOf(value as { title: string; slug?: string });
    if (!slug) return ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_REQUIRED });
    const taken = await db.blogPost.findFirst({ where: { slug, NOT: id ? { id } : undefined }, select: { id: true } });
    if (taken) ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_TAKEN });
  });
}
