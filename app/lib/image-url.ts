// Responsive image URLs through the image route (/img?src=...&w=...). Isomorphic: the Image
// component builds them, the route (app/routes/img.ts) accepts only these widths.
export const IMAGE_WIDTHS = [160, 320, 480, 640, 768, 960, 1280, 1600, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

const BUCKET_IN_PATH = /\/(portfolio-media|blog-media)\/[^/]/;

/**
 * Whether the image route can resize this source: our own paths (/media/..., /demo/... under
 * public/) and stored objects at an S3 public URL (…/portfolio-media/<key>, …/blog-media/<key>).
 * SVG and GIF stay as they are; other sites' images are left alone.
 */
export function isResizable(src: string): boolean {
  const path = src.split(/[?#]/)[0]!;
  if (!/\.(jpe?g|png|webp|avif)$/i.test(path)) return false;
  if (path.startsWith("/") && !path.startsWith("//")) return true;
  if (!/^https?:\/\//i.test(path)) return false;
  try {
    return BUCKET_IN_PATH.test(new URL(path).pathname);
  } catch {
    return false;
  }
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
