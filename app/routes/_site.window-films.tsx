import { Link, useLocation } from "react-router";
import type { Route } from "./+types/_site.window-films";
import { CategoryFilter } from "~/components/site/category-filter";
import { Icon } from "~/components/site/icon";
import { Lightbox, withParams } from "~/components/site/lightbox";
import { MediaCover, MediaPlayer } from "~/components/site/media";
import { EmptyState, SectionHeading, Stars } from "~/components/site/ui";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { Image } from "~/components/ui/image";
import { Video } from "~/components/ui/video";
import { site } from "~/content/site";
import { windowFilms } from "~/content/window-films";
import { env } from "~/lib/env.server";
import { categoryFromUrl, listWindowFilms } from "~/lib/public-content.server";
import { WINDOW_FILMS_CATEGORIES } from "~/content/categories";
import { seo } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site-settings";

export async function loader({ request }: Route.LoaderArgs) {
  const category = categoryFromUrl(new URL(request.url), WINDOW_FILMS_CATEGORIES);
  const { projects, testimonials, heroVideo } = await listWindowFilms(category);
  return { siteUrl: env.SITE_URL, category, projects, testimonials, heroVideo };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/window-films",
    title: `${site.videoBrandName} | Produtora de vídeos`,
    description: "Window Films: vídeos institucionais, comerciais, eventos e edição. +3500 vídeos produzidos para +250 clientes.",
  });

function mediaOf(p: { coverImage: string | null; images: string[]; videos: string[] }): string[] {
  return [...new Set([p.coverImage, ...p.images, ...p.videos].filter((u): u is string => Boolean(u)))];
}

export default function WindowFilms({ loaderData }: Route.ComponentProps) {
  const { projects, testimonials, category, heroVideo } = loaderData;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const open = projects.find((p) => p.id === params.get("midia"));
  const { videoPhone } = useSiteSettings();

  return (
    <>
      <section className="relative overflow-hidden bg-black pt-32 pb-24 text-white sm:pt-44 sm:pb-32">
        {heroVideo ? <Video src={heroVideo} variant="background" className="absolute inset-0 size-full object-cover opacity-30 motion-reduce:hidden" /> : null}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-black via-black/85 to-black/40" />
        <div className="container-site relative">
          <p className="eyebrow text-amber-300">{windowFilms.heroBadge}</p>
          <p className="mt-3 text-lg font-semibold text-slate-300">{site.videoBrandName}</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{windowFilms.heroTitle}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-300">{windowFilms.heroText}</p>
          <div className="mt-8">
            <WhatsAppButton text={windowFilms.quoteText} phone={videoPhone} link="window-films">
              {windowFilms.heroCta}
            </WhatsAppButton>
          </div>
        </div>
      </section>

      <section aria-labelledby="por-que" className="py-20 sm:py-24">
        <div className="container-site">
          <SectionHeading id="por-que" eyebrow={site.videoBrandName} title={windowFilms.whyHeading} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {windowFilms.why.map((w) => (
              <li key={w.title} className="card p-6">
                <span className="flex size-12 items-center justify-center rounded-xl bg-ink text-amber-300">
                  <Icon name={w.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-ink">{w.title}</h3>
                <p className="mt-2 text-slate-600">{w.description}</p>
              </li>
            ))}
          </ul>
          <ul className="mt-14 grid grid-cols-3 gap-4 rounded-3xl bg-ink p-6 text-center text-white sm:p-10">
            {windowFilms.stats.map((s) => (
              <li key={s.label}>
                <p className="text-3xl font-extrabold text-amber-300 sm:text-5xl">{s.value}</p>
                <p className="mt-1 text-sm text-slate-300 sm:text-base">{s.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="portfolio-wf" className="bg-slate-50 py-20 sm:py-24">
        <div className="container-site">
          <SectionHeading id="portfolio-wf" eyebrow="Trabalhos" title={windowFilms.portfolioHeading} />
          <div className="mt-10">
            <CategoryFilter basePath="/window-films" categories={WINDOW_FILMS_CATEGORIES} active={category} label="Filtrar vídeos por categoria" />
          </div>
          <div className="mt-12">
            {projects.length === 0 ? (
              <EmptyState>{windowFilms.emptyPortfolio}</EmptyState>
            ) : (
              <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                {projects.map((p) => (
                  <li key={p.id} className="card group flex flex-col overflow-hidden">
                    <Link
                      to={withParams(location.pathname, location.search, { midia: p.id, item: null })}
                      preventScrollReset
                      className="relative block aspect-[16/10] overflow-hidden"
                    >
                      <MediaCover
                        url={p.coverImage}
                        alt={(p.coverImage && p.alts[p.coverImage]) || p.title}
                        className="size-full transition duration-500 group-hover:scale-105"
                      />
                      <span className="sr-only">Assistir ao projeto {p.title}</span>
                    </Link>
                    <div className="flex flex-1 flex-col p-6">
                      <p className="w-fit rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">{p.category}</p>
                      <h3 className="mt-3 text-xl font-bold text-ink">{p.title}</h3>
                      {p.client ? <p className="mt-1 text-sm font-medium text-slate-600">Cliente: {p.client}</p> : null}
                      {p.result ? <p className="mt-3 text-slate-600">{p.result}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section aria-labelledby="depoimentos-wf" className="py-20 sm:py-24">
          <div className="container-site">
            <SectionHeading id="depoimentos-wf" eyebrow="Depoimentos" title={windowFilms.testimonialsHeading} />
            <ul className="mt-12 grid gap-6 lg:grid-cols-3">
              {testimonials.map((t) => (
                <li key={t.id} className="card flex flex-col p-6">
                  <Stars rating={t.rating} />
                  <div className="mt-4 flex-1">
                    {t.videoUrl ? (
                      // Testimonials are phone clips (9:16): a narrow player keeps the card as tall as its neighbours.
                      <div className="mx-auto w-full max-w-60">
                        <MediaPlayer url={t.videoUrl} title={`Depoimento em vídeo de ${t.clientName}`} vertical />
                      </div>
                    ) : (
                      <blockquote className="text-slate-700">“{t.testimonial}”</blockquote>
                    )}
                  </div>
                  <div className="mt-6 flex items-center gap-3">
                    {t.clientPhoto ? (
                      <Image
                        src={t.clientPhoto}
                        alt={t.alts[t.clientPhoto] ?? t.clientName}
                        width={48}
                        height={48}
                        sizes="48px"
                        className="size-12 rounded-full object-cover"
                      />
                    ) : (
                      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-ink font-bold text-amber-300">
                        {t.clientName.charAt(0)}
                      </span>
                    )}
                    <div>
                      <p className="font-bold text-ink">{t.clientName}</p>
                      {t.clientRole || t.clientCompany ? (
                        <p className="text-sm text-slate-600">{[t.clientRole, t.clientCompany].filter(Boolean).join(", ")}</p>
                      ) : null}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="bg-black py-20 text-white">
        <div className="container-site flex flex-col items-center gap-5 text-center">
          <h2 className="text-3xl font-extrabold text-balance sm:text-4xl">{windowFilms.ctaHeading}</h2>
          <p className="max-w-xl text-lg text-slate-300">{windowFilms.ctaText}</p>
          <WhatsAppButton text={windowFilms.quoteText} phone={videoPhone} link="window-films">
            {windowFilms.ctaButton}
          </WhatsAppButton>
        </div>
      </section>

      {open ? (
        <Lightbox
          title={open.title}
          media={mediaOf(open)}
          alts={open.alts}
          index={Number(params.get("item") ?? 0) || 0}
          closeHref={withParams(location.pathname, location.search, { midia: null, item: null })}
          itemHref={(i) => withParams(location.pathname, location.search, { midia: open.id, item: String(i) })}
        >
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            {[
              ["Desafio", open.challenge],
              ["Solução", open.solution],
              ["Resultado", open.result],
            ]
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <div key={label} className="rounded-xl bg-slate-50 p-4">
                  <dt className="font-bold text-ink">{label}</dt>
                  <dd className="mt-1 text-slate-600">{value}</dd>
                </div>
              ))}
          </dl>
        </Lightbox>
      ) : null}
    </>
  );
}
