// The blog list's hero and the six skeleton cards shown while the list loads,
// apart from the cards so the layout doesn't pull them into every page's JavaScript.
import { PageHero } from "./ui";

export const BLOG_HERO = {
  eyebrow: "Blog",
  title: "Insights e Novidades",
  text: "Estratégias, tendências e bastidores do marketing digital, da inteligência artificial e das vendas.",
};

export function BlogListSkeleton() {
  return (
    <>
      <PageHero {...BLOG_HERO} />
      <div className="container-site py-16" aria-busy="true" aria-label="Carregando artigos">
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} data-skeleton className="card animate-pulse overflow-hidden">
              <div className="aspect-[16/10] bg-slate-200" />
              <div className="space-y-3 p-6">
                <div className="h-4 w-32 rounded bg-slate-200" />
                <div className="h-6 w-full rounded bg-slate-200" />
                <div className="h-6 w-2/3 rounded bg-slate-200" />
                <div className="h-4 w-full rounded bg-slate-100" />
                <div className="h-4 w-5/6 rounded bg-slate-100" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
