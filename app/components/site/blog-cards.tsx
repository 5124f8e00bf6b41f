// Blog list cards and the six skeleton cards shown while the list loads.
import { Link } from "react-router";
import { Image } from "~/components/ui/image";
import { formatBlogDate } from "~/lib/dates";
import { Icon } from "./icon";

export interface BlogCardPost {
  id: string;
  title: string;
  slug: string;
  coverImage: string;
  excerpt: string;
  publishedAt: Date | string | null;
  /** The media library's alt text of the cover, by URL, when it has one. */
  alts?: Record<string, string>;
}

/** `priority`: the first card, the list page's largest image above the fold on phones. */
export function BlogCard({ post, priority = false }: { post: BlogCardPost; priority?: boolean }) {
  return (
    <article className="group card relative flex h-full flex-col overflow-hidden transition hover:-translate-y-1 hover:shadow-xl">
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        <Image
          src={post.coverImage}
          // The title follows in the card: a cover the library does not describe is decoration.
          alt={post.alts?.[post.coverImage] ?? ""}
          width={800}
          height={500}
          priority={priority}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Icon name="calendar" className="size-4" />
          <time dateTime={post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined}>{formatBlogDate(post.publishedAt)}</time>
        </p>
        <h2 className="mt-3 line-clamp-2 text-xl font-bold text-ink">{post.title}</h2>
        <p className="mt-3 line-clamp-3 flex-1 text-slate-600">{post.excerpt}</p>
        <Link
          to={`/blog/${post.slug}`}
          className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-700 after:absolute after:inset-0 hover:text-brand-800"
        >
          Ler mais
          <span className="sr-only">: {post.title}</span>
          <Icon name="arrow-right" className="size-4 transition group-hover:translate-x-1" />
        </Link>
      </div>
    </article>
  );
}
