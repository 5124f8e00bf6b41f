// The one video component for uploaded videos (mp4, webm, ogg): only the metadata loads until
// play (the media route and S3 both answer Range requests, so seeking works), with a poster
// image when one exists (resized through the image route like every public image).
import { imageUrl, isResizable } from "~/lib/image-url";

export interface VideoProps {
  src: string;
  /** An image shown before playback. */
  poster?: string | null;
  /** Accessible name of the player (e.g. the project or the student's name). */
  title?: string;
  width?: number;
  height?: number;
  className?: string;
}

export function Video({ src, poster, title, width, height, className }: VideoProps) {
  const posterUrl = poster ? (isResizable(poster) ? imageUrl(poster, 1280) : poster) : undefined;
  return (
    <video
      src={src}
      poster={posterUrl}
      preload="metadata"
      controls
      playsInline
      aria-label={title}
      width={width}
      height={height}
      className={className}
    />
  );
}
