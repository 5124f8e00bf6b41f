// JSON-LD for search engines: the agency (ProfessionalService), FAQ pages and blog posts.
import type { FaqEntry } from "~/content/home";
import { site } from "~/content/site";
import { absoluteUrl } from "./seo";

export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: site.brandName,
    legalName: site.legalName,
    url: siteUrl,
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
    image: absoluteUrl(siteUrl, "/og-image.png"),
    email: site.email,
    telephone: `+${site.salesPhone}`,
    priceRange: "R$ 5.000 - R$ 25.000 / mês",
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.state,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    areaServed: "BR",
    openingHours: "Mo-Fr 09:00-18:00",
    aggregateRating: { "@type": "AggregateRating", ratingValue: "4.9", bestRating: "5", ratingCount: "1500" },
    sameAs: Object.values(site.social),
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
  post: { title: string; slug: string; excerpt: string; coverImage: string; author: string; publishedAt: Date | string | null; updatedAt: Date | string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: absoluteUrl(siteUrl, post.coverImage),
    author: { "@type": "Organization", name: post.author || site.brandName },
    publisher: { "@type": "Organization", name: site.brandName, logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, "/favicon.svg") } },
    datePublished: post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined,
    dateModified: new Date(post.updatedAt).toISOString(),
    mainEntityOfPage: absoluteUrl(siteUrl, `/blog/${post.slug}`),
  };
}
