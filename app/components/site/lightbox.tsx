// A lightbox driven by the URL (`?midia=<id>&item=<n>`), in the site's one dialog (the browser's
// <dialog>, see ui/dialog.tsx): the server renders it open, so it opens and closes with plain links
// without JavaScript; with JavaScript it is a modal that also closes with Escape and with a click
// on the backdrop, takes focus on its close link, and keeps the page behind from scrolling.
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { Icon } from "./icon";
import { MediaPlayer } from "./media";

export function Lightbox({
  title,
  media,
  alts = {},
  index,
  closeHref,
  itemHref,
  children,
}: {
  title: string;
  media: string[];
  /** The media library's alt text of the images among `media`, by URL (else `title` describes them). */
  alts?: Record<string, string>;
  index: number;
  closeHref: string;
  itemHref: (index: number) => string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const closeRef = useRef<HTMLAnchorElement>(null);
  const current = media[index] ?? media[0];

  useEffect(() => {
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <Dialog
      title={title}
      size="gallery"
      // Another project opened while this one's close was still loading arrives with it closed.
      reopenOn={location.key}
      onClose={() => void navigate(closeHref, { preventScrollReset: true })}
      closeControl={(props) => (
        <Link ref={closeRef} to={closeHref} preventScrollReset replace {...props}>
          <Icon name="close" className="size-5" />
          <span className="sr-only">Fechar</span>
        </Link>
      )}
    >
      {current ? <MediaPlayer key={current} url={current} title={title} alt={alts[current]} /> : null}
      {media.length > 1 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Mídias do projeto">
          {media.map((url, i) => (
            <li key={`${url}-${i}`}>
              <Link
                to={itemHref(i)}
                preventScrollReset
                replace
                aria-current={i === index ? "true" : undefined}
                className={`flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold ${
                  i === index ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"
                }`}
              >
                <span className="sr-only">Mídia </span>
                {i + 1}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {children ? <div className="mt-5">{children}</div> : null}
    </Dialog>
  );
}

/** A URL for the same page with some query parameters changed (null removes one). */
export function withParams(pathname: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
