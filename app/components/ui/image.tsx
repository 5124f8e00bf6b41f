// The one image component for every public image: intrinsic width and height (no layout
// shift), lazy below the fold, high priority for a page's main image. The media work makes it
// emit a responsive `srcset` through the image-resizing route.
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
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
}
