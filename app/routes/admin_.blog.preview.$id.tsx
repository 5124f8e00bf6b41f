// /admin/blog/preview/:id — a blog post exactly as its public page will show it, whatever its
// status (draft, scheduled, published). GET shows the saved post; POST (the editor's
// "Pré-visualizar" with JavaScript) shows the fields being edited, unsaved (`novo` for a post not
// created yet), with the library files picked for its images. Outside the admin layout so it looks like the site, but only for admins: the
// guard is here. Never indexed, never stored by any cache (the page cache never keeps /admin
// paths either), and the sitemap lists only public posts.
//
// The preview opens in a tab of its own, beside the admin's tab that holds the form, so its
// "Voltar ao painel" closes this tab (back to that form, unsaved changes and all) instead of
// opening a second admin; it is a plain link to the post's form where a tab cannot be closed.
import type { MouseEvent } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/admin_.blog.preview.$id";
import { BlogArticle } from "~/components/site/blog-article";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { site } from "~/content/site";
import {
  formatScheduleDate,
  postedChoice,
  postStatus,
  PUBLICATION_CHOICES,
  publicationFields,
  SCHEDULE_ZONE_LABEL,
  type PublicationChoice,
} from "~/lib/blog/schedule";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import { libraryAltTexts, libraryPicks } from "~/lib/media/library.server";
import { blogHtmlForPage, blogImageSources, sanitizeBlogHtml } from "~/lib/sanitize.server";
import { SiteSettingsProvider } from "~/lib/site-settings";
import { getSiteSettings } from "~/lib/site-settings.server";
import { blogPostingJsonLd } from "~/lib/structured-data";
import { adminArea } from "~/lib/admin/guard.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { mediaUrlError } from "~/lib/forms/admin-schema";
import { objectFromUrl } from "~/lib/storage/index.server";
import { UPLOAD_TARGETS } from "~/lib/media/upload-targets.server";

// Outside the admin layout for a page of its own (the public post's look), under the admin area's
// policy all the same: a preview of unsaved fields is a POST, so it refreshes the public pages
// like any admin write (one render each, for nothing; previews are few).
export const middleware: Route.MiddlewareFunction[] = adminArea;

const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

type Post = NonNullable<Awaited<ReturnType<typeof findPost>>>;

function findPost(id: string | undefined) {
  return !id || id === "novo" ? Promise.resolve(null) : db.blogPost.findUnique({ where: { id } });
}

/** What the page needs: the post as its public page shows it, sanitized the same way. */
async function previewOf(post: Omit<Post, "id" | "createdAt">, id: string | null) {
  const { content, ...rest } = post;
  // Described by the media library where the post gives no alt text, as on the public page.
  const alts = await libraryAltTexts([post.coverImage, ...blogImageSources(content)]);
  return {
    siteUrl: env.SITE_URL,
    settings: await getSiteSettings(),
    editTo: id ? `/admin/blog?editar=${id}#formulario-post` : "/admin/blog",
    post: { ...rest, coverAlt: alts.get(post.coverImage), html: blogHtmlForPage(content, alts) },
    jsonLd: blogPostingJsonLd(env.SITE_URL, post),
  };
}

export async function loader({ params }: Route.LoaderArgs) {
  const post = await findPost(params.id);
  // `novo` has nothing saved, and is no error: its POST (the form's unsaved fields) runs this
  // loader too, and the page's status would be this one's.
  if (!post) return data({ preview: null, novo: params.id === "novo" }, { status: params.id === "novo" ? 200 : 404, headers: PREVIEW_HEADERS });
  return { preview: await previewOf(post, post.id) };
}

/** The form's fields as they are, unsaved: nothing is validated or written, only shown. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const existing = await findPost(params.id);
  if (params.id !== "novo" && !existing) return data(null, { status: 404, headers: PREVIEW_HEADERS });
  const posted = text("publication");
  const choice = postedChoice({
    publication: (PUBLICATION_CHOICES as readonly string[]).includes(posted) ? (posted as PublicationChoice) : undefined,
    is_published: form.get("is_published") === "on",
    published_at: text("published_at"),
  });
  // As saving would store them (an unreadable time reads as none).
  const { isPublished, publishedAt } = publicationFields(choice, text("published_at"), existing?.publishedAt ?? null);
  // A file of the media library picked for the cover or the social image is shown, as saving
  // would keep it (one that is not a library file of the field's kind is left out, as saving
  // refuses it). A newly chosen file is not uploaded for a preview.
  const { picked } = await libraryPicks(form, UPLOAD_TARGETS.blog, {});
  const post = {
    title: text("title") || "(sem título)",
    slug: text("slug") || existing?.slug || "",
    excerpt: text("excerpt"),
    // Saving sanitizes the content once and the page again: the preview does both.
    content: sanitizeBlogHtml(text("content")),
    author: text("author") || site.brandName,
    isPublished,
    publishedAt,
    // Else the saved cover, or the site's image.
    coverImage: picked.cover_image ?? existing?.coverImage ?? "/og-image.png",
    seoTitle: text("seo_title") || null,
    metaDescription: text("meta_description") || null,
    // A typed social image follows the rules of every image link, as saving does; one that breaks them is not shown.
    socialImage:
      picked.social_image ??
      ((mediaUrlError(text("social_image_url"), "image", (url) => objectFromUrl(url) !== null) ? "" : text("social_image_url")) ||
        existing?.socialImage ||
        null),
    updatedAt: new Date(),
  };
  return previewOf({ ...post, scheduleLogPending: false }, existing?.id ?? null);
}

// The tab's title is rendered by the page (below): `meta` sees only the loader's data, which is the
// saved post, while the unsaved preview shows the title typed in the form (the action's data).
export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

function tabTitle(title: string | null): string {
  return title ? `Pré-visualização: ${title}` : "Pré-visualização";
}

/** Back to the admin's tab this preview was opened from: closes this one, else goes back, else to the post's form. */
function backToAdmin(event: MouseEvent<HTMLAnchorElement>) {
  window.close();
  if (window.closed) {
    event.preventDefault();
    return;
  }
  // A tab the browser does not let a page close (opened by hand, or an address typed in).
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}

function BackToAdmin({ to }: { to: string }) {
  return (
    <a href={to} onClick={backToAdmin} className="underline">
      Voltar ao painel
    </a>
  );
}

function statusText(post: { isPublished: boolean; publishedAt: Date | string | null }): string {
  const status = postStatus(post);
  if (status === "draft") return "Rascunho: não aparece no site.";
  if (status === "scheduled") return `Agendado: aparece no site em ${formatScheduleDate(post.publishedAt!)} (${SCHEDULE_ZONE_LABEL}).`;
  return "Publicado: já aparece no site.";
}

export default function BlogPreview({ loaderData, actionData }: Route.ComponentProps) {
  const preview = actionData ?? loaderData.preview;
  const location = useLocation();
  // Marks the page interactive ("Voltar ao painel" then closes the tab), for the browser tests.
  const hydrated = useHydrated() || undefined;
  if (!preview) {
    return (
      <main id="conteudo" className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
        <title>{tabTitle(null)}</title>
        <h1 className="text-3xl font-extrabold text-ink">
          {"novo" in loaderData && loaderData.novo ? "Este post ainda não foi salvo" : "Post não encontrado"}
        </h1>
        <p className="font-semibold text-brand-700">
          <BackToAdmin to="/admin/blog" />
        </p>
      </main>
    );
  }
  return (
    <SiteSettingsProvider value={preview.settings}>
      <title>{tabTitle(preview.post.title)}</title>
      <div
        data-hydrated={hydrated}
        role="note"
        className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950 shadow-lg"
      >
        <span>
          Pré-visualização{actionData ? " com as alterações ainda não salvas" : ""}. {statusText(preview.post)}
        </span>
        <BackToAdmin to={preview.editTo} />
      </div>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <BlogArticle post={preview.post} jsonLd={preview.jsonLd} />
      </main>
      <SiteFooter settings={preview.settings} year={new Date().getFullYear()} redirectTo={location.pathname} />
    </SiteSettingsProvider>
  );
}
