// The one video component for public videos (mp4, webm, ogg): only the metadata loads until
// play (the media route and S3 both answer Range requests, so seeking works), with a poster
// image (resized through the image route like every public image). Without an explicit poster
// it uses the one shipped next to a demo clip (posterFor), so no video shows as a black box.
import { preload } from "react-dom";
import { imageUrl, isResizable, type ImageWidth } from "~/lib/image-url";
import { posterFor } from "~/lib/media";

export interface VideoProps {
  src: string;
  /** An image shown before playback; undefined = derived from the video's URL, null = none. */
  poster?: string | null;
  /** Accessible name of the player (e.g. the project or the student's name). */
  title?: string;
  width?: number;
  height?: number;
  className?: string;
  /**
   * "player" (default): a player with controls. "cover": a still frame for a card, no controls,
   * hidden from assistive technology (the card names it). "background": a muted silent loop
   * behind a hero's text, hidden from assistive technology.
   */
  variant?: "player" | "cover" | "background";
  /** Width the poster is resized to (about twice its displayed width). */
  posterWidth?: ImageWidth;
}

export function Video({ src, poster, title, width, height, className, variant = "player", posterWidth = 1280 }: VideoProps) {
  const posterSource = poster === undefined ? posterFor(src) : poster;
  const posterUrl = posterSource ? (isResizable(posterSource) ? imageUrl(posterSource, posterWidth) : posterSource) : undefined;
  const decorative = variant !== "player";
  // A background video sits behind a hero: its poster is the page's largest paint, and browsers
  // only find a poster once they build the <video>, so it is preloaded from the <head>.
  if (variant === "background" && posterUrl) preload(posterUrl, { as: "image", fetchPriority: "high" });
  return (
    <video
      // Without a poster a card shows the frame at 0.5 s instead of a black first frame.
      src={variant === "cover" && !posterUrl ? `${src}#t=0.5` : src}
      poster={posterUrl}
      preload="metadata"
      controls={variant === "player"}
      autoPlay={variant === "background"}
      loop={variant === "background"}
      muted={decorative}
      playsInline
      aria-label={decorative ? undefined : title}
      aria-hidden={decorative ? true : undefined}
      tabIndex={decorative ? -1 : undefined}
      width={width}
      height={height}
      className={className}
    />
  );
}
