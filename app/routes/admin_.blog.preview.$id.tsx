// /admin/blog/preview/:id — a blog post exactly as its public page will show it, whatever its
// status (draft, scheduled, published). GET shows the saved post; POST (the editor's
// "Pré-visualizar" with JavaScript) shows the fields being edited, unsaved (`novo` for a post not
// created yet). Outside the admin layout so it looks like the site, but only for admins: the
// guard is here. Never indexed, never stored by any cache (the page cache never keeps /admin
// paths either), and the sitemap lists only public posts.
import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/admin_.blog.preview.$id";
import { BlogArticle } from "~/components/site/blog-article";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { site } from "~/content/site";
import { formatScheduleDate, parseScheduleInput, postStatus, SCHEDULE_ZONE_LABEL } from "~/lib/blog-schedule";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import { blogHtmlForPage, sanitizeBlogHtml } from "~/lib/sanitize.server";
import { requireAdmin } from "~/lib/session.server";
import { SiteSettingsProvider } from "~/lib/site-settings";
import { getSiteSettings } from "~/lib/site-settings.server";
import { blogPostingJsonLd } from "~/lib/structured-data";
import { adminNoStore } from "~/lib/admin-guard.server";
import { mediaUrlError } from "~/lib/forms/admin-schema";
import { objectFromUrl } from "~/lib/storage/index.server";

// An admin route outside the admin layout: it sets its own `no-store` (see adminNoStore).
export const middleware: Route.MiddlewareFunction[] = [adminNoStore];

const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

type Post = NonNullable<Awaited<ReturnType<typeof findPost>>>;

function findPost(id: string | undefined) {
  return !id || id === "novo" ? Promise.resolve(null) : db.blogPost.findUnique({ where: { id } });
}

/** What the page needs: the post as its public page shows it, sanitized the same way. */
async function previewOf(post: Omit<Post, "id" | "createdAt">, id: string | null) {
  const { content, ...rest } = post;
  return {
    siteUrl: env.SITE_URL,
    settings: await getSiteSettings(),
    editTo: id ? `/admin/blog?editar=${id}` : "/admin/blog",
    post: { ...rest, html: blogHtmlForPage(content) },
    jsonLd: blogPostingJsonLd(env.SITE_URL, post),
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const post = await findPost(params.id);
  // `novo` has nothing saved, and is no error: its POST (the form's unsaved fields) runs this
  // loader too, and the page's status would be this one's.
  if (!post) return data({ preview: null, novo: params.id === "novo" }, { status: params.id === "novo" ? 200 : 404, headers: PREVIEW_HEADERS });
  return { preview: await previewOf(post, post.id) };
}

/** The form's fields as they are, unsaved: nothing is validated or written, only shown. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const existing = await findPost(params.id);
  if (params.id !== "novo" && !existing) return data(null, { status: 404, headers: PREVIEW_HEADERS });
  const isPublished = form.get("is_published") === "on";
  const post = {
    title: text("title") || "(sem título)",
    slug: text("slug") || existing?.slug || "",
    excerpt: text("excerpt"),
    // Saving sanitizes the content once and the page again: the preview does both.
    content: sanitizeBlogHtml(text("content")),
    author: text("author") || site.brandName,
    isPublished,
    publishedAt: parseScheduleInput(text("published_at")) ?? existing?.publishedAt ?? (isPublished ? new Date() : null),
    // A newly chosen file is not uploaded for a preview: the saved cover, or the site's image.
    coverImage: existing?.coverImage ?? "/og-image.png",
    metaDescription: text("meta_description") || null,
    // A typed social image follows the rules of every image link, as saving does; one that breaks them is not shown.
    socialImage:
      (mediaUrlError(text("social_image_url"), "image", (url) => objectFromUrl(url) !== null) ? "" : text("social_image_url")) || existing?.socialImage || null,
    updatedAt: new Date(),
  };
  return previewOf(post, existing?.id ?? null);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.preview ? `Pré-visualização: ${loaderData.preview.post.title}` : "Pré-visualização" },
  { name: "robots", content: "noindex, nofollow" },
];

function statusText(post: { isPublished: boolean; publishedAt: Date | string | null }): string {
  const status = postStatus(post);
  if (status === "draft") return "Rascunho: não aparece no site.";
  if (status === "scheduled") return `Agendado: aparece no site em ${formatScheduleDate(post.publishedAt!)} (${SCHEDULE_ZONE_LABEL}).`;
  return "Publicado: já aparece no site.";
}

export default function BlogPreview({ loaderData, actionData }: Route.ComponentProps) {
  const preview = actionData ?? loaderData.preview;
  const location = useLocation();
  if (!preview) {
    return (
      <main id="conteudo" className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-3xl font-extrabold text-ink">
          {"novo" in loaderData && loaderData.novo ? "Este post ainda não foi salvo" : "Post não encontrado"}
        </h1>
        <Link to="/admin/blog" className="font-semibold text-brand-700 underline">
          Voltar ao painel
        </Link>
      </main>
    );
  }
  return (
    <SiteSettingsProvider value={preview.settings}>
      <div
        role="note"
        className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950 shadow-lg"
      >
        <span>
          Pré-visualização{actionData ? " com as alterações ainda não salvas" : ""}. {statusText(preview.post)}
        </span>
        <Link to={preview.editTo} className="underline">
          Voltar ao painel
        </Link>
      </div>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <BlogArticle post={preview.post} jsonLd={preview.jsonLd} />
      </main>
      <SiteFooter settings={preview.settings} year={new Date().getFullYear()} redirectTo={location.pathname} />
    </SiteSettingsProvider>
  );
}
