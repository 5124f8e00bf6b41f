// The one video component for public videos (mp4, webm, ogg): only the metadata loads until
// play (the media route and S3 both answer Range requests, so seeking works), with a poster
// image (resized through the image route like every public image). Without an explicit poster
// it uses the one shipped next to a demo clip (posterFor), so no video shows as a black box.
import { useEffect, useRef } from "react";
import { preload } from "react-dom";
import { imageUrl, isResizable, type ImageWidth } from "~/lib/media/image-url";
import { posterFor } from "~/lib/media/kinds";

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
  const background = variant === "background";
  // A background video sits behind a hero: its poster is the page's largest paint, and browsers
  // only find a poster once they build the <video>, so it is preloaded from the <head>.
  if (background && posterUrl) preload(posterUrl, { as: "image", fetchPriority: "high" });
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (background) return playAfterLoad(ref.current);
  }, [background]);
  const shared = {
    // Without a poster a card shows the frame at 0.5 s instead of a black first frame.
    src: variant === "cover" && !posterUrl ? `${src}#t=0.5` : src,
    poster: posterUrl,
    controls: variant === "player",
    loop: background,
    muted: decorative,
    playsInline: true,
    "aria-label": decorative ? undefined : title,
    "aria-hidden": decorative ? true : undefined,
    tabIndex: decorative ? -1 : undefined,
    width,
    height,
    className,
  };
  // A card's cover with a poster needs nothing of the video itself; without one, its frame at 0.5 s.
  if (!background) return <video {...shared} preload={variant === "cover" && posterUrl ? "none" : "metadata"} />;
  // A background loop is decoration: none of it loads until the page has, so it never competes
  // with what the page paints (its poster shows until then). Without JavaScript it autoplays.
  return (
    <>
      <video ref={ref} {...shared} preload="none" />
      <noscript>
        <video {...shared} autoPlay />
      </noscript>
    </>
  );
}

/** Starts a muted background loop once the page has loaded, unless the visitor prefers reduced motion. */
function playAfterLoad(video: HTMLVideoElement | null): (() => void) | undefined {
  if (!video || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const play = () => void video.play().catch(() => undefined);
  if (document.readyState === "complete") {
    play();
    return;
  }
  window.addEventListener("load", play, { once: true });
  return () => window.removeEventListener("load", play);
}
