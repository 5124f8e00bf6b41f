import { Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/_site";
import { SiteHeader } from "~/components/site/site-header";
import { SiteFooter } from "~/components/site/site-footer";
import { CookieNotice } from "~/components/site/cookie-notice";
import { BlogListSkeleton } from "~/components/site/blog-skeleton";
import { ChatWidget } from "~/components/chat/chat-widget";
import { readConsent } from "~/lib/consent.server";
import { loadChatState } from "~/lib/chat/state.server";

// The public layout: header, footer and the two floating extras (chat, cookie notice).
// Its loader reads the visitor's consent choice (so a decided visitor never sees the banner)
// and the no-JavaScript chat conversation, if any.
export async function loader({ request }: Route.LoaderArgs) {
  const [consent, chat] = await Promise.all([readConsent(request), loadChatState(request)]);
  return { consent, chat };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Spec §2.13: six skeleton cards while the blog list loads (client-side navigation).
  const loadingBlogList = navigation.state === "loading" && navigation.location.pathname === "/blog";
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        {loadingBlogList ? <BlogListSkeleton /> : <Outlet />}
      </main>
      <SiteFooter />
      <ChatWidget state={loaderData.chat} />
      <CookieNotice consent={loaderData.consent} />
    </>
  );
}
