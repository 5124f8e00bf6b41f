// The home page's static sections, in order. They are rendered to HTML on the server
// (lib/static-html.server.tsx), so they use plain links and no state (the site settings come
// from the provider the home loader wraps them in).
import { attributes, ecosystem, hero, phases, problems, problemsConclusion, reasons, stats, testimonials } from "~/content/home";
import { serviceInterestText, services } from "~/content/services";
import { useSiteSettings } from "~/lib/site-settings";
import { Icon } from "./icon";
import { SectionHeading, Stars } from "./ui";
import { WhatsAppButton } from "./whatsapp-button";

export function HeroSection() {
  return (
    <section className="relative overflow-hidden bg-ink pt-28 pb-20 text-white sm:pt-36 lg:pt-40 lg:pb-28">
      <div aria-hidden="true" className="absolute -top-40 right-0 size-[36rem] rounded-full bg-brand-600/35 blur-3xl" />
      <div aria-hidden="true" className="absolute bottom-0 -left-40 size-[28rem] rounded-full bg-whatsapp/10 blur-3xl" />
      <div className="container-site relative grid items-center gap-14 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-4 py-1.5 text-xs font-bold tracking-[0.18em] text-brand-200">
            <Icon name="award" className="size-4" />
            {hero.badge}
          </p>
          <h1 className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Transformação Digital que <span className="text-whatsapp">entrega resultado</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-300">{hero.text}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <WhatsAppButton text={hero.primaryCtaText} className="btn btn-whatsapp py-4">
              {hero.primaryCta}
            </WhatsAppButton>
            <a href="#como-funciona" className="btn btn-outline py-4 text-white">
              {hero.secondaryCta}
              <Icon name="arrow-right" className="size-4 rotate-90" />
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-3">
            {hero.badges.map((badge) => (
              <li key={badge} className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-medium">
                <Icon name="check" className="size-4 text-whatsapp" />
                {badge}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative mx-auto w-full max-w-md lg:max-w-none" aria-label="Resultados dos nossos clientes" role="group">
          <div className="rounded-3xl border border-white/10 bg-gradient-to-br from-white/10 to-white/5 p-6 shadow-2xl backdrop-blur sm:p-8">
            <p className="text-sm font-semibold text-slate-300">Crescimento dos clientes</p>
            <div aria-hidden="true" className="mt-6 flex h-44 items-end gap-3">
              {["h-[28%]", "h-[40%]", "h-[36%]", "h-[55%]", "h-[62%]", "h-[78%]", "h-[92%]"].map((height) => (
                <span key={height} className={`flex-1 rounded-t-lg bg-gradient-to-t from-brand-600 to-brand-400 ${height}`} />
              ))}
            </div>
            <div className="mt-6 grid grid-cols-2 gap-4">
              <div className="rounded-2xl bg-white p-4 text-ink shadow-lg">
                <p className="text-sm font-medium text-slate-600">{hero.returnCard.label}</p>
                <p className="mt-1 text-2xl font-extrabold text-brand-700">{hero.returnCard.value}</p>
              </div>
              <div className="rounded-2xl bg-white p-4 text-ink shadow-lg">
                <p className="flex items-center gap-1.5 text-2xl font-extrabold">
                  {hero.ratingCard.rating}
                  <Stars rating={5} className="size-3.5" />
                </p>
                <p className="mt-1 text-sm font-semibold text-slate-600">{hero.ratingCard.label}</p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ProblemsSection() {
  return (
    <section aria-labelledby="problemas" className="bg-slate-50 py-20 sm:py-28">
      <div className="container-site">
        <SectionHeading id="problemas" eyebrow="Você se identifica?" title="Os 6 problemas que travam o crescimento da sua empresa" />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {problems.map((p) => (
            <li key={p.title} className="card p-7 transition hover:-translate-y-1 hover:shadow-lg">
              <span className="flex size-12 items-center justify-center rounded-xl bg-red-50 text-red-600">
                <Icon name={p.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold text-ink">{p.title}</h3>
              <p className="mt-2 text-slate-600">{p.description}</p>
              <p className="mt-4 border-t border-slate-100 pt-4 text-sm font-semibold text-red-700">{p.result}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-12 max-w-3xl rounded-2xl bg-brand-600 px-6 py-5 text-center text-lg font-semibold text-white shadow-lg shadow-brand-600/20">
          {problemsConclusion}
        </p>
      </div>
    </section>
  );
}

export function TransformationSection() {
  return (
    <section aria-labelledby="transformacao" className="py-20 sm:py-28">
      <div className="container-site grid gap-14 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading
            id="transformacao"
            align="left"
            eyebrow="Transformação digital de verdade"
            title="Não é só postar nas redes. É mudar a forma como a empresa vende."
            text="Transformação digital é integrar estratégia, tecnologia, processos e pessoas para crescer com previsibilidade."
          />
          <ul className="mt-8 space-y-3">
            {attributes.map((a) => (
              <li key={a} className="flex items-start gap-3 text-slate-700">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <Icon name="check" className="size-4" />
                </span>
                {a}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl bg-gradient-to-br from-brand-50 to-white p-8 ring-1 ring-brand-100 sm:p-10">
          <h3 className="text-xl font-bold text-ink">Um ecossistema digital completo</h3>
          <p className="mt-2 text-slate-600">Todos os canais conectados e trabalhando pelo mesmo objetivo.</p>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {ecosystem.map((e) => (
              <li
                key={e.label}
                className="flex flex-col items-center gap-3 rounded-2xl bg-white p-5 text-center text-sm font-semibold text-ink shadow-sm ring-1 ring-slate-100"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                  <Icon name={e.icon} className="size-6" />
                </span>
                {e.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function MethodologySection() {
  return (
    <section id="como-funciona" aria-labelledby="metodologia" className="bg-ink py-20 text-white sm:py-28">
      <div className="container-site">
        <SectionHeading
          tone="dark"
          id="metodologia"
          eyebrow="Como funciona"
          title="Metodologia em 5 fases"
          text="Um caminho claro, do diagnóstico ao crescimento escalável."
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-5">
          {phases.map((phase) => (
            <li key={phase.number} className="flex flex-col rounded-2xl border border-white/10 bg-white/5 p-6">
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-600 text-lg font-extrabold">{phase.number}</span>
              <h3 className="mt-5 text-lg font-bold">{phase.title}</h3>
              <p className="mt-2 text-sm text-slate-300">{phase.description}</p>
              <ul className="mt-4 space-y-1.5 text-sm text-slate-200">
                {phase.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Icon name="check" className="mt-0.5 size-4 shrink-0 text-whatsapp" />
                    {item}
                  </li>
                ))}
              </ul>
              <dl className="mt-auto space-y-2 border-t border-white/10 pt-4 text-sm">
                <div>
                  <dt className="text-slate-400">Duração</dt>
                  <dd className="font-semibold">{phase.duration}</dd>
                </div>
                <div>
                  <dt className="text-slate-400">Entrega</dt>
                  <dd className="font-semibold">{phase.delivery}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function ServicesSection() {
  const settings = useSiteSettings();
  return (
    <section aria-labelledby="servicos" className="py-20 sm:py-28">
      <div className="container-site">
        <SectionHeading id="servicos" eyebrow="Serviços" title="Tudo o que a sua empresa precisa para crescer no digital" />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <li
              key={s.id}
              className="group card relative flex flex-col overflow-hidden p-7 transition hover:-translate-y-1 hover:border-brand-200 hover:shadow-xl"
            >
              <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon name={s.icon} className="size-7" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{s.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{s.summary}</p>
              <div className="reveal-cta mt-6">
                <WhatsAppButton text={serviceInterestText(s.title)} phone={settings[s.phone]} className="btn btn-whatsapp w-full">
                  Saiba mais
                  <span className="sr-only"> sobre {s.title}</span>
                </WhatsAppButton>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <a href="/servicos" className="btn btn-primary">
            Ver todos os serviços
            <Icon name="arrow-right" className="size-4" />
          </a>
        </div>
      </div>
    </section>
  );
}

export function ReasonsSection() {
  return (
    <section aria-labelledby="motivos" className="bg-slate-50 py-20 sm:py-28">
      <div className="container-site">
        <SectionHeading id="motivos" eyebrow="Por que a Wind Digital" title="6 motivos para escolher a nossa agência" />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map((r) => (
            <li key={r.title} className="flex gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-amber-700">
                <Icon name={r.icon} className="size-6" />
              </span>
              <div>
                <h3 className="font-bold text-ink">{r.title}</h3>
                <p className="mt-1 text-slate-600">{r.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ProofSection() {
  return (
    <section aria-labelledby="depoimentos" className="py-20 sm:py-28">
      <div className="container-site">
        <ul className="grid grid-cols-2 gap-4 rounded-3xl bg-gradient-to-r from-brand-700 to-brand-600 p-6 text-white shadow-xl sm:p-10 lg:grid-cols-4">
          {stats.map((s) => (
            <li key={s.label} className="text-center">
              <p className="text-3xl font-extrabold sm:text-4xl">{s.value}</p>
              <p className="mt-1 text-sm text-brand-100 sm:text-base">{s.label}</p>
            </li>
          ))}
        </ul>
        <div className="mt-20">
          <SectionHeading id="depoimentos" eyebrow="Depoimentos" title="O que nossos clientes dizem" />
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.name} className="card flex flex-col p-7">
                <Stars rating={t.rating} />
                <blockquote className="mt-4 flex-1 text-slate-700">“{t.content}”</blockquote>
                <p className="mt-6 font-bold text-ink">{t.name}</p>
                <p className="text-sm text-slate-600">{t.role}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
