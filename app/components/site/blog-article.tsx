// A blog post as the site shows it: on its public page and, identical, in the admin's preview.
import { Link } from "react-router";
import { Icon } from "~/components/site/icon";
import { SPECIALIST_TEXT } from "~/components/site/site-header";
import { JsonLd } from "~/components/site/json-ld";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { Image } from "~/components/ui/image";
import { formatBlogDate } from "~/lib/dates";

export interface ArticlePost {
  title: string;
  author: string;
  publishedAt: Date | string | null;
  coverImage: string;
  /** The cover's alt text from the media library, when it has one (else the title describes it). */
  coverAlt?: string;
  /** The content, sanitized for the page (blogHtmlForPage). */
  html: string;
}

export function BlogArticle({ post, jsonLd }: { post: ArticlePost; jsonLd?: object }) {
  const back = (
    <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800">
      <Icon name="arrow-left" className="size-4" />
      Voltar para o blog
    </Link>
  );
  return (
    <article className="pt-28 pb-20 sm:pt-36">
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
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
        <Image
          src={post.coverImage}
          alt={post.coverAlt || post.title}
          width={1200}
          height={630}
          priority
          sizes="(min-width: 1024px) 896px, 100vw"
          className="aspect-[1200/630] w-full rounded-3xl object-cover shadow-xl"
        />
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
