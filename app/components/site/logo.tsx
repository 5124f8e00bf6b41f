import { site } from "~/content/site";

/** The agency's wordmark: a wind-swept "W" mark and the brand name. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#1d4ed8" />
        <path d="M6.5 10l4 12 4-9 4 9 4-12" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M20.5 9.5c2.5-1.6 4.6-1.4 5.5.2" fill="none" stroke="#25d366" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className={`text-lg font-extrabold tracking-tight ${tone === "light" ? "text-white" : "text-ink"}`}>
        {site.brandName.split(" ")[0]}
        <span className={tone === "light" ? "text-brand-300" : "text-brand-600"}> {site.brandName.split(" ").slice(1).join(" ")}</span>
      </span>
    </span>
  );
}
