import { Form, useActionData } from "react-router";
import type { Route } from "./+types/_site.contato";
import { TextAreaField, TextField } from "~/components/site/form-field";
import { Icon, type IconName } from "~/components/site/icon";
import { PageHero } from "~/components/site/ui";
import { useWhatsAppForm } from "~/components/site/whatsapp-form";
import { HoneypotField } from "~/components/ui/honeypot";
import { env } from "~/lib/env.server";
import { formConstraint } from "~/lib/forms/constraint";
import { contactSchema, contactWhatsappUrl } from "~/lib/forms/contact";
import { handleWhatsAppForm } from "~/lib/forms/whatsapp-form.server";
import { seo } from "~/lib/seo";
import { socialHandle, useSiteSettings, type SiteSettings } from "~/lib/site-settings";
import { useWhatsAppLink } from "~/lib/whatsapp";

export function loader() {
  // The form's HTML constraints, read from its schema here so zod stays out of the page's scripts.
  return { siteUrl: env.SITE_URL, constraints: formConstraint(contactSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleWhatsAppForm({ request, context, formName: "contact", schema: contactSchema, toUrl: contactWhatsappUrl, backTo: "/contato" });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/contato",
    title: "Contato",
    description: "Fale com a Wind Digital pelo WhatsApp, e-mail ou telefone. Resposta em até 2 horas úteis. Goiânia - GO, atendendo todo o Brasil.",
  });

const loadClient = () => import("~/lib/forms/client").then((m) => m.contactForm);

interface Channel {
  label: string;
  detail: string;
  icon: IconName;
  link: { href: string; target?: string; rel?: string };
}

const newTab = (href: string) => ({ href, target: "_blank", rel: "noopener noreferrer" });

/** The channel links, from the site settings (a profile without a link is left out). */
/** `whatsapp`: the two WhatsApp links' props (their clicks are counted, useWhatsAppLink). */
function channels(settings: SiteSettings, whatsapp: { ai: Channel["link"]; ceo: Channel["link"] }): Channel[] {
  const { social } = settings;
  return [
    {
      label: "WhatsApp com o Agente de IA",
      detail: "Atendimento imediato, 24/7",
      icon: "bot",
      link: whatsapp.ai,
    },
    {
      label: "WhatsApp com o CEO",
      detail: "Fale direto com a liderança",
      icon: "whatsapp",
      link: whatsapp.ceo,
    },
    { label: "Localização no mapa", detail: `${settings.address.city} - ${settings.address.state}`, icon: "map-pin", link: newTab(settings.mapsUrl) },
    ...(social.instagram
      ? [{ label: `Instagram ${socialHandle(social.instagram)}`, detail: "Conteúdos e bastidores", icon: "instagram" as const, link: newTab(social.instagram) }]
      : []),
    ...(social.instagramCeo
      ? [{ label: "Instagram do CEO", detail: socialHandle(social.instagramCeo), icon: "instagram" as const, link: newTab(social.instagramCeo) }]
      : []),
    ...(social.tiktok ? [{ label: "TikTok", detail: socialHandle(social.tiktok), icon: "tiktok" as const, link: newTab(social.tiktok) }] : []),
  ];
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const serverResult = actionData && "form" in actionData ? actionData : null;
  const { errors, onSubmit, submitting } = useWhatsAppForm(loadClient, serverResult?.errors);
  const values = serverResult?.values ?? {};
  const common = { formId: "contato", constraints: loaderData.constraints };
  const settings = useSiteSettings();
  const whatsapp = {
    ai: useWhatsAppLink("Olá, vim do site e quero falar com o agente de IA da Wind Digital", settings.salesPhone, "vendas"),
    ceo: useWhatsAppLink("Olá, vim do site e gostaria de falar com o CEO da Wind Digital", settings.ceoPhone, "vendas"),
  };

  return (
    <>
      <PageHero
        eyebrow="Contato"
        title="Vamos conversar sobre o seu crescimento"
        text="Preencha o formulário ou escolha o canal que preferir. Respondemos em até 2 horas úteis."
      />
      <section className="bg-slate-50 py-16 sm:py-20">
        <div className="container-site grid gap-10 lg:grid-cols-[1.25fr_1fr]">
          <div className="card p-6 sm:p-10">
            <h2 className="text-2xl font-bold text-ink">Envie sua mensagem</h2>
            <p className="mt-2 text-slate-600">Ao enviar, abrimos o WhatsApp com a sua mensagem pronta. Nada fica armazenado no site.</p>
            <Form method="post" noValidate onSubmit={onSubmit} onFocus={() => void loadClient()} className="relative mt-8 space-y-5">
              <HoneypotField />
              {errors[""]?.length ? (
                <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                  {errors[""][0]}
                </p>
              ) : null}
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField {...common} name="name" label="Nome" autoComplete="name" errors={errors.name} defaultValue={values.name} />
                <TextField {...common} name="email" type="email" label="E-mail" autoComplete="email" errors={errors.email} defaultValue={values.email} />
                <TextField
                  {...common}
                  name="phone"
                  type="tel"
                  label="Telefone"
                  autoComplete="tel"
                  placeholder="(62) 99999-9999"
                  errors={errors.phone}
                  defaultValue={values.phone}
                />
                <TextField {...common} name="company" label="Empresa" autoComplete="organization" errors={errors.company} defaultValue={values.company} />
              </div>
              <TextAreaField
                {...common}
                name="message"
                label="Mensagem"
                placeholder="Conte um pouco sobre a sua empresa e o que você precisa"
                errors={errors.message}
                defaultValue={values.message}
              />
              <button type="submit" disabled={submitting} className="btn btn-whatsapp w-full cursor-pointer py-4 disabled:opacity-70 sm:w-auto">
                <Icon name="whatsapp" className="size-5" />
                Enviar mensagem
              </button>
              <p className="text-sm text-slate-600">Resposta em até 2 horas úteis.</p>
            </Form>
          </div>

          <div className="space-y-6">
            <ul className="grid gap-3">
              {channels(settings, whatsapp).map((c) => (
                <li key={c.label}>
                  <a
                    {...c.link}
                    className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-200"
                  >
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                      <Icon name={c.icon} className="size-5" />
                    </span>
                    <span>
                      <span className="block font-semibold text-ink">{c.label}</span>
                      <span className="block text-sm text-slate-600">{c.detail}</span>
                    </span>
                    <span className="sr-only"> (abre em uma nova aba)</span>
                  </a>
                </li>
              ))}
            </ul>
            <div className="rounded-2xl bg-ink p-6 text-slate-200">
              <h2 className="font-bold text-white">Outros canais</h2>
              <ul className="mt-4 space-y-3 text-sm">
                <li className="flex items-center gap-3">
                  <Icon name="mail" className="size-5 text-brand-300" />
                  <a href={`mailto:${settings.email}`} className="hover:text-white">
                    {settings.email}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <Icon name="phone" className="size-5 text-brand-300" />
                  <a href={`tel:+${settings.salesPhone}`} className="hover:text-white">
                    {settings.salesPhoneDisplay}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <Icon name="clock" className="size-5 text-brand-300" />
                  {settings.hours}
                </li>
                <li className="flex items-start gap-3">
                  <Icon name="map-pin" className="size-5 shrink-0 text-brand-300" />
                  <span>
                    {settings.address.street}, {settings.address.city} - {settings.address.state}, {settings.address.postalCode}
                  </span>
                </li>
              </ul>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
