// The one image component for every public image: intrinsic width and height (no layout
// shift), a responsive `srcset` through the image route (/img: AVIF or WebP at allowlisted
// widths), lazy below the fold, high fetch priority for a page's main image. SVG, GIF and other
// sites' images are shown as they are.
import { imageUrl, isResizable, srcsetWidths } from "~/lib/media/image-url";

export interface ImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The page's main (largest, above the fold) image: eager and high fetch priority. */
  priority?: boolean;
  sizes?: string;
  className?: string;
}

export function Image({ src, alt, width, height, priority = false, sizes = "100vw", className }: ImageProps) {
  const widths = isResizable(src) ? srcsetWidths(width) : [];
  const fallbackWidth = widths.find((w) => w >= width) ?? widths.at(-1);
  return (
    <img
      src={fallbackWidth ? imageUrl(src, fallbackWidth) : src}
      srcSet={widths.length ? widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(", ") : undefined}
      sizes={widths.length ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "auto" : "async"}
      className={className}
    />
  );
}
