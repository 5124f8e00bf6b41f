import { Link, useLocation } from "react-router";
import type { Route } from "./+types/_site.portfolio";
import { CategoryFilter } from "~/components/site/category-filter";
import { Lightbox, withParams } from "~/components/site/lightbox";
import { MediaCover } from "~/components/site/media";
import { EmptyState, PageHero } from "~/components/site/ui";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { env } from "~/lib/env.server";
import { categoryFromUrl, listPortfolio } from "~/lib/public-content.server";
import { PORTFOLIO_CATEGORIES } from "~/content/categories";
import { seo } from "~/lib/seo";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryFromUrl(url, PORTFOLIO_CATEGORIES);
  const items = await listPortfolio(category);
  return { siteUrl: env.SITE_URL, category, items };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/portfolio",
    title: "Portfólio",
    description: "Cases de inteligência artificial, social media, sites, vídeos e tráfego pago com resultados reais para empresas de todo o Brasil.",
  });

/** Cover first, then the case's images and videos, without repeats. */
function mediaOf(item: { coverImage: string | null; images: string[]; videos: string[] }): string[] {
  return [...new Set([item.coverImage, ...item.images, ...item.videos].filter((u): u is string => Boolean(u)))];
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { items, category } = loaderData;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const openItem = items.find((i) => i.id === params.get("midia"));
  const openIndex = Number(params.get("item") ?? 0) || 0;

  return (
    <>
      <PageHero eyebrow="Portfólio" title="Projetos que geraram resultado" text="Conheça alguns dos cases que desenvolvemos para nossos clientes." />
      <section aria-label="Projetos" className="bg-slate-50 py-16 sm:py-20">
        <div className="container-site">
          <CategoryFilter basePath="/portfolio" categories={PORTFOLIO_CATEGORIES} active={category} label="Filtrar por categoria" />
          <div className="mt-12">
            {items.length === 0 ? (
              <EmptyState>Nenhum projeto encontrado nesta categoria.</EmptyState>
            ) : (
              <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((item, index) => (
                  <li key={item.id} className="card group flex flex-col overflow-hidden">
                    <Link
                      to={withParams(location.pathname, location.search, { midia: item.id, item: null })}
                      preventScrollReset
                      className="relative block aspect-[16/10] overflow-hidden"
                    >
                      <MediaCover
                        url={item.coverImage}
                        alt={(item.coverImage && item.alts[item.coverImage]) || item.title}
                        priority={index === 0}
                        className="size-full transition duration-500 group-hover:scale-105"
                      />
                      <span className="sr-only">Ver mídia do projeto {item.title}</span>
                    </Link>
                    <div className="flex flex-1 flex-col p-6">
                      <p className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-700">{item.category}</p>
                      <h2 className="mt-3 text-xl font-bold text-ink">{item.title}</h2>
                      <p className="mt-2 flex-1 text-slate-600">{item.description}</p>
                      <p className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800">
                        <span className="font-bold">Resultado: </span>
                        {item.result}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>
      <section className="py-16">
        <div className="container-site flex flex-col items-center gap-5 text-center">
          <h2 className="text-3xl font-extrabold text-ink">Quer ser o nosso próximo case de sucesso?</h2>
          <WhatsAppButton text="Olá, vim do portfólio do site e quero resultados como esses">Falar com Especialista</WhatsAppButton>
        </div>
      </section>
      {openItem ? (
        <Lightbox
          title={openItem.title}
          media={mediaOf(openItem)}
          alts={openItem.alts}
          index={openIndex}
          closeHref={withParams(location.pathname, location.search, { midia: null, item: null })}
          itemHref={(i) => withParams(location.pathname, location.search, { midia: openItem.id, item: String(i) })}
        >
          <p className="text-slate-600">{openItem.description}</p>
        </Lightbox>
      ) : null}
    </>
  );
}
