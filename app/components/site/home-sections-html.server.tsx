// Home's sections 1 to 9 (they have no state, so they reach the browser as markup only and their
// copy and components stay out of the client JavaScript, the 120 KB first-load budget of /).
// Rendering them costs more than the rest of the page together, so the fixed copy around the logo
// strip is rendered once per process and again only when the site settings (phones, e-mail) change;
// the strip, the one part that comes from the database, is rendered again only when the list of
// logos changed. The page's structured data (JSON-LD) comes first in the same markup: it is for
// crawlers only, and in the loader's data it was serialised a second time into every page.
import type { ReactNode } from "react";
import { faq, faqHeading } from "~/content/home";
import { SiteSettingsProvider, type SiteSettings } from "~/lib/site-settings";
import { env } from "~/lib/env.server";
import { renderStaticHtml } from "~/lib/static-html.server";
import { faqJsonLd, organizationJsonLd } from "~/lib/structured-data";
import { JsonLd } from "./json-ld";
import { FaqAccordion } from "./faq";
import { HeroSection, MethodologySection, ProblemsSection, ProofSection, ReasonsSection, ServicesSection, TransformationSection } from "./home-sections";
import { LogoStrip, type ClientLogoItem } from "./logo-strip";
import { SectionHeading } from "./ui";

function FixedBeforeLogos({ settings }: { settings: SiteSettings }) {
  return (
    <>
      <JsonLd data={organizationJsonLd(env.SITE_URL, settings)} />
      <JsonLd data={faqJsonLd(faq)} />
      <HeroSection />
      <ProblemsSection />
      <TransformationSection />
      <MethodologySection />
      <ServicesSection />
      <ReasonsSection />
      <ProofSection />
    </>
  );
}

function FixedAfterLogos() {
  return (
    <section aria-labelledby="faq" className="bg-slate-50 py-20 sm:py-28">
      <div className="container-site">
        <SectionHeading id="faq" eyebrow="FAQ" title={faqHeading} />
        <div className="mt-12">
          <FaqAccordion items={faq} />
        </div>
      </div>
    </section>
  );
}

let fixed: { settings: SiteSettings; before: string; after: string } | undefined;
let strip: { key: string; html: string } | undefined;
let whole: { fixed: typeof fixed; strip: typeof strip; html: string } | undefined;

/** The sections' markup. `settings` is the object getSiteSettings() keeps until the next change. */
export function homeSectionsHtml(logos: ClientLogoItem[], settings: SiteSettings): string {
  // Rendered outside the route tree, so the sections get the settings from their own provider.
  const withSettings = (node: ReactNode) => renderStaticHtml(<SiteSettingsProvider value={settings}>{node}</SiteSettingsProvider>);
  if (fixed?.settings !== settings)
    fixed = { settings, before: withSettings(<FixedBeforeLogos settings={settings} />), after: withSettings(<FixedAfterLogos />) };
  const key = JSON.stringify(logos);
  if (strip?.key !== key) strip = { key, html: withSettings(<LogoStrip logos={logos} />) };
  // The same string for every render until something changes: V8 joins its parts once.
  if (whole?.fixed !== fixed || whole.strip !== strip) whole = { fixed, strip, html: fixed.before + strip.html + fixed.after };
  return whole.html;
}
