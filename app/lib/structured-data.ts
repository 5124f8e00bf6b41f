// JSON-LD for search engines: the agency (ProfessionalService), FAQ pages and blog posts.
import type { FaqEntry } from "~/content/home";
import { site } from "~/content/site";
import { postSnippet } from "./blog/snippet";
import { absoluteUrl } from "./seo";
import type { SiteSettings } from "./site-settings";

export function organizationJsonLd(siteUrl: string, settings: SiteSettings) {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: site.brandName,
    legalName: settings.legalName,
    url: siteUrl,
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
    image: absoluteUrl(siteUrl, "/og-image.png"),
    email: settings.email,
    telephone: `+${settings.salesPhone}`,
    priceRange: "R$ 5.000 - R$ 25.000 / mês",
    address: {
      "@type": "PostalAddress",
      streetAddress: settings.address.street,
      addressLocality: settings.address.city,
      addressRegion: settings.address.state,
      postalCode: settings.address.postalCode,
      addressCountry: site.address.country,
    },
    areaServed: "BR",
    openingHours: "Mo-Fr 09:00-18:00",
    aggregateRating: { "@type": "AggregateRating", ratingValue: "4.9", bestRating: "5", ratingCount: "1500" },
    sameAs: Object.values(settings.social).filter(Boolean),
  };
}

export function faqJsonLd(items: FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function blogPostingJsonLd(
  siteUrl: string,
  post: Parameters<typeof postSnippet>[0] & { title: string; slug: string; author: string; publishedAt: Date | string | null; updatedAt: Date | string },
) {
  const snippet = postSnippet(post);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: snippet.description,
    image: absoluteUrl(siteUrl, snippet.image),
    author: { "@type": "Organization", name: post.author || site.brandName },
    publisher: { "@type": "Organization", name: site.brandName, logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, "/favicon.svg") } },
    datePublished: post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined,
    dateModified: new Date(post.updatedAt).toISOString(),
    mainEntityOfPage: absoluteUrl(siteUrl, `/blog/${post.slug}`),
  };
}
