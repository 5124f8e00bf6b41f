import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/_site.blog.$slug";
import { Icon } from "~/components/site/icon";
import { BlogArticle } from "~/components/site/blog-article";
import { env } from "~/lib/env.server";
import { MOVED_CACHE_CONTROL, movedPostPath } from "~/lib/blog/slug-redirects.server";
import { getPublishedPost } from "~/lib/public-content.server";
import { libraryAltTexts } from "~/lib/media/library.server";
import { blogHtmlForPage, blogImageSources } from "~/lib/sanitize.server";
import { postSnippet } from "~/lib/blog/snippet";
import { seo } from "~/lib/seo";
import { blogPostingJsonLd } from "~/lib/structured-data";

export async function loader({ params, request }: Route.LoaderArgs) {
  const post = await getPublishedPost(params.slug);
  if (!post) {
    // An address the post had before its slug changed: a permanent redirect to where it is now,
    // with the query it was asked with (a campaign's utm_ parameters reach the post), which this
    // browser alone keeps for an hour (a shared cache would outlive a rename back).
    const moved = await movedPostPath(params.slug);
    if (moved) {
      throw redirect(`${moved}${new URL(request.url).search}`, { status: 301, headers: { "Cache-Control": MOVED_CACHE_CONTROL } });
    }
    return data({ siteUrl: env.SITE_URL, post: null }, { status: 404 });
  }
  const { content, ...rest } = post;
  // Images the post gives no alt text of its own are described by the media library's.
  const alts = await libraryAltTexts([post.coverImage, ...blogImageSources(content)]);
  return {
    siteUrl: env.SITE_URL,
    post: { ...rest, coverAlt: alts.get(post.coverImage), html: blogHtmlForPage(content, alts) },
    jsonLd: blogPostingJsonLd(env.SITE_URL, post),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  const siteUrl = loaderData?.siteUrl ?? "";
  const post = loaderData?.post;
  if (!post) {
    return seo({
      siteUrl,
      path: `/blog/${params.slug}`,
      title: "Post não encontrado",
      description: "Este artigo não existe ou não está mais disponível.",
      noindex: true,
    });
  }
  return seo({ siteUrl, path: `/blog/${post.slug}`, ...postSnippet(post), type: "article" });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <section className="container-site flex min-h-[60vh] flex-col items-center justify-center py-32 text-center">
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Post não encontrado</h1>
        <p className="mt-3 text-slate-600">O artigo que você procura não existe ou não está mais disponível.</p>
        <Link to="/blog" className="btn btn-primary mt-8">
          <Icon name="arrow-left" className="size-4" />
          Voltar para o blog
        </Link>
      </section>
    );
  }

  return <BlogArticle post={post} jsonLd={"jsonLd" in loaderData ? loaderData.jsonLd : undefined} />;
}
