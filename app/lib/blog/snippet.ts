// A blog post's title, description and image as search engines and social networks show them (the
// post page's meta tags and its structured data). Kept apart from seo.ts, which every public page
// loads: only the post page needs it.

/**
 * A blog post's search and social snippet: its own SEO title, meta description and image when
 * set, else its title (with the brand), the excerpt and the cover.
 */
export function postSnippet(post: {
  title: string;
  excerpt: string;
  coverImage: string;
  seoTitle?: string | null;
  metaDescription?: string | null;
  socialImage?: string | null;
}) {
  return {
    title: post.title,
    fullTitle: post.seoTitle?.trim() || null,
    description: post.metaDescription?.trim() || post.excerpt,
    image: post.socialImage?.trim() || post.coverImage,
  };
}
