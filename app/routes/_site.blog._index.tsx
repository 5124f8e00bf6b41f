import type { Route } from "./+types/_site.blog._index";
import { BlogCard } from "~/components/site/blog-cards";
import { BLOG_HERO } from "~/components/site/blog-skeleton";
import { EmptyState, PageHero } from "~/components/site/ui";
import { env } from "~/lib/env.server";
import { listPublishedPosts } from "~/lib/public-content.server";
import { seo } from "~/lib/seo";

export async function loader(_args: Route.LoaderArgs) {
  const posts = await listPublishedPosts();
  return { siteUrl: env.SITE_URL, posts };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/blog",
    title: "Blog",
    description: "Insights e novidades sobre marketing digital, inteligência artificial, tráfego pago e vendas.",
  });

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <PageHero {...BLOG_HERO} />
      <section aria-label="Artigos" className="bg-slate-50 py-16 sm:py-20">
        <div className="container-site">
          {posts.length === 0 ? (
            <EmptyState>Nenhum artigo publicado ainda.</EmptyState>
          ) : (
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, index) => (
                <li key={post.id}>
                  <BlogCard post={post} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
