// A lightbox driven by the URL (`?midia=<id>&item=<n>`): it is rendered by the server, so it
// opens and closes with plain links without JavaScript; with JavaScript it also closes with
// Escape and with a click outside, and takes focus while open.
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
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
  const closeRef = useRef<HTMLAnchorElement>(null);
  const current = media[index] ?? media[0];

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [closeHref, navigate]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="lightbox-titulo"
      className="fixed inset-0 z-[80] flex items-center justify-center bg-ink/90 p-3 backdrop-blur-sm sm:p-8"
    >
      {/* A click on the backdrop closes, as in most galleries; the keyboard has Escape and the close link. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 cursor-default"
        onClick={() => navigate(closeHref, { preventScrollReset: true })}
      />
      <div className="relative max-h-full w-full max-w-5xl overflow-y-auto rounded-2xl bg-white p-4 shadow-2xl sm:p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="lightbox-titulo" className="text-xl font-bold text-ink sm:text-2xl">
            {title}
          </h2>
          <Link
            ref={closeRef}
            to={closeHref}
            preventScrollReset
            replace
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-ink hover:bg-slate-200"
          >
            <Icon name="close" className="size-5" />
            <span className="sr-only">Fechar</span>
          </Link>
        </div>
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
      </div>
    </div>
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
