import { data, Link } from "react-router";
import type { Route } from "./+types/_site.$";
import { log } from "../lib/logger.server.ts";

// Any path no other route claims: logged, answered with HTTP 404 and the not-found page.
export function loader({ request }: Route.LoaderArgs) {
  log("warn", "404 Not Found", { path: new URL(request.url).pathname });
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Página não encontrada | Wind Digital" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-ink">Oops! Page not found</h1>
      <Link to="/" className="mt-8 rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-brand-700">
        Voltar para o início
      </Link>
    </section>
  );
}
