// Small presentational pieces shared by the public pages.
import type { ReactNode } from "react";
import { Icon } from "./icon";

export function SectionHeading({
  eyebrow,
  title,
  text,
  id,
  align = "center",
  tone = "light",
}: {
  eyebrow?: string;
  title: ReactNode;
  text?: ReactNode;
  id?: string;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow ? <p className={`eyebrow ${dark ? "text-brand-300" : ""}`}>{eyebrow}</p> : null}
      <h2 id={id} className={`mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${dark ? "text-white" : "text-ink"}`}>
        {title}
      </h2>
      {text ? <p className={`mt-4 text-lg text-pretty ${dark ? "text-slate-300" : "text-slate-600"}`}>{text}</p> : null}
    </div>
  );
}

/** The dark banner at the top of inner pages. */
export function PageHero({ eyebrow, title, text, children }: { eyebrow?: string; title: string; text?: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-ink pt-32 pb-20 text-white sm:pt-40 sm:pb-24">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-600/30 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-80 rounded-full bg-whatsapp/10 blur-3xl" />
      <div className="container-site relative">
        {eyebrow ? <p className="eyebrow text-brand-300">{eyebrow}</p> : null}
        <h1 className="mt-3 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
        {text ? <p className="mt-5 max-w-2xl text-lg text-pretty text-slate-300">{text}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function Stars({ rating = 5, className = "size-4" }: { rating?: number; className?: string }) {
  const value = Math.max(1, Math.min(5, Math.round(rating)));
  return (
    <span className="inline-flex gap-0.5 text-accent" role="img" aria-label={`Avaliação ${value} de 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" className={`${className} ${i < value ? "" : "text-slate-300"}`} />
      ))}
    </span>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center text-lg text-slate-600">{children}</p>;
}
