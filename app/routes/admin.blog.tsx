import { useEffect, useRef } from "react";
import { Link, useLoaderData, useLocation, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.blog";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { isBlankHtml, parseSanitizeChanges, sanitizeBlogHtmlWithReport, sanitizeNotes, type SanitizeChange } from "~/lib/sanitize.server";
import { slugify } from "~/lib/slugify";
import { site } from "~/content/site";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  guardSave,
  validValue,
  refuse,
  requireFile,
  sectionLoader,
  startSave,
  uploadFailureOf,
  uploadRefusal,
  withSameFileNote,
  writeRow,
} from "~/lib/admin/section.server";
import { sectionAction, type SaveArgs } from "~/lib/admin/section-action.server";
import { formId, saved } from "~/lib/admin/action.server";
import { slugOf, withFreeSlug } from "~/lib/blog/slug-check.server";
import { uploadRules } from "~/lib/media/upload-targets.server";
import { AdminForm, useAdminForm, useFormKey } from "~/components/admin/admin-form";
import { FileField, TextAreaField, TextField } from "~/components/admin/fields";
import { mediaUrlError } from "~/lib/forms/admin-schema";
import { blogSchema, META_DESCRIPTION_MAX, META_DESCRIPTION_TOO_LONG, PUBLISHED_AT_INVALID, SEO_TITLE_MAX, SEO_TITLE_TOO_LONG } from "~/lib/blog/post-schema";
import { ConfirmDelete } from "~/components/admin/route-dialog";
import { PreviewButton } from "~/components/admin/blog-preview-button";
import { RevisionsLink } from "~/components/admin/blog-revisions-link";
import { keepSavedPostRevision } from "~/lib/blog/revisions.server";
import { BlogContentField } from "~/components/admin/blog-content-field";
import { LocalDraftOffer, useLocalDraft } from "~/components/admin/local-draft";
import {
  formatScheduleDate,
  formatScheduleMoment,
  postedChoice,
  postStatus,
  publicationChoice,
  publicationFields,
  SCHEDULE_ZONE_LABEL,
  scheduleInputValue,
} from "~/lib/blog/schedule";
import { CharacterCount, PublicationField, ReadingTime } from "~/components/admin/blog-editor-aids";
import { objectFromUrl } from "~/lib/storage/index.server";
import { AdminPage, EmptyState } from "~/components/admin/page";

const SECTION = SECTIONS.blog;
const LIST = SECTION.path;
export const DELETE_POST_MESSAGE = "Tem certeza que deseja excluir este post?";
export const COVER_REQUIRED = "Imagem de capa é obrigatória";
// The form's rules live beside the restore that applies them too; tests read them here.
export { blogSchema, META_DESCRIPTION_MAX, META_DESCRIPTION_TOO_LONG, PUBLISHED_AT_INVALID, SEO_TITLE_MAX, SEO_TITLE_TOO_LONG };
/** Where "Editar" takes the page: the form, far above the list on a phone. */
const FORM_ANCHOR = "formulario-post";

export async function loader({ request }: Route.LoaderArgs) {
  const section = await sectionLoader(
    request,
    () => db.blogPost.findMany({ orderBy: [{ publishedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }] }),
    { title: "Erro ao carregar posts", description: "Tente novamente mais tarde" },
  );
  // `?salvo=<id>` after a save: the form's column says where the post stands, with its link, and
  // `&ajustes=<codes>` what the sanitizer took out of the content (SanitizedNotice; a restore from
  // the history leads to `?editar=<id>&ajustes=<codes>`).
  const url = new URL(request.url);
  const savedId = url.searchParams.get("salvo");
  return {
    ...section,
    saved: section.items.find((post) => post.id === savedId) ?? null,
    sanitized: sanitizeNotes(parseSanitizeChanges(url.searchParams.get(SANITIZED_PARAM))),
  };
}

/** The query parameter that carries, after a save, what the sanitizer changed (its codes; the page words them). */
const SANITIZED_PARAM = "ajustes";

/** Where a save leads: the list, saying where the post stands and what the sanitizer changed in its content. */
function savedLocation(id: string | undefined, changes: SanitizeChange[]): string {
  if (!id) return LIST;
  const query = new URLSearchParams({ salvo: id });
  if (changes.length > 0) query.set(SANITIZED_PARAM, changes.join(","));
  return `${LIST}?${query}`;
}

/**
 * Content with nothing the site can show once sanitized (only a script, a form, a comment...) is
 * refused like an empty one, saying what was removed: the post would be saved blank.
 */
function emptiedContentError(html: string, changes: SanitizeChange[]): string | null {
  if (!isBlankHtml(html) || changes.length === 0) return null;
  return `O conteúdo ficaria vazio depois da limpeza do HTML. ${sanitizeNotes(changes).join(" ")}`;
}

const SAVE_FAILED = { type: "error", title: "Erro ao salvar post", description: "Verifique os dados e tente novamente" } as const;

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Post excluído com sucesso!" },
    deleteFailed: (message) => ({ type: "error", title: "Erro ao excluir post", description: message }),
    save: savePost,
  });

/**
 * A post's save, with its own steps: a slug no other post has (asked of the database by the
 * schema), the content sanitized (and refused when nothing would be left), the social image's
 * rules, the publication choice and its schedule, and the revision kept after the write.
 */
async function savePost({ parsed, log, context }: SaveArgs) {
  const model = db.blogPost;
  const submission = parseWithZod(parsed.form, { schema: withFreeSlug(blogSchema, formId(parsed.form)), async: true });
  return guardSave(
    parsed,
    submission,
    () => SAVE_FAILED,
    async (submission) => {
      const draft = await startSave(parsed, submission, { model, uploads: uploadRules(SECTION) });
      requireFile(draft, "cover_image", COVER_REQUIRED);
      // The content as it will be stored, and what the allowlist took out of it (said after the save).
      const content = submission.status === "success" ? sanitizeBlogHtmlWithReport(submission.value.content) : null;
      if (submission.status === "success") Object.assign(draft.fieldErrors, socialImageErrors(submission.value, draft.uploaded));
      const emptied = content ? emptiedContentError(content.html, content.changes) : null;
      if (emptied) draft.fieldErrors.content = [emptied];
      const v = validValue(draft);
      if (!v) {
        const refusal = uploadRefusal(draft);
        const toast = uploadFailureOf(draft, SECTION.key) ?? SAVE_FAILED;
        // A post deleted meanwhile answers 404 even when the form has errors too.
        return refuse(draft, toast, refusal?.status ?? (draft.stale ? 404 : 400));
      }
      if (draft.stale) return refuse(draft, SAVE_FAILED, 404);
      const choice = postedChoice(v);
      const publication = publicationFields(choice, v.published_at, draft.existing?.publishedAt ?? null);
      await writeRow(
        draft,
        model,
        {
          title: v.title,
          slug: slugOf(v),
          excerpt: v.excerpt,
          content: content!.html,
          author: v.author || site.brandName,
          isPublished: publication.isPublished,
          coverImage: draft.fileUrl.cover_image!,
          publishedAt: publication.publishedAt,
          // Its going public is logged when the time comes (app/lib/blog/schedule-log.server.ts).
          scheduleLogPending: choice === "schedule",
          seoTitle: v.seo_title || null,
          metaDescription: v.meta_description || null,
          // The uploaded file, else the typed URL; an emptied field falls back to the cover.
          socialImage: draft.uploaded.social_image ?? (v.social_image_url || null),
        },
        log,
      );
      await keepSavedPostRevision(context, draft.existing, slugOf(v));
      const id = draft.existing?.id ?? (await model.findUnique({ where: { slug: slugOf(v) }, select: { id: true } }))?.id;
      return saved(
        savedLocation(id, content!.changes),
        withSameFileNote(draft, {
          type: "success",
          title: draft.existing ? "Post atualizado com sucesso!" : "Post criado com sucesso!",
          description: savedDescription(choice, publication.publishedAt),
        }),
      );
    },
  );
}

/** The save's toast says when a post is not public yet. */
function savedDescription(choice: ReturnType<typeof postedChoice>, publishedAt: Date | null): string | undefined {
  if (choice === "schedule" && publishedAt) return `Post agendado para ${formatScheduleMoment(publishedAt)} (${SCHEDULE_ZONE_LABEL}).`;
  if (choice === "draft") return "Salvo como rascunho: não aparece no site.";
  return undefined;
}

/**
 * A typed social image follows the rules of every image URL an admin saves (an upload or a file
 * of the library wins). Only the server knows the store's address, and the upload comes with the
 * draft, so this check stays beside the file checks.
 */
function socialImageErrors(value: z.output<typeof blogSchema>, uploaded: Record<string, string>): Record<string, string[]> {
  const socialUrl = value.social_image_url;
  const socialError = !uploaded.social_image && socialUrl ? mediaUrlError(socialUrl, "image", (url) => objectFromUrl(url) !== null) : null;
  return socialError ? { social_image_url: [socialError] } : {};
}

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

export default function AdminBlog({ actionData }: Route.ComponentProps) {
  const { items: posts, editing, deleting, loadError, saved, sanitized } = useLoaderData<typeof loader>();
  const formKey = useFormKey(editing?.id);
  const submit = useSubmit();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // "Editar" scrolls the form into view (the page's #anchor); the keyboard's place follows it.
  useEffect(() => {
    if (location.hash === `#${FORM_ANCHOR}`) heading.current?.focus({ preventScroll: true });
  }, [location.key, location.hash]);
  return (
    <AdminPage loadError={loadError} title="Blog">
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section id={FORM_ANCHOR} aria-labelledby="post-form-title" className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {saved && !editing ? <SavedNotice post={saved} /> : null}
          {sanitized.length > 0 && (editing || saved) ? <SanitizedNotice notes={sanitized} /> : null}
          <h2 id="post-form-title" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold text-slate-900 outline-none">
            {editing ? "Editar Post" : "Novo Post"}
          </h2>
          <PostForm key={formKey} post={editing} actionData={actionData} />
        </section>
        <section aria-labelledby="posts-title">
          <h2 id="posts-title" className="mb-4 text-xl font-semibold text-slate-900">
            Posts
          </h2>
          {posts.length === 0 ? (
            <EmptyState>Nenhum artigo publicado ainda.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {posts.map((post) => (
                <li key={post.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-semibold text-slate-900">{post.title}</h3>
                      <p className="truncate text-sm text-slate-500">/{post.slug}</p>
                    </div>
                    <StatusBadge post={post} />
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link
                      to={`${LIST}?editar=${post.id}#${FORM_ANCHOR}`}
                      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                      aria-label={`Editar ${post.title}`}
                    >
                      Editar
                    </Link>
                    <a
                      href={`/admin/blog/preview/${post.id}`}
                      target="_blank"
                      rel="noopener"
                      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                      aria-label={`Pré-visualizar ${post.title}`}
                    >
                      Pré-visualizar
                    </a>
                    <Link
                      to={`${LIST}?excluir=${post.id}`}
                      preventScrollReset
                      aria-label={`Excluir ${post.title}`}
                      className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                      onClick={(event) => {
                        // The blog asks with the browser's own confirm; without JavaScript the link opens the confirmation page.
                        event.preventDefault();
                        if (window.confirm(DELETE_POST_MESSAGE)) submit({ intent: "delete", id: post.id }, { method: "post", action: LIST });
                      }}
                    >
                      Excluir
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {deleting ? <ConfirmDelete id={deleting.id} closeTo={LIST} title="Excluir post" message={DELETE_POST_MESSAGE} /> : null}
    </AdminPage>
  );
}

type Post = Route.ComponentProps["loaderData"]["items"][number];

const BADGE = { published: "bg-emerald-100 text-emerald-800", scheduled: "bg-sky-100 text-sky-800", draft: "bg-amber-100 text-amber-800" } as const;

function StatusBadge({ post }: { post: Post }) {
  const status = postStatus(post);
  return (
    <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-right text-xs font-semibold ${BADGE[status]}`}>
      {status === "published" ? "Publicado" : status === "draft" ? "Rascunho" : `Agendado · ${formatScheduleDate(post.publishedAt!)}`}
    </span>
  );
}

/** After a save: where the post stands, with the way to see it ("Ver post" once it is public). */
function SavedNotice({ post }: { post: Post }) {
  const status = postStatus(post);
  const link = "rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-300 hover:bg-emerald-100";
  return (
    <div
      role="status"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
    >
      <p className="min-w-0">
        <span className="font-semibold">“{post.title}”</span>{" "}
        {status === "published"
          ? "está no ar."
          : status === "scheduled"
            ? `está agendado para ${formatScheduleMoment(post.publishedAt!)} (${SCHEDULE_ZONE_LABEL}).`
            : "foi salvo como rascunho."}
      </p>
      {status === "published" ? (
        <Link to={`/blog/${post.slug}`} className={link}>
          Ver post
        </Link>
      ) : (
        <a href={`/admin/blog/preview/${post.id}`} target="_blank" rel="noopener" className={link}>
          Pré-visualizar
        </a>
      )}
    </div>
  );
}

/**
 * After a save: what the sanitizer took out of the content, or changed, and why, in words. The
 * toast keeps its own text; this stays on the page, with or without JavaScript, until the editor
 * moves on.
 */
function SanitizedNotice({ notes }: { notes: string[] }) {
  return (
    <div role="status" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-semibold">O conteúdo foi salvo com ajustes:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

function PostForm({ post, actionData }: { post: Post | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    blogSchema,
    actionData,
    post
      ? {
          id: post.id,
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: post.content,
          author: post.author,
          publication: publicationChoice(post),
          published_at: scheduleInputValue(post.publishedAt),
          seo_title: post.seoTitle ?? "",
          meta_description: post.metaDescription ?? "",
          social_image_url: post.socialImage ?? "",
        }
      : { author: site.brandName, publication: "publish" },
    `blog-${post?.id ?? "novo"}`,
  );
  const slugEdited = useRef(Boolean(post));
  const draft = useLocalDraft(form.id, `blog:${post?.id ?? "novo"}`);
  return (
    <>
      <LocalDraftOffer draft={draft} />
      <AdminForm
        section={SECTION.key}
        onSaved={draft.clear}
        recordId={post?.id}
        uploadDoneToast={{ type: "success", title: "Imagem enviada com sucesso!" }}
        form={form}
        onXhrResult={setXhrResult}
        actionData={actionData}
        submitLabel={post ? "Atualizar Post" : "Criar Post"}
        cancelTo={LIST}
      >
        <TextField
          field={fields.title}
          label="Título"
          onInput={(event) => {
            // While creating, the slug follows the title until the slug is edited by hand.
            if (slugEdited.current) return;
            const slugInput = event.currentTarget.form?.elements.namedItem("slug");
            if (slugInput instanceof HTMLInputElement) slugInput.value = slugify(event.currentTarget.value);
          }}
        />
        <TextField field={fields.slug} label="Slug" hint="Gerado a partir do título se ficar vazio." onInput={() => (slugEdited.current = true)} />
        <FileField
          name="cover_image"
          label="Imagem de capa"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          current={post?.coverImage}
          error={fields.cover_image?.errors?.[0]}
          invalidToast={{ type: "error", title: "Erro ao enviar imagem", description: "Por favor, selecione uma imagem." }}
        />
        <TextAreaField field={fields.excerpt} label="Resumo" rows={2} />
        <BlogContentField field={fields.content} />
        <ReadingTime field={fields.content} />
        <TextField field={fields.author} label="Autor" />
        <PublicationField choice={fields.publication} date={fields.published_at} alreadyPublic={post ? postStatus(post) === "published" : false} />
        <TextField
          field={fields.seo_title}
          counted
          label="Título para buscadores (SEO)"
          hint={`Até ${SEO_TITLE_MAX} caracteres, como deve aparecer no Google e na aba. Se ficar vazio, usamos “título do post | ${site.brandName}”.`}
        />
        <CharacterCount field={fields.seo_title} />
        <TextAreaField
          field={fields.meta_description}
          counted
          label="Meta descrição (buscadores)"
          rows={2}
          hint={`Até ${META_DESCRIPTION_MAX} caracteres. Se ficar vazia, usamos o resumo.`}
        />
        <CharacterCount field={fields.meta_description} />
        <FileField
          name="social_image"
          label="Imagem para redes sociais"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          current={post?.socialImage}
          error={fields.social_image?.errors?.[0]}
          hint="Se não houver, usamos a imagem de capa."
        />
        <TextField
          field={fields.social_image_url}
          label="Ou URL da imagem para redes sociais"
          hint="Envie um arquivo acima ou informe uma URL (https://...). Apague para voltar à capa."
        />
        <PreviewButton postId={post?.id ?? null} />
        {post ? <RevisionsLink postId={post.id} /> : null}
      </AdminForm>
    </>
  );
}
