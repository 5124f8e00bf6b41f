import type { Route } from "./+types/_site.servicos";
import { Icon } from "~/components/site/icon";
import { PageHero } from "~/components/site/ui";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { serviceInterestText, services } from "~/content/services";
import { env } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site-settings";

export const DIAGNOSTIC_TEXT = "Olá, vim do site e quero agendar meu diagnóstico gratuito";

export function loader() {
  return { siteUrl: env.SITE_URL };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/servicos",
    title: "Serviços",
    description: "Agente de IA personalizado, gestão de redes sociais, tráfego pago, criação de sites, vídeos profissionais e treinamento de equipes.",
  });

export default function Services() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow="Serviços"
        title="Soluções completas para a sua transformação digital"
        text="Seis frentes que trabalham juntas para atrair, converter e fidelizar clientes."
      />
      <section aria-label="Lista de serviços" className="py-20 sm:py-24">
        <ul className="container-site grid gap-8 md:grid-cols-2">
          {services.map((s) => (
            <li key={s.id} id={s.id} className="card flex scroll-mt-28 flex-col p-8">
              <div className="flex items-start gap-4">
                <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <Icon name={s.icon} className="size-7" />
                </span>
                <div>
                  <h2 className="text-2xl font-bold text-ink">{s.title}</h2>
                  <p className="mt-1 font-medium text-brand-700">{s.tagline}</p>
                </div>
              </div>
              <p className="mt-5 text-slate-600">{s.description}</p>
              <ul className="mt-5 flex-1 space-y-2.5">
                {s.details.map((d) => (
                  <li key={d} className="flex gap-3 text-slate-700">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                    {d}
                  </li>
                ))}
              </ul>
              <div className="mt-8">
                <WhatsAppButton text={serviceInterestText(s.title)} phone={settings[s.phone]}>
                  {s.cta}
                </WhatsAppButton>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="pb-20 sm:pb-24">
        <div className="container-site">
          <div className="relative overflow-hidden rounded-3xl bg-gradient-to-r from-brand-700 to-ink p-10 text-center text-white shadow-2xl sm:p-14">
            <h2 className="text-3xl font-extrabold text-balance sm:text-4xl">Não sabe por onde começar?</h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
              Faça um diagnóstico gratuito de 60 minutos e descubra quais serviços trarão mais resultado para a sua empresa.
            </p>
            <div className="mt-8">
              <WhatsAppButton text={DIAGNOSTIC_TEXT}>Quero meu diagnóstico gratuito</WhatsAppButton>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
