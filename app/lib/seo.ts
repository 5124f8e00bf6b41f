// Per-page SEO tags: title, description, canonical URL and Open Graph, from one call in each
// route's `meta`. SITE_URL comes from the page's loader (the browser has no env).
import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

export interface SeoInput {
  siteUrl: string;
  path: string;
  title: string;
  /** The whole page title as written (a post's SEO title), instead of "<title> | <brand>". */
  fullTitle?: string | null;
  description: string;
  /** Absolute or root-relative image URL. */
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

function pageTitle(title: string): string {
  return title.includes(site.brandName) ? title : `${title} | ${site.brandName}`;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function seo({ siteUrl, path, title, fullTitle: given, description, image, type = "website", noindex }: SeoInput): MetaDescriptor[] {
  const fullTitle = given?.trim() || pageTitle(title);
  const url = absoluteUrl(siteUrl, path);
  const imageUrl = absoluteUrl(siteUrl, image || "/og-image.png");
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.brandName },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
