import type { Route } from "./+types/_site._index";

export const meta: Route.MetaFunction = () => [{ title: "Wind Digital | Transformação Digital que entrega resultado" }];

export default function Home() {
  return (
    <section className="mx-auto max-w-5xl px-6 py-24">
      <h1 className="text-4xl font-bold text-ink">Transformação Digital que entrega resultado</h1>
    </section>
  );
}
