// The public pages' footer as server markup (see site-footer.tsx). It changes only with the site
// settings and the year, so it is rendered once for those and reused; the one part that depends on
// the request, the page the no-JavaScript cookie reset comes back to, is filled in per request.
import type { SiteSettings } from "~/lib/site-settings";
import { pageUrl } from "~/lib/data-url";
import { fillAttribute, renderStaticHtml } from "~/lib/static-html.server";
import { SiteFooter } from "./site-footer";

const PAGE_PLACEHOLDER = "__pagina_atual__";
let rendered: { settings: SiteSettings; year: number; html: string } | undefined;

/** The footer's markup. `settings` is the object getSiteSettings() keeps until the next change. */
export function footerHtml(settings: SiteSettings, request: Request): string {
  const year = new Date().getFullYear();
  if (rendered?.settings !== settings || rendered.year !== year) {
    rendered = { settings, year, html: renderStaticHtml(<SiteFooter settings={settings} year={year} redirectTo={PAGE_PLACEHOLDER} />) };
  }
  return fillAttribute(rendered.html, PAGE_PLACEHOLDER, pagePath(request));
}

/** The page's path and query; for a client-side navigation's data request, the page it is for. */
function pagePath(request: Request): string {
  const url = pageUrl(new URL(request.url));
  return url.pathname + url.search;
}
