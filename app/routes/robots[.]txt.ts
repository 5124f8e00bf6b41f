// GET /robots.txt: everything public is crawlable; the admin area is not.
import { env } from "~/lib/env.server";

export function loader() {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${env.SITE_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
