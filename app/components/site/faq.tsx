// FAQ accordion: <details name="faq"> keeps one item open at a time and lets
// the open one collapse, with or without JavaScript.
import type { FaqEntry } from "~/content/home";

export function FaqAccordion({ items }: { items: FaqEntry[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, i) => (
        <details key={item.question} name="faq" className="faq-item group" open={i === 0 ? true : undefined}>
          <summary className="flex cursor-pointer items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-ink hover:text-brand-700 sm:px-7">
            <h3 className="text-base sm:text-lg">{item.question}</h3>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <svg
                viewBox="0 0 24 24"
                className="faq-chevron size-4 transition-transform"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              >
                <path d="M12 5v14M5 12h14" />
              </svg>
            </span>
          </summary>
          <p className="px-5 pb-6 text-slate-600 sm:px-7">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
