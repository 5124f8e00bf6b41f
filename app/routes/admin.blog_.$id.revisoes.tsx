// /admin/blog/:id/revisoes: a blog post's revision history. Each save of the post kept a version
// (who saved it, when, every field); the list shows them newest first, `?versao=<n>` shows one
// read-only (its content rendered by the same sanitizer as the public page, and as HTML source),
// and `?versao=<n>&restaurar` asks before restoring it. The question is part of the page, so it
// works without JavaScript; the restore is a plain POST form. Restoring writes the version's fields
// back into the post (its publication stays as it is), each under the rules of a save (one a save
// would refuse keeps its current value, and the message says which and why; what the sanitizer
// took out of the content is listed on the form's page the restore leads to), and is itself a new
// version, so the state it replaced stays in the history. Under the admin layout: its guard runs before this loader and
// this action, and the restore refreshes the public pages like every admin write.
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.blog_.$id.revisoes";
import { AdminPage, EmptyState } from "~/components/admin/page";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { MediaPreview } from "~/components/admin/fields";
import { revisionsPath } from "~/components/admin/blog-revisions-link";
import { activityScope } from "~/lib/activity.server";
import { formatDateTime } from "~/lib/dates";
import { logFailure, rejected, saved } from "~/lib/admin/action.server";
import { formatScheduleDate } from "~/lib/blog/schedule";
import {
  findRevision,
  listRevisions,
  NOT_EDITABLE,
  restoreRevision,
  revisionsKept,
  snapshotOf,
  type MissingFiles,
  type RefusedField,
  type Snapshot,
} from "~/lib/blog/revisions.server";
import { db } from "~/lib/db.server";
import { quotedFileNames } from "~/lib/media/library";
import { readFormData } from "~/lib/form-data.server";
import { blogHtmlForPage } from "~/lib/sanitize.server";
import type { Toast } from "~/lib/toast";

export const REVISION_NOT_FOUND: Toast = {
  type: "error",
  title: "Versão não encontrada",
  description: "Ela pode ter saído do histórico. Escolha outra versão da lista.",
};

const restoreSchema = z.object({ intent: z.literal("restaurar"), revision: z.coerce.number().int().positive() });

/** The fields of a version as the page lists them, in the form's order; a column the list does not know comes last, by its name. */
const FIELDS: Array<{ column: string; label: string; kind: "text" | "image" | "flag" | "date" }> = [
  { column: "title", label: "Título", kind: "text" },
  { column: "seoTitle", label: "Título para buscadores", kind: "text" },
  { column: "slug", label: "Slug", kind: "text" },
  { column: "excerpt", label: "Resumo", kind: "text" },
  { column: "author", label: "Autor", kind: "text" },
  { column: "coverImage", label: "Imagem de capa", kind: "image" },
  { column: "isPublished", label: "Publicado", kind: "flag" },
  { column: "publishedAt", label: "Data de publicação", kind: "date" },
  { column: "metaDescription", label: "Meta descrição (buscadores)", kind: "text" },
  { column: "socialImage", label: "Imagem para redes sociais", kind: "image" },
];

const PUBLICATION = new Set(["isPublished", "publishedAt"]);

interface ShownField {
  column: string;
  label: string;
  kind: "text" | "image";
  value: string;
  changed: boolean;
}

function shownValue(kind: string, value: Snapshot[string] | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (kind === "flag") return value ? "Sim" : "Não";
  if (kind === "date" && typeof value === "string") return formatScheduleDate(value);
  return String(value);
}

function fieldsOf(snapshot: Snapshot, current: Snapshot): ShownField[] {
  const known = new Set(FIELDS.map((field) => field.column));
  const extra = Object.keys(snapshot)
    .filter((column) => !known.has(column) && column !== "content" && !NOT_EDITABLE.has(column))
    .map((column) => ({ column, label: column, kind: "text" as const }));
  return [...FIELDS, ...extra]
    .filter((field) => field.column in snapshot)
    .map((field) => ({
      column: field.column,
      label: field.label,
      kind: field.kind === "image" ? "image" : "text",
      value: shownValue(field.kind, snapshot[field.column]),
      changed: !same(snapshot[field.column], current[field.column]),
    }));
}

function same(a: unknown, b: unknown): boolean {
  return (a ?? "") === (b ?? "");
}

function whoOf(revision: { actorEmail: string; actorName: string }): string {
  if (!revision.actorEmail) return "Antes do histórico";
  return revision.actorName ? `${revision.actorName} (${revision.actorEmail})` : revision.actorEmail;
}

/** The most file names the message lists: the toast travels in a cookie, which browsers cap at 4 KB. */
const NAMES_SHOWN = 5;

/**
 * What the restore did not bring back because the version's files were deleted from the library
 * (the post would show a broken image), in the success message: the admin sees the post is not
 * exactly the version, and why.
 */
function missingFilesNote(missing: MissingFiles, post: { socialImage: string | null }): string {
  const notes = missing.keptColumns.map((column) => {
    if (column === "coverImage") return "A imagem de capa desta versão foi excluída da biblioteca; a capa atual foi mantida.";
    if (column === "socialImage") {
      return post.socialImage
        ? "A imagem para redes sociais desta versão foi excluída da biblioteca; a imagem atual foi mantida."
        : "A imagem para redes sociais desta versão foi excluída da biblioteca; o post continua sem imagem própria (as redes sociais mostram a capa).";
    }
    const label = FIELDS.find((field) => field.column === column)?.label ?? column;
    return `O arquivo de “${label}” desta versão foi excluído da biblioteca; o arquivo atual foi mantido.`;
  });
  const images = missing.contentImages;
  if (images.length === 1)
    notes.push(`A imagem ${quotedFileNames(images, NAMES_SHOWN)} do texto desta versão foi excluída da biblioteca e foi retirada do texto.`);
  if (images.length > 1)
    notes.push(`As imagens ${quotedFileNames(images, NAMES_SHOWN)} do texto desta versão foram excluídas da biblioteca e foram retiradas do texto.`);
  const links = missing.contentLinks;
  if (links.length === 1) notes.push(`O link para ${quotedFileNames(links, NAMES_SHOWN)}, excluído da biblioteca, virou texto simples.`);
  if (links.length > 1) notes.push(`Os links para ${quotedFileNames(links, NAMES_SHOWN)}, excluídos da biblioteca, viraram texto simples.`);
  return notes.map((note) => ` ${note}`).join("");
}

/** The label of a post column as the page lists it. */
function labelOf(column: string): string {
  if (column === "content") return "Conteúdo";
  return FIELDS.find((field) => field.column === column)?.label ?? column;
}

/**
 * The fields of the version a save would refuse (an old version saved under looser rules, or an
 * altered one), which the post kept as they are now, with the save's own message.
 */
function refusedFieldsNote(refused: RefusedField[]): string {
  return refused
    .map(
      ({ column, reason }) =>
        ` O campo “${labelOf(column)}” desta versão não foi restaurado; o post manteve o valor atual. Motivo: ${reason.replace(/\.?$/, ".")}`,
    )
    .join("");
}

function numberParam(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const post = await db.blogPost.findUnique({ where: { id: params.id } });
  if (!post) return data({ post: null }, { status: 404 });
  const url = new URL(request.url);
  const revisions = await listRevisions(post.id);
  const whenOf = new Map(revisions.map((revision) => [revision.id, formatDateTime(revision.createdAt)]));
  const asked = url.searchParams.get("versao");
  const revision = numberParam(asked) === null ? null : await findRevision(post.id, numberParam(asked)!);
  const current = snapshotOf(post);
  const selected = revision
    ? {
        id: revision.id,
        when: formatDateTime(revision.createdAt),
        who: whoOf(revision),
        kind: revision.kind,
        fields: fieldsOf(revision.snapshot, current),
        contentChanged: !same(revision.snapshot.content, current.content),
        html: blogHtmlForPage(typeof revision.snapshot.content === "string" ? revision.snapshot.content : ""),
        source: typeof revision.snapshot.content === "string" ? revision.snapshot.content : "",
      }
    : null;
  return {
    post: { id: post.id, title: post.title, slug: post.slug },
    keep: revisionsKept(),
    revisions: revisions.map((item, index) => ({
      id: item.id,
      when: whenOf.get(item.id)!,
      who: whoOf(item),
      title: item.title,
      newest: index === 0,
      kind: item.kind,
      restoredFrom: item.restoredFrom === null ? null : (whenOf.get(item.restoredFrom) ?? "uma versão que saiu do histórico"),
    })),
    selected,
    missing: asked !== null && !selected,
    confirming: Boolean(selected && url.searchParams.has("restaurar")),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = restoreSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return rejected({ lastResult: null, toast: REVISION_NOT_FOUND }, 400);
  let result;
  try {
    result = await restoreRevision(context, activityScope(context, "blog", "title"), params.id, parsed.data.revision);
  } catch (error) {
    logFailure("blog revision restore failed", error, "restore");
    const failed: Toast = { type: "error", title: "Erro ao restaurar versão", description: "Nada foi alterado. Tente novamente." };
    return rejected({ lastResult: null, toast: failed }, 500);
  }
  if (result.status === "not-found") return rejected({ lastResult: null, toast: REVISION_NOT_FOUND }, 404);
  const restoredWhen = formatDateTime(result.restoredAt);
  const slugNote = result.keptSlug ? ` O slug “${result.keptSlug}” agora é de outro post: este manteve o slug atual.` : "";
  const filesNote = missingFilesNote(result.missing, result.post);
  const fieldsNote = refusedFieldsNote(result.refused);
  // What the sanitizer took out of the version's content is listed on the form's page, as after a save.
  const query = new URLSearchParams({ editar: result.post.id });
  if (result.sanitized.length > 0) query.set("ajustes", result.sanitized.join(","));
  const sanitizedNote = result.sanitized.length > 0 ? " O conteúdo desta versão foi ajustado ao salvar: veja os detalhes no formulário." : "";
  return saved(`/admin/blog?${query}`, {
    type: "success",
    title: "Versão restaurada",
    description: `O post voltou à versão de ${restoredWhen}.${slugNote}${filesNote}${fieldsNote}${sanitizedNote}`,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.post ? `Histórico de versões: ${loaderData.post.title} | Admin` : "Histórico de versões | Admin" },
];

const BUTTON = "inline-flex rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

export default function PostRevisions({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData);
  if (!loaderData.post) {
    return (
      <AdminPage title="Histórico de versões">
        <EmptyState>
          Post não encontrado.{" "}
          <Link to="/admin/blog" className="font-semibold text-brand-700 underline">
            Voltar ao blog
          </Link>
        </EmptyState>
      </AdminPage>
    );
  }
  const { post, revisions, selected, keep, missing, confirming } = loaderData;
  const base = revisionsPath(post.id);
  return (
    <AdminPage title="Histórico de versões">
      <div className="-mt-3 mb-6 space-y-2">
        <p className="text-slate-700">
          <span className="font-semibold">{post.title}</span> <span className="text-slate-500">· /{post.slug}</span>
        </p>
        <p className="text-sm text-slate-600">
          {`Cada vez que o post é salvo, guardamos uma versão. Ficam as ${keep} mais recentes; as mais antigas saem do histórico.`}
        </p>
        <Link to={`/admin/blog?editar=${post.id}`} className="inline-block text-sm font-semibold text-brand-700 underline">
          Voltar para a edição do post
        </Link>
      </div>
      {actionData?.toast ? (
        <div className="mb-6">
          <InlineAlert toast={actionData.toast} />
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="versions-title" className={selected ? "order-2 lg:order-1" : undefined}>
          <h2 id="versions-title" className="mb-3 text-lg font-semibold text-slate-900">
            Versões
          </h2>
          {revisions.length === 0 ? (
            <EmptyState>Nenhuma versão guardada ainda. A próxima vez que o post for salvo, ela aparece aqui.</EmptyState>
          ) : (
            <ol className="space-y-2">
              {revisions.map((revision) => (
                <li key={revision.id}>
                  <Link
                    to={`${base}?versao=${revision.id}`}
                    aria-current={selected?.id === revision.id ? "true" : undefined}
                    className={`block rounded-xl border p-3 text-sm shadow-sm hover:border-brand-400 ${
                      selected?.id === revision.id ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white"
                    }`}
                  >
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-slate-900">{revision.when}</span>
                      {revision.newest ? (
                        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Mais recente</span>
                      ) : null}
                      {revision.kind === "restore" ? (
                        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">Restauração</span>
                      ) : null}
                    </span>
                    <span className="mt-1 block break-words text-slate-600">{revision.who}</span>
                    <span className="mt-1 block truncate text-slate-500">{revision.title}</span>
                    {revision.restoredFrom ? (
                      <span className="mt-1 block text-xs text-slate-500">Trouxe de volta a versão de {revision.restoredFrom}</span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="version-title" className={selected ? "order-1 lg:order-2" : undefined}>
          {selected ? (
            <Version postId={post.id} version={selected} confirming={confirming} base={base} />
          ) : (
            <>
              <h2 id="version-title" className="sr-only">
                Versão
              </h2>
              {missing ? (
                <InlineAlert toast={REVISION_NOT_FOUND} />
              ) : revisions.length > 0 ? (
                <EmptyState>Escolha uma versão na lista para ver como o post estava e, se quiser, restaurá-la.</EmptyState>
              ) : null}
            </>
          )}
        </section>
      </div>
    </AdminPage>
  );
}

type Selected = NonNullable<Extract<Route.ComponentProps["loaderData"], { selected: unknown }>["selected"]>;

function Version({ postId, version, confirming, base }: { postId: string; version: Selected; confirming: boolean; base: string }) {
  const navigation = useNavigation();
  const restoring = navigation.state !== "idle" && navigation.formData?.get("intent") === "restaurar";
  const changed = [...version.fields.filter((field) => field.changed).map((field) => field.label), ...(version.contentChanged ? ["Conteúdo"] : [])];
  // A restore leaves the publication as it is: a version that differs only there has nothing to bring back.
  const restorable = version.contentChanged || version.fields.some((field) => field.changed && !PUBLICATION.has(field.column));
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="version-title" className="text-xl font-semibold text-slate-900">
        Versão de {version.when}
      </h2>
      <p className="mt-1 text-sm break-words text-slate-600">
        {version.kind === "baseline" ? "Como o post estava antes de o histórico começar." : `Salva por ${version.who}`}
      </p>
      <p className="mt-3 text-sm text-slate-700">
        {changed.length === 0 ? "Igual ao post como está agora." : `Diferente do post atual em: ${changed.join(", ")}.`}
      </p>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="restore-title"
          aria-describedby="restore-text"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h3 id="restore-title" className="font-semibold text-amber-950">
            Restaurar esta versão?
          </h3>
          <p id="restore-text" className="mt-1 text-sm text-amber-950">
            O post volta a ter o título, o texto, o slug, as imagens e os campos para buscadores desta versão, e isso aparece no site se ele estiver publicado.
            A publicação (publicado, rascunho ou agendado) não muda. O estado atual continua no histórico.
          </p>
          <Form method="post" action={`${base}?versao=${version.id}`} className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="restaurar" />
            <input type="hidden" name="revision" value={version.id} />
            <Link to={`${base}?versao=${version.id}`} className={BUTTON}>
              Cancelar
            </Link>
            <button
              type="submit"
              disabled={restoring}
              className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {restoring ? "Restaurando..." : "Restaurar versão"}
            </button>
          </Form>
        </div>
      ) : restorable ? (
        <Link to={`${base}?versao=${version.id}&restaurar`} className={`mt-4 ${BUTTON}`}>
          Restaurar esta versão
        </Link>
      ) : null}
      <dl className="mt-6 space-y-4">
        {version.fields.map((field) => (
          <div key={field.column}>
            <dt className="text-sm font-semibold text-slate-700">
              {field.label}
              {field.changed ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">diferente do atual</span>
              ) : null}
            </dt>
            <dd className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">
              {field.value === "" ? (
                <span className="text-slate-500">(vazio)</span>
              ) : field.kind === "image" ? (
                <>
                  <MediaPreview url={field.value} className="h-24 w-auto rounded-lg border border-slate-200 object-contain" />
                  <span className="mt-1 block text-xs text-slate-500">{field.value}</span>
                </>
              ) : (
                field.value
              )}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-semibold text-slate-700">
            Conteúdo
            {version.contentChanged ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">diferente do atual</span>
            ) : null}
          </dt>
          <dd className="mt-2">
            {/* The same sanitizer as the public page: what the post showed with this version. */}
            <div
              className="prose-blog max-h-[32rem] overflow-y-auto rounded-xl border border-slate-200 p-4"
              dangerouslySetInnerHTML={{ __html: version.html }}
            />
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">Ver código HTML</summary>
              <pre className="mt-2 max-h-96 overflow-auto rounded-xl bg-slate-900 p-4 text-xs whitespace-pre-wrap text-slate-100">{version.source}</pre>
            </details>
          </dd>
        </div>
      </dl>
      <p className="mt-6 text-sm">
        <Link to={`/admin/blog?editar=${postId}`} className="font-semibold text-brand-700 underline">
          Voltar para a edição do post
        </Link>
      </p>
    </article>
  );
}
