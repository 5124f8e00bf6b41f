// Blog HTML is sanitized with an allowlist when saved and again when rendered. On the page, an
// image from another site is shown through the image route (/img), which fetches, checks and
// re-encodes it: the Content-Security-Policy lets the page load images only from our origin and
// our store. The stored HTML keeps the address the author wrote.
import sanitize from "sanitize-html";
import { imageUrl, isResizable } from "./image-url.ts";
import { EMBED_HOSTS, isVideoEmbed } from "./video-embed.ts";

const options: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "mark",
    "small",
    "sub",
    "sup",
    "blockquote",
    "q",
    "cite",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "span",
    "div",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
    iframe: ["src", "title", "allowfullscreen", "loading"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // Embedded videos: only YouTube's and Vimeo's players (see video-embed.ts), never other pages.
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } : { ...attribs, target: "", rel: "" },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href) || (frame.tag === "iframe" && !isVideoEmbed(frame.attribs.src ?? "")),
};

/** The elements and attributes kept (tests check that the content field keeps each of them). */
export const BLOG_ALLOWLIST = { tags: options.allowedTags as string[], attributes: options.allowedAttributes as Record<string, string[]> };

export function sanitizeBlogHtml(html: string): string {
  return sanitize(html, options);
}

/**
 * A blog post's HTML as the page shows it: sanitized, images through the image route. An image
 * written without alt text gets the media library's (`alts`, by the address as written), if any.
 */
export function blogHtmlForPage(html: string, alts?: ReadonlyMap<string, string>): string {
  return sanitize(html, {
    ...options,
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => {
        const src = attribs.src ?? "";
        const alt = attribs.alt?.trim() ? attribs.alt : (alts?.get(src) ?? attribs.alt);
        return { tagName, attribs: { ...attribs, ...(alt === undefined ? {} : { alt }), src: isResizable(src) ? imageUrl(src, 1280) : src, loading: "lazy" } };
      },
    },
  });
}

/** The addresses of a post's images exactly as blogHtmlForPage reads them (the image route serves only what content shows). */
export function blogImageSources(html: string): string[] {
  const sources: string[] = [];
  sanitize(html, {
    ...options,
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => {
        if (attribs.src) sources.push(attribs.src);
        return { tagName, attribs };
      },
    },
  });
  return sources;
}
