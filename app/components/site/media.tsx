// Media of the portfolio pages: a URL ending in mp4/webm/ogg is a video, a YouTube or
// Vimeo link an embedded player, anything else an image.
import { Image } from "~/components/ui/image";
import { Video } from "~/components/ui/video";
import { embedUrl, mediaKind } from "~/lib/media/kinds";
import { Icon } from "./icon";

/**
 * A card's cover: an image, or a video's poster frame with a play mark. Demo covers are 16:10
 * (1280×800) with their text inside the centre; cards use the same ratio so nothing is cropped.
 */
export function MediaCover({ url, alt, className = "", priority = false }: { url: string | null; alt: string; className?: string; priority?: boolean }) {
  if (!url) {
    return (
      <div className={`flex items-center justify-center bg-gradient-to-br from-brand-700 to-ink text-white/70 ${className}`}>
        <Icon name="monitor" className="size-12" />
      </div>
    );
  }
  const kind = mediaKind(url);
  if (kind === "image") {
    return (
      <Image
        src={url}
        alt={alt}
        width={1280}
        height={800}
        priority={priority}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className={`object-cover ${className}`}
      />
    );
  }
  return (
    <div className={`relative bg-ink ${className}`}>
      {kind === "video" ? <Video src={url} variant="cover" posterWidth={960} className="size-full object-cover" /> : null}
      {/* On a video's frame the play mark sits in a corner, clear of the title clips carry in their centre. */}
      <span className={`absolute inset-0 flex p-3 ${kind === "video" ? "items-end justify-start" : "items-center justify-center"}`}>
        <span className="flex size-12 items-center justify-center rounded-full bg-white/90 text-ink shadow-lg">
          <Icon name="play" className="ml-0.5 size-5" />
        </span>
      </span>
      <span className="sr-only">{alt} (vídeo)</span>
    </div>
  );
}

/** A full player for a media URL (lightbox, testimonials); an image is described by `alt`, else `title`. */
export function MediaPlayer({
  url,
  title,
  alt,
  className = "",
  vertical = false,
}: {
  url: string;
  title: string;
  alt?: string;
  className?: string;
  vertical?: boolean;
}) {
  const kind = mediaKind(url);
  if (kind === "iframe") {
    return (
      <iframe
        src={embedUrl(url)!}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        className={`${vertical ? "aspect-[9/16]" : "aspect-video"} w-full rounded-xl bg-black ${className}`}
      />
    );
  }
  if (kind === "video") {
    return (
      <Video
        src={url}
        title={title}
        posterWidth={vertical ? 768 : 1280}
        className={`${vertical ? "aspect-[9/16]" : "aspect-video"} w-full rounded-xl bg-black object-contain ${className}`}
      />
    );
  }
  return (
    <Image
      src={url}
      alt={alt ?? title}
      width={1600}
      height={1000}
      sizes="(min-width: 1024px) 70vw, 100vw"
      className={`h-auto max-h-[70vh] w-full rounded-xl object-contain ${className}`}
    />
  );
}
