import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
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
  let detail = "Ocorreu um erro inesperado.";
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText || ""}`.trim();
  } else if (error instanceof Error && import.meta.env.DEV) {
    detail = error.message;
  }
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>Erro | Wind Digital</title>
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-slate-900 px-6 py-3 font-semibold text-white">
        Voltar para o início
      </a>
    </main>
  );
}
