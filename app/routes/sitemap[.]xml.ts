// GET /sitemap.xml: the public pages and every post public now (not drafts, not scheduled ones, never
// previews), with lastmod.
import { publicPaths } from "~/content/navigation";
import { publicPostWhere } from "~/lib/blog/schedule.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function urlEntry(loc: string, lastmod?: Date | null): string {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeXml(loc)}</loc>${mod}</url>`;
}

export async function loader() {
  const posts = await db.blogPost.findMany({
    where: publicPostWhere(),
    select: { slug: true, updatedAt: true, publishedAt: true },
    orderBy: { publishedAt: "desc" },
  });
  const newestPost = posts.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
  const entries = [
    ...publicPaths.map((path) => urlEntry(`${env.SITE_URL}${path}`, path === "/blog" ? newestPost : null)),
    ...posts.map((p) => urlEntry(`${env.SITE_URL}/blog/${encodeURIComponent(p.slug)}`, p.updatedAt ?? p.publishedAt)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
