import { lazy, Suspense } from "react";
import { Outlet, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_site";
import { SiteHeader } from "~/components/site/site-header";
import { footerHtml } from "~/components/site/footer-html.server";
import { StaticHtml } from "~/components/site/static-html";
import { CookieNotice } from "~/components/site/cookie-notice";
import { ChatWidget } from "~/components/chat/chat-widget";
import { WebVitalsReporter } from "~/components/site/web-vitals-reporter";
import { readConsent } from "~/lib/consent";
import { loadChatState } from "~/lib/chat/state.server";
import { ErrorScreen } from "~/components/ui/error-screen";
import { defaultSiteSettings, SiteSettingsProvider } from "~/lib/site-settings";
import { getSiteSettings } from "~/lib/site-settings.server";
import { staticHtmlData } from "~/lib/static-html.server";

// The public layout: header, footer and the two floating extras (chat, cookie notice).
// Its loader reads the visitor's consent choice (so a decided visitor never sees the banner)
// and the no-JavaScript chat conversation, if any, and the site settings (phones, e-mail,
// address, social links) that every component below reads through useSiteSettings().
export async function loader({ request }: Route.LoaderArgs) {
  const [consent, chat, settings] = await Promise.all([readConsent(request), loadChatState(request), getSiteSettings()]);
  return { consent, chat, settings, footer: staticHtmlData(request, footerHtml(settings, request)) };
}

// Shown only during a client-side navigation to the blog, so it loads then, in a chunk of its own,
// rather than with every page; until it has arrived the current page stays.
const BlogListSkeleton = lazy(() => import("~/components/site/blog-skeleton").then((module) => ({ default: module.BlogListSkeleton })));

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Six skeleton cards while the blog list loads (client-side navigation).
  const loadingBlogList = navigation.state === "loading" && navigation.location.pathname === "/blog";
  return (
    <SiteSettingsProvider value={loaderData.settings}>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        {loadingBlogList ? (
          <Suspense fallback={<Outlet />}>
            <BlogListSkeleton />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <StaticHtml id={FOOTER_ID} html={loaderData.footer.html} />
      <ChatWidget state={loaderData.chat} />
      <CookieNotice consent={loaderData.consent} />
      <WebVitalsReporter />
    </SiteSettingsProvider>
  );
}

const FOOTER_ID = "rodape";

// A page that fails keeps the header, footer and chat around the error screen (HTTP 500 kept).
// When this layout's own loader failed there is no data: the default contacts stand in, and the
// footer is the one already on the page (none when the page itself is that error).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/_site");
  return (
    <SiteSettingsProvider value={layout?.settings ?? defaultSiteSettings}>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <ErrorScreen error={error} />
      </main>
      <StaticHtml id={FOOTER_ID} html={layout?.footer.html} />
      {layout ? <ChatWidget state={layout.chat} /> : null}
      {layout ? <CookieNotice consent={layout.consent} /> : null}
    </SiteSettingsProvider>
  );
}
