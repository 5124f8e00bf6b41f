import { data, Link } from "react-router";
import type { Route } from "./+types/_site.blog.$slug";
import { Icon } from "~/components/site/icon";
import { SPECIALIST_TEXT } from "~/components/site/site-header";
import { JsonLd } from "~/components/site/json-ld";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { Image } from "~/components/ui/image";
import { formatBlogDate } from "~/lib/dates";
import { env } from "~/lib/env.server";
import { getPublishedPost } from "~/lib/public-content.server";
import { sanitizeBlogHtml } from "~/lib/sanitize.server";
import { seo } from "~/lib/seo";
import { blogPostingJsonLd } from "~/lib/structured-data";

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublishedPost(params.slug);
  if (!post) return data({ siteUrl: env.SITE_URL, post: null }, { status: 404 });
  const { content, ...rest } = post;
  return { siteUrl: env.SITE_URL, post: { ...rest, html: sanitizeBlogHtml(content) }, jsonLd: blogPostingJsonLd(env.SITE_URL, post) };
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  const siteUrl = loaderData?.siteUrl ?? "";
  const post = loaderData?.post;
  if (!post) {
    return seo({ siteUrl, path: `/blog/${params.slug}`, title: "Post não encontrado", description: "Este artigo não existe ou não está mais disponível.", noindex: true });
  }
  return seo({ siteUrl, path: `/blog/${post.slug}`, title: post.title, description: post.excerpt, image: post.coverImage, type: "article" });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const back = (
    <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800">
      <Icon name="arrow-left" className="size-4" />
      Voltar para o blog
    </Link>
  );

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

  return (
    <article className="pt-28 pb-20 sm:pt-36">
      {"jsonLd" in loaderData ? <JsonLd data={loaderData.jsonLd} /> : null}
      <div className="container-site max-w-3xl">
        {back}
        <h1 className="mt-6 text-3xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-5xl">{post.title}</h1>
        <p className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Icon name="user" className="size-4" />
            {post.author}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Icon name="calendar" className="size-4" />
            <time dateTime={post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined}>{formatBlogDate(post.publishedAt)}</time>
          </span>
        </p>
      </div>
      <div className="container-site mt-10 max-w-4xl">
        <Image src={post.coverImage} alt={post.title} width={1200} height={630} priority sizes="(min-width: 1024px) 896px, 100vw" className="aspect-[1200/630] w-full rounded-3xl object-cover shadow-xl" />
      </div>
      <div className="container-site mt-12 max-w-3xl">
        <div className="prose-blog" dangerouslySetInnerHTML={{ __html: post.html }} />
        <aside className="mt-16 rounded-3xl bg-ink p-8 text-center text-white sm:p-10">
          <h2 className="text-2xl font-extrabold">Quer aplicar isso na sua empresa?</h2>
          <p className="mt-2 text-slate-300">Converse com um especialista da Wind Digital.</p>
          <div className="mt-6">
            <WhatsAppButton text={SPECIALIST_TEXT}>Falar com Especialista</WhatsAppButton>
          </div>
        </aside>
        <div className="mt-10">{back}</div>
      </div>
    </article>
  );
}
