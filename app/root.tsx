import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { ErrorScreen } from "~/components/ui/error-screen";
import { Toaster } from "~/components/ui/toaster";
import { getToast } from "~/lib/toast.server";
import { useNonce } from "~/lib/nonce";
import interLatin from "./fonts/inter-latin-pt-wght.woff2?url";
import "./fonts.css";
import "./app.css";

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  return data({ toast }, headers ? { headers } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        {/* Development only: Vite's hot reload gives the <style> elements it injects this nonce. */}
        {import.meta.env.DEV ? <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <ErrorScreen error={error} />
    </main>
  );
}
