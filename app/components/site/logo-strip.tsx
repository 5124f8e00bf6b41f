// Client logos: a looping strip, 2 per row on phones up to 6 on extra-large
// screens; still when the visitor prefers reduced motion; nothing at all when there are none.
import { Image } from "~/components/ui/image";

export interface ClientLogoItem {
  id: string;
  logoUrl: string;
  /** What the logo says: the media library's alt text, else the client's name. */
  alt: string;
}

const itemClass = "flex w-[50cqw] shrink-0 items-center justify-center px-2 sm:w-[33.333cqw] sm:px-3 md:w-[25cqw] lg:w-[20cqw] xl:w-[16.666cqw]";

export function LogoStrip({ logos }: { logos: ClientLogoItem[] }) {
  if (logos.length === 0) return null;
  return (
    <section aria-labelledby="logos-titulo" className="border-y border-slate-200 bg-white py-14">
      <div className="container-site">
        <h2 id="logos-titulo" className="text-center text-sm font-bold tracking-[0.18em] text-slate-600">
          TEMOS A CONFIANÇA DE + DE 200 MARCAS NO MERCADO
        </h2>
        <div className="logo-marquee @container mt-8 overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_8%,#000_92%,transparent)]">
          <ul className="logo-track flex w-max">
            {[0, 1].map((copy) =>
              logos.map((logo) => (
                <li key={`${copy}-${logo.id}`} className={itemClass} data-duplicate={copy === 1 || undefined} aria-hidden={copy === 1 || undefined}>
                  <div className="flex h-20 w-full items-center justify-center rounded-xl bg-slate-50 px-4 ring-1 ring-slate-100">
                    <Image
                      src={logo.logoUrl}
                      alt={copy === 1 ? "" : logo.alt}
                      width={160}
                      height={64}
                      sizes="160px"
                      className="max-h-12 w-auto object-contain"
                    />
                  </div>
                </li>
              )),
            )}
          </ul>
        </div>
      </div>
    </section>
  );
}
