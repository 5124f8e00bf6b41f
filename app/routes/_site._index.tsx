import { data, useActionData } from "react-router";
import type { Route } from "./+types/_site._index";
import { DiagnosticForm } from "~/components/site/diagnostic-form";
import { homeSectionsHtml } from "~/components/site/home-sections-html.server";
import { StaticHtml } from "~/components/site/static-html";
import { diagnostic } from "~/content/home";
import { site } from "~/content/site";
import { env } from "~/lib/env.server";
import { formConstraint } from "~/lib/forms/constraint";
import { diagnosticSchema, diagnosticWhatsappUrl } from "~/lib/forms/diagnostic";
import { handleWhatsAppForm } from "~/lib/forms/whatsapp-form.server";
import { listClientLogos } from "~/lib/public-content.server";
import { seo } from "~/lib/seo";
import { staticHtmlData } from "~/lib/static-html.server";
import { getSiteSettings } from "~/lib/site-settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  const [clientLogos, settings] = await Promise.all([listClientLogos(), getSiteSettings()]);
  const logos = clientLogos.map((l) => ({ id: l.id, logoUrl: l.logoUrl, alt: l.alts[l.logoUrl] ?? l.clientName }));
  return data({
    siteUrl: env.SITE_URL,
    sections: staticHtmlData(request, homeSectionsHtml(logos, settings)),
    // The diagnostic form's HTML constraints, read from its schema here so zod stays out of the page's scripts.
    diagnosticConstraints: formConstraint(diagnosticSchema),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleWhatsAppForm({
    request,
    context,
    formName: "diagnostic",
    schema: diagnosticSchema,
    toUrl: diagnosticWhatsappUrl,
    backTo: "/#diagnostico",
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/",
    title: `${site.brandName} | Transformação Digital que entrega resultado`,
    description:
      "Agência de transformação digital em Goiânia: agente de IA, redes sociais, tráfego pago, sites, vídeos e treinamento. +1.500 clientes e R$ 20 MI+ em tráfego gerido.",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <StaticHtml id="secoes-inicio" html={loaderData.sections.html} />
      <section id="diagnostico" aria-labelledby="diagnostico-titulo" className="relative overflow-hidden bg-ink py-20 text-white sm:py-28">
        <div aria-hidden="true" className="absolute -top-32 -right-32 size-[30rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="container-site relative grid gap-12 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="eyebrow text-brand-300">Diagnóstico gratuito</p>
            <h2 id="diagnostico-titulo" className="mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {diagnostic.heading}
            </h2>
            <p className="mt-5 max-w-lg text-lg text-slate-300">{diagnostic.text}</p>
          </div>
          <div className="rounded-3xl border border-white/10 bg-white/5 p-6 shadow-2xl backdrop-blur sm:p-8">
            <DiagnosticForm result={actionData && "form" in actionData ? actionData : null} constraints={loaderData.diagnosticConstraints} />
          </div>
        </div>
      </section>
    </>
  );
}
