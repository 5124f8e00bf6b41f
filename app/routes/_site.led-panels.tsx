import type { Route } from "./+types/_site.led-panels";
import { Icon } from "~/components/site/icon";
import { EmptyState, PageHero, SectionHeading } from "~/components/site/ui";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { Image } from "~/components/ui/image";
import { env } from "~/lib/env.server";
import { splitLedPanels } from "~/lib/led-panels";
import { listLedPanels } from "~/lib/public-content.server";
import { seo } from "~/lib/seo";

export async function loader(_args: Route.LoaderArgs) {
  const panels = await listLedPanels();
  return { siteUrl: env.SITE_URL, ...splitLedPanels(panels) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/led-panels",
    title: "Painéis LED",
    description: "Anuncie nos painéis de LED da Wind Digital nos pontos de maior fluxo de Goiânia: alcance, fluxo e localização de cada painel.",
  });

type Panel = Route.ComponentProps["loaderData"]["featured"][number];

function PanelCard({ panel, featured }: { panel: Panel; featured?: boolean }) {
  return (
    <li className={`card flex flex-col overflow-hidden ${featured ? "ring-2 ring-accent" : ""}`}>
      <div className="relative aspect-[16/10] bg-slate-200">
        {panel.photo ? (
          <Image
            src={panel.photo}
            alt={panel.alts[panel.photo] ?? panel.title}
            width={800}
            height={500}
            sizes="(min-width: 1024px) 33vw, 100vw"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-ink to-brand-700 text-white/60">
            <Icon name="monitor" className="size-14" />
          </div>
        )}
        {featured ? <span className="absolute top-3 left-3 rounded-full bg-accent px-3 py-1 text-xs font-bold text-ink shadow">Destaque</span> : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-bold text-ink">{panel.title}</h3>
        <p className="mt-2 flex-1 text-slate-600">{panel.description}</p>
        <dl className="mt-5 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm">
          {[
            ["Fluxo principal", panel.primaryFlow],
            ["Alcance", panel.reach],
            ["Fluxo", panel.flow],
          ].map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2.5">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="text-right font-bold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6">
          <WhatsAppButton text={`Olá, vim do site e quero anunciar no ${panel.title}`} className="btn btn-whatsapp w-full">
            Quero anunciar neste painel
          </WhatsAppButton>
        </div>
      </div>
    </li>
  );
}

export default function LedPanels({ loaderData }: Route.ComponentProps) {
  const { featured, others } = loaderData;
  const empty = featured.length === 0 && others.length === 0;
  return (
    <>
      <PageHero
        eyebrow="Painéis LED"
        title="Sua marca em destaque nos pontos mais movimentados"
        text="Painéis de LED de alta definição em locais estratégicos de Goiânia, com milhares de pessoas impactadas todos os dias."
      />
      <div className="bg-slate-50 py-16 sm:py-20">
        <div className="container-site space-y-16">
          {empty ? <EmptyState>Nenhum painel disponível no momento.</EmptyState> : null}
          {featured.length > 0 ? (
            <section aria-labelledby="destaque">
              <SectionHeading id="destaque" align="left" title="Destaque" />
              <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                {featured.map((p) => (
                  <PanelCard key={p.id} panel={p} featured />
                ))}
              </ul>
            </section>
          ) : null}
          {others.length > 0 ? (
            <section aria-labelledby="outros-paineis">
              <SectionHeading id="outros-paineis" align="left" title="Outros Painéis" />
              <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                {others.map((p) => (
                  <PanelCard key={p.id} panel={p} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
