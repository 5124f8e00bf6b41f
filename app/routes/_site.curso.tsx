import type { Route } from "./+types/_site.curso";
import { Icon } from "~/components/site/icon";
import { MediaPlayer } from "~/components/site/media";
import { SectionHeading } from "~/components/site/ui";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { course } from "~/content/course";
import { env } from "~/lib/env.server";
import { listCourseTestimonials } from "~/lib/public-content.server";
import { seo } from "~/lib/seo";

export async function loader(_args: Route.LoaderArgs) {
  const testimonials = await listCourseTestimonials();
  return { siteUrl: env.SITE_URL, testimonials };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/curso",
    title: `Curso ${course.title}`,
    description: "Curso prático de IA, marketing e vendas: captação e edição com IA, tráfego pago no Meta e no Google e vendas com vídeos e copy.",
  });

export default function Course({ loaderData }: Route.ComponentProps) {
  const { testimonials } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-ink pt-32 pb-20 text-white sm:pt-40 sm:pb-28">
        <div aria-hidden="true" className="absolute -top-24 right-0 size-[32rem] rounded-full bg-brand-600/35 blur-3xl" />
        <div className="container-site relative max-w-4xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full bg-accent px-4 py-1.5 text-sm font-bold text-ink">
            <Icon name="calendar" className="size-4" />
            {course.badge}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{course.title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{course.text}</p>
          <div className="mt-9">
            <WhatsAppButton text={course.ctaText} link="curso" className="btn btn-whatsapp py-4">
              {course.cta}
            </WhatsAppButton>
          </div>
        </div>
      </section>

      <section aria-labelledby="modulos" className="py-20 sm:py-24">
        <div className="container-site">
          <SectionHeading id="modulos" eyebrow="Conteúdo" title={course.modulesHeading} />
          <ol className="mt-12 grid gap-6 lg:grid-cols-3">
            {course.modules.map((m) => (
              <li key={m.number} className="card relative overflow-hidden p-7">
                <span aria-hidden="true" className="absolute -top-4 -right-2 text-8xl font-extrabold text-brand-50">
                  {m.number}
                </span>
                <span className="relative flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                  <Icon name={m.icon} className="size-6" />
                </span>
                <h3 className="relative mt-5 text-xl font-bold text-ink">
                  <span className="text-brand-700">Módulo {m.number}: </span>
                  {m.title}
                </h3>
                <p className="relative mt-2 text-slate-600">{m.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="diferenciais" className="bg-slate-50 py-20 sm:py-24">
        <div className="container-site">
          <SectionHeading id="diferenciais" eyebrow="Por que este curso" title={course.differentialsHeading} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {course.differentials.map((d) => (
              <li key={d.title} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
                <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft text-amber-700">
                  <Icon name={d.icon} className="size-6" />
                </span>
                <h3 className="mt-4 font-bold text-ink">{d.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{d.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="para-quem" className="py-20 sm:py-24">
        <div className="container-site">
          <SectionHeading id="para-quem" eyebrow="Público" title={course.audienceHeading} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {course.audience.map((a) => (
              <li key={a.title} className="card p-6">
                <Icon name="user" className="size-7 text-brand-600" />
                <h3 className="mt-3 text-lg font-bold text-ink">{a.title}</h3>
                <p className="mt-1 text-slate-600">{a.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section aria-labelledby="depoimentos-alunos" className="bg-slate-50 py-20 sm:py-24">
          <div className="container-site">
            <SectionHeading id="depoimentos-alunos" eyebrow="Alunos" title={course.testimonialsHeading} />
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {testimonials.map((t) => (
                <li key={t.id} className="card mx-auto w-full max-w-sm overflow-hidden p-3">
                  <MediaPlayer url={t.videoUrl} title={`Depoimento de ${t.studentName}`} vertical />
                  <p className="px-2 pt-3 pb-1 text-center font-bold text-ink">{t.studentName}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="bg-gradient-to-r from-brand-700 to-ink py-20 text-white">
        <div className="container-site flex flex-col items-center gap-5 text-center">
          <h2 className="text-3xl font-extrabold text-balance sm:text-4xl">{course.closingHeading}</h2>
          <p className="max-w-xl text-lg text-brand-100">{course.closingText}</p>
          <WhatsAppButton text={course.ctaText} link="curso">
            {course.cta}
          </WhatsAppButton>
        </div>
      </section>
    </>
  );
}
