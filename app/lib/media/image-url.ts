// Responsive image URLs through the image route (/img?src=...&w=...). Isomorphic: the Image
// component and the admin previews build them, the route (app/routes/img.ts) accepts only these widths.
export const IMAGE_WIDTHS = [160, 320, 480, 640, 768, 960, 1280, 1600, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

const RESIZABLE = /\.(jpe?g|png|webp|avif)$/i;
const BUCKET_IN_PATH = /\/(portfolio-media|blog-media)\/[^/]/;

/**
 * Whether an image goes through the image route: our own pictures (/media/..., /demo/... under
 * public/, stored objects at their S3 URL) to be resized, and every image on another site, which
 * the page may not load directly (the Content-Security-Policy allows images from our origin and
 * our store only) and which the route fetches, checks and re-encodes. Our own SVG and GIF, and
 * our own paths with a query or fragment (the route refuses those), are shown as they are.
 */
export function isResizable(src: string): boolean {
  if (/^https?:\/\//i.test(src)) {
    let path: string;
    try {
      path = new URL(src).pathname;
    } catch {
      return false;
    }
    // Our S3 store's objects follow the rule of our own paths (its origin is allowed as is).
    return BUCKET_IN_PATH.test(path) ? !/[?#]/.test(src) && RESIZABLE.test(path) : true;
  }
  if (!src.startsWith("/") || src.startsWith("//") || /[?#]/.test(src)) return false;
  return RESIZABLE.test(src);
}

/** What an admin preview shows for a URL: through the image route like the site, or as is (blob:, SVG...). */
export function previewSrc(src: string): string {
  return isResizable(src) ? imageUrl(src, 640) : src;
}

export function imageUrl(src: string, width: ImageWidth): string {
  return `/img?src=${encodeURIComponent(src)}&w=${width}`;
}

/** The allowlisted widths worth offering for an image shown at `displayWidth` CSS pixels (up to 2x). */
export function srcsetWidths(displayWidth: number): ImageWidth[] {
  const limit = Math.max(displayWidth * 2, IMAGE_WIDTHS[0]);
  const widths = IMAGE_WIDTHS.filter((w) => w <= limit);
  return widths.length ? widths : [IMAGE_WIDTHS[0]];
}
