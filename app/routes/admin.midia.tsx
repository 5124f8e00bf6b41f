// The media library: every file stored in both buckets, which rows use it, upload and delete.
// With ?escolher=<field>&voltar=<form page> it is the picker of a form without JavaScript: each
// file links back to the form with the file's URL in the field's library parameter.
import { basename } from "node:path";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin.midia";
import { isParsed, readAdminForm, rejected, saved } from "~/lib/admin-action.server";
import { activityScope, recordActivity } from "~/lib/activity.server";
import { listLibrary } from "~/lib/media-library.server";
import { BUCKET_LABELS, formatBytes, libraryField, type LibraryFile } from "~/lib/media-library";
import { inUseMessage, mediaUsages, type MediaUsage } from "~/lib/media-usage.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { BUCKETS, isBucket, isSafeKey, storage } from "~/lib/storage/index.server";
import { discard, type UploadRule } from "~/lib/upload.server";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { ConfirmDelete } from "~/components/admin/route-dialog";
import { AdminPage, EmptyState, Pager } from "~/components/admin/page";
import { LibraryThumbnail, withoutParam } from "~/components/admin/media-picker";

const LIST = "/admin/midia";
const PAGE_SIZE = 24;
const TYPES = { imagem: "image", video: "video" } as const;

/** One upload field per bucket: the form's choice of bucket is which field carries the file. */
const UPLOADS: Record<string, UploadRule> = {
  arquivo_portfolio: { bucket: "portfolio-media", folder: "biblioteca", accept: "media" },
  arquivo_blog: { bucket: "blog-media", folder: "biblioteca", accept: "media" },
};

const dateFormat = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const bucketParam = params.get("bucket") ?? "";
  const bucket = isBucket(bucketParam) ? bucketParam : null;
  const typeParam = params.get("tipo") ?? "";
  const type = Object.hasOwn(TYPES, typeParam) ? TYPES[typeParam as keyof typeof TYPES] : null;
  const choosing = params.get("escolher");
  const returnTo = choosing ? safeRedirectPath(params.get("voltar"), "") : "";

  const [all, usages] = await Promise.all([listLibrary(bucket ? [bucket] : BUCKETS), mediaUsages()]);
  const files = type ? all.filter((file) => file.type === type) : all;
  const pages = Math.max(1, Math.ceil(files.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get("pagina") ?? "1", 10) || 1));
  const withUsage = (file: LibraryFile) => ({ ...file, usedBy: usages.get(file.id) ?? [] });
  const excluding = params.get("excluir");
  const deleting = excluding ? all.find((file) => file.id === excluding) : undefined;
  return {
    files: files.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(withUsage),
    total: files.length,
    page,
    pages,
    filters: { bucket: bucket ?? "", tipo: type ? typeParam : "" },
    // Only a form page of the admin can be returned to.
    picker: choosing && returnTo.startsWith("/admin/") ? { field: choosing, returnTo } : null,
    deleting: deleting ? withUsage(deleting) : null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Biblioteca de mídia | Admin" }];

const TOASTS = {
  noFile: { type: "error", title: "Nenhum arquivo", description: "Selecione um arquivo para enviar." },
  deleted: { type: "success", title: "Arquivo excluído" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const log = activityScope(context, "midia");
  const parsed = await readAdminForm(request, UPLOADS);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused } = parsed;

  if (form.get("intent") === "delete") {
    await discard(stored); // a delete carries no file to keep
    const [bucket, ...rest] = String(form.get("id") ?? "").split("/");
    const key = rest.join("/");
    if (!bucket || !isBucket(bucket) || !isSafeKey(key)) {
      return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao excluir", description: "Arquivo inválido." } }, 400);
    }
    const backend = await storage();
    if (!(await backend.head(bucket, key))) {
      return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao excluir", description: "Arquivo não encontrado." } }, 404);
    }
    const usedBy = (await mediaUsages()).get(`${bucket}/${key}`) ?? [];
    if (usedBy.length > 0) {
      return rejected({ lastResult: null, toast: { type: "error", title: "Arquivo em uso", description: inUseMessage(usedBy) } }, 409);
    }
    await backend.delete(bucket, key);
    await recordActivity(log, { action: "delete_file", targetLabel: `${bucket}/${key}` });
    return saved(LIST, TOASTS.deleted);
  }

  const failure = Object.values(refused)[0];
  if (failure) await discard(stored);
  if (failure) return rejected({ lastResult: null, toast: { type: "error", title: "Arquivo inválido", description: failure.message } }, failure.status);
  if (Object.keys(stored).length === 0) return rejected({ lastResult: null, toast: TOASTS.noFile }, 400);
  for (const object of Object.values(stored)) {
    await recordActivity(log, { action: "upload", targetLabel: `${object.bucket}/${object.key}`, summary: formatBytes(object.size) });
  }
  const names = Object.values(stored)
    .map((object) => `“${basename(object.key)}”`)
    .join(", ");
  return saved(LIST, { type: "success", title: "Arquivo enviado", description: `${names} já está na biblioteca.` });
}

type ListedFile = Route.ComponentProps["loaderData"]["files"][number];

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { files, total, page, pages, filters, picker, deleting } = loaderData;
  const actionData = useActionData<typeof action>();
  useToastFrom(actionData ?? undefined);
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ ...filters, ...(picker ? { escolher: picker.field, voltar: picker.returnTo } : {}), ...changes });
    for (const [name, value] of [...params]) if (!value) params.delete(name);
    const search = params.toString();
    return search ? `${LIST}?${search}` : LIST;
  };
  return (
    <AdminPage title={picker ? "Escolher da biblioteca" : "Biblioteca de mídia"}>
      {picker ? (
        <p className="mb-4 text-slate-600">
          Escolha um arquivo para o formulário, ou{" "}
          <Link to={picker.returnTo} className="font-medium text-brand-600 hover:underline">
            volte sem escolher
          </Link>
          .
        </p>
      ) : (
        <UploadForm />
      )}
      {actionData?.toast && !deleting ? (
        <div className="mb-4">
          <InlineAlert toast={actionData.toast} />
        </div>
      ) : null}
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        {picker ? (
          <>
            <input type="hidden" name="escolher" value={picker.field} />
            <input type="hidden" name="voltar" value={picker.returnTo} />
          </>
        ) : null}
        <label className="text-sm font-medium text-slate-700">
          Bucket
          <select name="bucket" defaultValue={filters.bucket} className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2">
            <option value="">Todos</option>
            {BUCKET_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Tipo
          <select name="tipo" defaultValue={filters.tipo} className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2">
            <option value="">Todos</option>
            <option value="imagem">Imagens</option>
            <option value="video">Vídeos</option>
          </select>
        </label>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          Filtrar
        </button>
        <p className="ml-auto text-sm text-slate-500" role="status">
          {total} {total === 1 ? "arquivo" : "arquivos"}
        </p>
      </Form>
      {files.length === 0 ? (
        <EmptyState>Nenhum arquivo encontrado</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {files.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              choose={picker ? chooseLink(picker, file.url) : null}
              deleteTo={query({ excluir: file.id, pagina: String(page) })}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} to={(n) => query({ pagina: String(n) })} />
      {deleting ? (
        <ConfirmDelete
          id={deleting.id}
          closeTo={query({ pagina: String(page) })}
          message={
            deleting.usedBy.length > 0
              ? `Tem certeza que deseja excluir “${deleting.name}”? ${inUseWarning(deleting.usedBy)}`
              : `Tem certeza que deseja excluir “${deleting.name}”? Esta ação não pode ser desfeita.`
          }
        />
      ) : null}
    </AdminPage>
  );
}

const BUCKET_OPTIONS = Object.entries(BUCKET_LABELS);

function inUseWarning(usages: MediaUsage[]): string {
  return `Ele está em uso em ${usages.map((usage) => `${usage.section}: “${usage.row}”`).join("; ")}.`;
}

/** The form page again, with the picked file's URL in the field's library parameter. */
function chooseLink(picker: { field: string; returnTo: string }, url: string): string {
  const query = picker.returnTo.indexOf("?");
  const [pathname, search] = query < 0 ? [picker.returnTo, ""] : [picker.returnTo.slice(0, query), picker.returnTo.slice(query)];
  const param = libraryField(picker.field);
  const target = withoutParam(pathname, search, param);
  return `${target}${target.includes("?") ? "&" : "?"}${param}=${encodeURIComponent(url)}`;
}

function FileCard({ file, choose, deleteTo }: { file: ListedFile; choose: string | null; deleteTo: string }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-media={file.name}>
      <LibraryThumbnail file={file} className="h-36 w-full bg-slate-100 object-cover" />
      <div className="space-y-1 p-3 text-sm">
        <p className="truncate font-semibold text-slate-900" title={file.key}>
          {file.name}
        </p>
        <p className="text-slate-500">
          {BUCKET_LABELS[file.bucket]} · {formatBytes(file.size)} · {dateFormat.format(new Date(file.date))}
        </p>
        {file.usedBy.length > 0 ? (
          <ul className="text-slate-600" aria-label="Em uso em">
            {file.usedBy.map((usage) => (
              <li key={usage.editTo}>
                {usage.section}:{" "}
                <Link to={usage.editTo} className="font-medium text-brand-600 hover:underline">
                  {usage.row}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">Não usado</p>
        )}
        <div className="flex gap-2 pt-2">
          {choose ? (
            <Link to={choose} className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700" aria-label={`Escolher ${file.name}`}>
              Escolher
            </Link>
          ) : (
            <Link
              to={deleteTo}
              preventScrollReset
              className="rounded-lg border border-red-200 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50"
              aria-label={`Excluir ${file.name}`}
            >
              Excluir
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

/** A plain multipart form: the file goes to the bucket whose field carries it. */
function UploadForm() {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mb-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="upload" />
      <label className="text-sm font-medium text-slate-700">
        Enviar para o bucket do Portfólio
        <input type="file" name="arquivo_portfolio" accept="image/*,video/*" className="mt-1 block w-full text-sm" />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Enviar para o bucket do Blog
        <input type="file" name="arquivo_blog" accept="image/*,video/*" className="mt-1 block w-full text-sm" />
      </label>
      <button
        type="submit"
        disabled={sending}
        className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60"
      >
        {sending ? "Enviando..." : "Enviar"}
      </button>
    </Form>
  );
}
