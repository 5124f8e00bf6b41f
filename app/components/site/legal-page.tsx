// Terms of use and privacy policy share one layout.
import type { LegalDocument } from "~/content/legal";
import { PageHero } from "./ui";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHero eyebrow="Documentos legais" title={document.title} text={`Última atualização: ${document.updatedAt}`} />
      <div className="container-site max-w-3xl py-16 sm:py-20">
        <p className="text-lg leading-relaxed text-slate-700">{document.intro}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-bold text-ink sm:text-2xl">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-slate-700">
                {p}
              </p>
            ))}
            {section.items ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
                {section.items.map((item) => (
                  <li key={item.slice(0, 40)}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
