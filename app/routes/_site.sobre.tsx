import type { Route } from "./+types/_site.sobre";
import { Icon } from "~/components/site/icon";
import { PageHero, SectionHeading } from "~/components/site/ui";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { about } from "~/content/about";
import { stats } from "~/content/home";
import { env } from "~/lib/env.server";
import { seo } from "~/lib/seo";

export function loader() {
  return { siteUrl: env.SITE_URL };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/sobre",
    title: "Sobre Nós",
    description: "Conheça a Wind Digital: mais de 10 anos de mercado e mais de mil empresas transformadas pelo digital em Goiânia e em todo o Brasil.",
  });

export default function About() {
  return (
    <>
      <PageHero eyebrow="Sobre nós" title={about.heading} text={about.intro} />

      <section aria-labelledby="missao" className="py-20 sm:py-24">
        <div className="container-site grid gap-6 md:grid-cols-2">
          <article className="card p-8">
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
              <Icon name="target" className="size-6" />
            </span>
            <h2 id="missao" className="mt-5 text-2xl font-bold text-ink">
              Missão
            </h2>
            <p className="mt-3 text-lg text-slate-600">{about.mission}</p>
          </article>
          <article className="card p-8">
            <span className="flex size-12 items-center justify-center rounded-xl bg-whatsapp-dark text-white">
              <Icon name="search" className="size-6" />
            </span>
            <h2 className="mt-5 text-2xl font-bold text-ink">Visão</h2>
            <p className="mt-3 text-lg text-slate-600">{about.vision}</p>
          </article>
        </div>
      </section>

      <section aria-labelledby="valores" className="bg-slate-50 py-20 sm:py-24">
        <div className="container-site">
          <SectionHeading id="valores" eyebrow="No que acreditamos" title="Nossos valores" />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
            {about.values.map((v) => (
              <li key={v.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <Icon name="check" className="size-6 text-brand-600" />
                <h3 className="mt-3 font-bold text-ink">{v.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{v.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="historia" className="py-20 sm:py-24">
        <div className="container-site grid gap-12 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <SectionHeading id="historia" align="left" eyebrow="Nossa história" title="Mais de 10 anos transformando empresas" />
            <div className="mt-6 space-y-4 text-lg text-slate-600">
              {about.history.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-4">
            {stats.map((s) => (
              <li key={s.label} className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-600 p-6 text-white shadow-lg">
                <p className="text-3xl font-extrabold">{s.value}</p>
                <p className="mt-1 text-brand-100">{s.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="bg-ink py-16 text-white">
        <div className="container-site flex flex-col items-center gap-6 text-center">
          <h2 className="text-3xl font-extrabold">Vamos escrever o próximo capítulo da sua empresa?</h2>
          <WhatsAppButton text="Olá, vim do site e quero conhecer a Wind Digital">Falar com a Wind Digital</WhatsAppButton>
        </div>
      </section>
    </>
  );
}
