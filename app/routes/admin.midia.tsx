// The media library: every stored file, which rows use it, upload, search by name, alt text and
// caption per file, and deleting unused files one or many at a time.
// - Deleting is two steps that work without JavaScript: the file's "Excluir" link, or the
//   checkboxes with "Excluir selecionados" (a GET form), open the page with ?excluir=<id>... and a
//   confirmation (a native <dialog>, open in the HTML), whose POST deletes. A file in use is
//   never offered for deletion, and the server refuses it anyway, once, with where it is used.
// - With ?escolher=<field>&voltar=<form page> it is the picker of a form without JavaScript: each
//   file links back to the form with the file's URL in the field's library parameter.
import { basename } from "node:path";
import { useState, type FormEvent } from "react";
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/admin.midia";
import { isParsed, readAdminForm, rejected, saved } from "~/lib/admin/action.server";
import { activityScope, recordActivity } from "~/lib/activity.server";
import { describeFile, listLibrary, searchLibrary } from "~/lib/media/library.server";
import { ALT_MAX, BUCKET_LABELS, CAPTION_MAX, formatBytes, inLibraryMessage, libraryField, sameFileMessage, type LibraryFile } from "~/lib/media/library";
import { inUseMessage, mediaUsages, type MediaUsage } from "~/lib/media/usage.server";
import { formatDateTime } from "~/lib/dates";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { BUCKETS, isBucket, isSafeKey, storage, type Bucket } from "~/lib/storage/index.server";
import { deleteStored, discard } from "~/lib/media/upload.server";
import { UPLOAD_TARGETS } from "~/lib/media/upload-targets.server";
import { showToast, type Toast } from "~/lib/toast";
import { uploadFailureToast } from "~/lib/media/upload-failures";
import { InlineAlert } from "~/components/admin/admin-form";
import { RouteDialog } from "~/components/admin/route-dialog";
import { AdminPage, EmptyState, Pager } from "~/components/admin/page";
import { LibraryThumbnail, THUMBNAIL_FIT, withoutParam } from "~/components/admin/media-picker";
import { uploadFile } from "~/components/admin/media-upload";

const LIST = "/admin/midia";
const PAGE_SIZE = 24;
const TYPES = { imagem: "image", video: "video" } as const;
/** The most files one confirmation lists (and one delete takes). */
const MAX_SELECTED = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const bucketParam = params.get("bucket") ?? "";
  const bucket = isBucket(bucketParam) ? bucketParam : null;
  const typeParam = params.get("tipo") ?? "";
  const type = Object.hasOwn(TYPES, typeParam) ? TYPES[typeParam as keyof typeof TYPES] : null;
  const search = (params.get("busca") ?? "").trim().slice(0, 100);
  const choosing = params.get("escolher");
  const returnTo = choosing ? safeRedirectPath(params.get("voltar"), "") : "";

  const [all, usages] = await Promise.all([listLibrary(bucket ? [bucket] : BUCKETS), mediaUsages()]);
  const files = searchLibrary(type ? all.filter((file) => file.type === type) : all, search);
  const pages = Math.max(1, Math.ceil(files.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get("pagina") ?? "1", 10) || 1));
  const withUsage = (file: LibraryFile) => ({ ...file, usedBy: usages.get(file.id) ?? [] });
  const excluding = new Set(params.getAll("excluir").slice(0, MAX_SELECTED));
  // The whole library: a file selected on one page may be confirmed from another.
  const everything = bucket ? await listLibrary(BUCKETS) : all;
  const deleting = everything.filter((file) => excluding.has(file.id)).map(withUsage);
  return {
    files: files.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(withUsage),
    total: files.length,
    page,
    pages,
    filters: { bucket: bucket ?? "", tipo: type ? typeParam : "", busca: search },
    // Only a form page of the admin can be returned to.
    picker: choosing && returnTo.startsWith("/admin/") ? { field: choosing, returnTo } : null,
    deleting,
    // "Excluir selecionados" with nothing selected.
    nothingSelected: params.get("acao") === "excluir" && excluding.size === 0,
  };
}

/**
 * After any post the list is read again, a refused one included (React Router skips that after a
 * 4xx answer by default): a delete refused for a file in use may have deleted the others.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => formMethod === "POST" || defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [{ title: "Biblioteca de mídia | Admin" }];

/** The title of the library's upload toast when every file sent was already there. */
const SAME_FILE_TITLE = "Arquivo já na biblioteca";

/** What the library's upload toast says: the files stored, then those the library already had. */
function uploadedMessage(stored: string[], same: string[]): string {
  return [stored.length > 0 ? inLibraryMessage(stored) : "", same.length > 0 ? sameFileMessage(same) : ""].filter(Boolean).join(" ");
}

const TOASTS = {
  noFile: { type: "error", title: "Nenhum arquivo", description: "Selecione um arquivo para enviar." },
  altSaved: { type: "success", title: "Texto alternativo salvo" },
} as const satisfies Record<string, Toast>;

/** "bucket/key" posted by a form, when it names a possible file of ours. */
function fileId(value: FormDataEntryValue | null): { bucket: Bucket; key: string; id: string } | null {
  const [bucket, ...rest] = String(value ?? "").split("/");
  const key = rest.join("/");
  return bucket && isBucket(bucket) && isSafeKey(key) ? { bucket, key, id: `${bucket}/${key}` } : null;
}

/** Back to the library page the form was on (its filters and page), never anywhere else. */
function backTo(form: FormData): string {
  const path = safeRedirectPath(form.get("voltar"), LIST);
  return path === LIST || path.startsWith(`${LIST}?`) ? path : LIST;
}

export async function action({ request, context }: Route.ActionArgs) {
  const log = activityScope(context, "midia");
  const parsed = await readAdminForm(request, UPLOAD_TARGETS.midia);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused, same } = parsed;
  const intent = form.get("intent");

  if (intent === "delete" || intent === "alt") await discard(stored); // these forms carry no file to keep
  if (intent === "delete") return deleteFiles(form.getAll("id").slice(0, MAX_SELECTED), log);
  if (intent === "alt") {
    const file = fileId(form.get("id"));
    const backend = await storage();
    if (!file || !(await backend.head(file.bucket, file.key))) {
      return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao salvar", description: "Arquivo não encontrado." } }, 404);
    }
    await describeFile(file.bucket, file.key, { alt: String(form.get("alt") ?? ""), caption: String(form.get("legenda") ?? "") });
    return saved(backTo(form), TOASTS.altSaved);
  }

  const failure = Object.values(refused)[0];
  if (failure) await discard(stored);
  if (failure)
    return rejected(
      { lastResult: null, toast: uploadFailureToast("midia", { reason: failure.message, status: failure.status, editing: false }) },
      failure.status,
    );
  if (Object.keys(stored).length === 0 && Object.keys(same).length === 0) return rejected({ lastResult: null, toast: TOASTS.noFile }, 400);
  for (const object of Object.values(stored)) {
    await describeFile(object.bucket, object.key, { alt: String(form.get("alt") ?? ""), caption: String(form.get("legenda") ?? "") });
    await recordActivity(log, { action: "upload", targetLabel: basename(object.key), summary: formatBytes(object.size) });
  }
  // A file sent again: the library's own file gets the words typed now (those left empty keep its own).
  const typed = (name: string) => String(form.get(name) ?? "").trim() || undefined;
  for (const file of Object.values(same)) await describeFile(file.bucket, file.key, { alt: typed("alt"), caption: typed("legenda") });
  const names = Object.values(stored).map((object) => basename(object.key));
  const again = Object.values(same).map((file) => file.name);
  return saved(LIST, { type: "success", title: names.length > 0 ? "Arquivo enviado" : SAME_FILE_TITLE, description: uploadedMessage(names, again) });
}

/**
 * Deletes the posted files that exist and no row uses; a file in use is kept and named in the
 * answer with where it is used (409), next to how many of the others were deleted.
 */
async function deleteFiles(ids: FormDataEntryValue[], log: ReturnType<typeof activityScope>) {
  const files = ids.map(fileId);
  if (files.length === 0 || files.some((file) => file === null)) {
    return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao excluir", description: "Arquivo inválido." } }, 400);
  }
  const backend = await storage();
  const usages = await mediaUsages();
  const inUse: Array<{ name: string; usedBy: MediaUsage[] }> = [];
  let deleted = 0;
  for (const file of new Map(files.map((file) => [file!.id, file!])).values()) {
    if (!(await backend.head(file.bucket, file.key))) continue; // deleted meanwhile
    const usedBy = usages.get(file.id) ?? [];
    if (usedBy.length > 0) {
      inUse.push({ name: basename(file.key), usedBy });
      continue;
    }
    // Its media_files row stays: the name is never given to another file (see app/lib/media/upload.server.ts).
    await deleteStored(file.bucket, file.key);
    await recordActivity(log, { action: "delete_file", targetLabel: basename(file.key) });
    deleted++;
  }
  const done = deleted === 1 ? "O outro arquivo foi excluído." : deleted > 1 ? `Os outros ${deleted} arquivos foram excluídos.` : "";
  if (inUse.length === 1 && files.length === 1) {
    return rejected({ lastResult: null, toast: { type: "error", title: "Arquivo em uso", description: inUseMessage(inUse[0]!.usedBy) } }, 409);
  }
  if (inUse.length > 0) {
    const list = inUse.map((file) => `“${file.name}” está em uso em ${places(file.usedBy)}`).join("; ");
    const description = `${inUse.length === 1 ? "Este arquivo foi mantido" : "Estes arquivos foram mantidos"}: ${list}. ${done}`.trim();
    return rejected({ lastResult: null, toast: { type: "error", title: inUse.length === 1 ? "Arquivo em uso" : "Arquivos em uso", description } }, 409);
  }
  if (deleted === 0) {
    return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao excluir", description: "Arquivo não encontrado." } }, 404);
  }
  return saved(LIST, deleted === 1 ? { type: "success", title: "Arquivo excluído" } : { type: "success", title: `${deleted} arquivos excluídos` });
}

function places(usages: MediaUsage[]): string {
  return usages.map((usage) => `${usage.section}: “${usage.row}”`).join("; ");
}

type ListedFile = Route.ComponentProps["loaderData"]["files"][number];

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { files, total, page, pages, filters, picker, deleting, nothingSelected } = loaderData;
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ ...filters, ...(picker ? { escolher: picker.field, voltar: picker.returnTo } : {}), ...changes });
    for (const [name, value] of [...params]) if (!value) params.delete(name);
    const search = params.toString();
    return search ? `${LIST}?${search}` : LIST;
  };
  const listTo = query({ pagina: String(page) });
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
      {/* The action's refusal, shown once (no toast besides it). */}
      {actionData?.toast ? (
        <div className="mb-4">
          <InlineAlert toast={actionData.toast} />
        </div>
      ) : null}
      <Form method="get" role="search" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex sm:flex-wrap sm:items-end">
        {picker ? (
          <>
            <input type="hidden" name="escolher" value={picker.field} />
            <input type="hidden" name="voltar" value={picker.returnTo} />
          </>
        ) : null}
        <label className="text-sm font-medium text-slate-700 sm:min-w-56 sm:flex-1">
          Buscar por nome
          <input
            type="search"
            name="busca"
            defaultValue={filters.busca}
            placeholder="Ex.: foto-equipe"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Onde está guardado
          <select name="bucket" defaultValue={filters.bucket} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2">
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
          <select name="tipo" defaultValue={filters.tipo} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2">
            <option value="">Todos</option>
            <option value="imagem">Imagens</option>
            <option value="video">Vídeos</option>
          </select>
        </label>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          Buscar
        </button>
      </Form>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-500" role="status">
          {total} {total === 1 ? "arquivo" : "arquivos"}
          {filters.busca ? ` para “${filters.busca}”` : ""}
        </p>
        {!picker && files.some((file) => file.usedBy.length === 0) ? (
          // The selection: the checkboxes of the cards below belong to this form (form="selecao").
          <Form method="get" id="selecao" className="ml-auto">
            {Object.entries(filters).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
            {page > 1 ? <input type="hidden" name="pagina" value={page} /> : null}
            <input type="hidden" name="acao" value="excluir" />
            <button type="submit" className="rounded-full border border-red-200 px-4 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50">
              Excluir selecionados
            </button>
          </Form>
        ) : null}
      </div>
      {nothingSelected ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          Marque os arquivos que deseja excluir.
        </p>
      ) : null}
      {files.length === 0 ? (
        <EmptyState>{filters.busca ? `Nenhum arquivo encontrado para “${filters.busca}”` : "Nenhum arquivo encontrado"}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {files.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              choose={picker ? chooseLink(picker, file.url) : null}
              deleteTo={query({ excluir: file.id, pagina: String(page) })}
              here={here}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} to={(n) => query({ pagina: String(n) })} />
      {deleting.length > 0 && !picker ? <ConfirmDeleteFiles files={deleting} closeTo={listTo} /> : null}
    </AdminPage>
  );
}

const BUCKET_OPTIONS = Object.entries(BUCKET_LABELS);

/** The form page again, with the picked file's URL in the field's library parameter. */
function chooseLink(picker: { field: string; returnTo: string }, url: string): string {
  const query = picker.returnTo.indexOf("?");
  const [pathname, search] = query < 0 ? [picker.returnTo, ""] : [picker.returnTo.slice(0, query), picker.returnTo.slice(query)];
  const param = libraryField(picker.field);
  const target = withoutParam(pathname, search, param);
  return `${target}${target.includes("?") ? "&" : "?"}${param}=${encodeURIComponent(url)}`;
}

function FileCard({ file, choose, deleteTo, here }: { file: ListedFile; choose: string | null; deleteTo: string; here: string }) {
  const unused = file.usedBy.length === 0;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-media={file.name}>
      <LibraryThumbnail file={file} className={`h-36 w-full ${THUMBNAIL_FIT}`} />
      <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
        <p className="flex items-start gap-2 font-semibold text-slate-900">
          {!choose && unused ? (
            <input
              type="checkbox"
              form="selecao"
              name="excluir"
              value={file.id}
              aria-label={`Selecionar ${file.name}`}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
          ) : null}
          <span className="min-w-0 break-all">{file.name}</span>
        </p>
        <p className="text-slate-500">
          {BUCKET_LABELS[file.bucket]} · {formatBytes(file.size)} · {formatDateTime(file.date)}
        </p>
        {unused ? (
          <p className="text-slate-500">Não usado</p>
        ) : (
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
        )}
        {choose ? null : <AltForm file={file} here={here} />}
        <div className="mt-auto flex gap-2 pt-2">
          {choose ? (
            <Link to={choose} className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700" aria-label={`Escolher ${file.name}`}>
              Escolher
            </Link>
          ) : unused ? (
            <Link
              to={deleteTo}
              preventScrollReset
              className="rounded-lg border border-red-200 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50"
              aria-label={`Excluir ${file.name}`}
            >
              Excluir
            </Link>
          ) : (
            // In use: no delete to offer (it could only fail); the rows above say where to change it.
            <p className="text-xs text-slate-500">Em uso: troque o arquivo nesses registros para poder excluí-lo.</p>
          )}
        </div>
      </div>
    </li>
  );
}

/** The file's alt text and caption, editable at any time (a plain form; it returns to this page). */
function AltForm({ file, here }: { file: ListedFile; here: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "alt" && navigation.formData.get("id") === file.id;
  if (file.type !== "image") return null;
  return (
    <details className="group mt-1 rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-2 py-1.5 text-slate-700">
        <span className="font-medium">Texto alternativo:</span>{" "}
        {file.alt ? <span className="text-slate-600">{file.alt}</span> : <span className="text-amber-700">não informado</span>}
      </summary>
      <Form method="post" action={LIST} preventScrollReset className="space-y-2 border-t border-slate-200 p-2">
        <input type="hidden" name="intent" value="alt" />
        <input type="hidden" name="id" value={file.id} />
        <input type="hidden" name="voltar" value={here} />
        <label className="block text-xs font-medium text-slate-700">
          Texto alternativo
          <textarea
            name="alt"
            defaultValue={file.alt}
            maxLength={ALT_MAX}
            rows={2}
            aria-label={`Texto alternativo de ${file.name}`}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1 text-sm"
          />
        </label>
        <label className="block text-xs font-medium text-slate-700">
          Legenda (opcional)
          <input
            name="legenda"
            defaultValue={file.caption}
            maxLength={CAPTION_MAX}
            aria-label={`Legenda de ${file.name}`}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1 text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {saving ? "Salvando..." : "Salvar texto"}
        </button>
      </Form>
    </details>
  );
}

/**
 * The confirmation of a delete (one file or a selection): a native <dialog>, open in the HTML so it
 * shows without JavaScript, made modal with it. Files in use are listed as kept, never deleted.
 */
function ConfirmDeleteFiles({ files, closeTo }: { files: ListedFile[]; closeTo: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const unused = files.filter((file) => file.usedBy.length === 0);
  const inUse = files.filter((file) => file.usedBy.length > 0);
  const question =
    unused.length === 1
      ? `Tem certeza que deseja excluir “${unused[0]!.name}”? Esta ação não pode ser desfeita.`
      : `Tem certeza que deseja excluir ${unused.length} arquivos? Esta ação não pode ser desfeita.`;
  return (
    <RouteDialog title="Confirmar exclusão" closeTo={closeTo} role="alertdialog">
      {unused.length > 0 ? <p className="mt-3 text-slate-700">{question}</p> : null}
      {unused.length > 1 ? (
        <ul className="mt-2 max-h-40 list-disc overflow-y-auto pl-5 text-sm text-slate-700">
          {unused.map((file) => (
            <li key={file.id}>{file.name}</li>
          ))}
        </ul>
      ) : null}
      {inUse.length > 0 ? (
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">{inUse.length === 1 ? "Em uso, será mantido:" : "Em uso, serão mantidos:"}</p>
          <ul className="mt-1 list-disc pl-5">
            {inUse.map((file) => (
              <li key={file.id}>
                “{file.name}”: {places(file.usedBy)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Posted to the list's own address (without ?excluir): a refusal shows on the list, once. */}
      <Form method="post" action={closeTo} className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        {unused.map((file) => (
          <input key={file.id} type="hidden" name="id" value={file.id} />
        ))}
        <Link to={closeTo} preventScrollReset className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          {unused.length > 0 ? "Cancelar" : "Voltar"}
        </Link>
        {unused.length > 0 ? (
          <button type="submit" disabled={deleting} className="rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
            {deleting ? "Excluindo..." : "Excluir"}
          </button>
        ) : null}
      </Form>
    </RouteDialog>
  );
}

/**
 * Upload into the library, with the file's alt text and caption. Without JavaScript a plain
 * multipart form (the file goes to the area whose field carries it). With JavaScript each file is
 * sent by the upload route with its progress, and the form is emptied once it is stored (a second
 * "Enviar" must not store a copy).
 */
function UploadForm() {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  // The list read again: the same address once more runs the loaders. (Not useRevalidator: the
  // public pages share React Router's chunk, and every hook an admin page uses grows it.)
  const revalidate = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, preventScrollReset: true });
  const [progress, setProgress] = useState<number | null>(null);
  const sending = progress !== null || (navigation.state === "submitting" && navigation.formData?.get("intent") === "upload");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const inputs = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]')).filter((input) => input.files?.[0]);
    if (inputs.length === 0) return; // the action answers "Nenhum arquivo"
    event.preventDefault();
    const words = new FormData(form);
    const names: string[] = [];
    const again: string[] = [];
    setProgress(0);
    for (const [index, input] of inputs.entries()) {
      const outcome = await uploadFile(input.files![0]!, {
        section: "midia",
        field: input.name,
        alt: String(words.get("alt") ?? ""),
        caption: String(words.get("legenda") ?? ""),
        onProgress: (percent) => setProgress(Math.round((index * 100 + percent) / inputs.length)),
      });
      if ("error" in outcome) {
        setProgress(null);
        showToast(uploadFailureToast("midia", { reason: outcome.error, status: outcome.status, editing: false }));
        if (names.length + again.length > 0) await revalidate();
        return;
      }
      (outcome.file.alreadyInLibrary ? again : names).push(outcome.file.name);
      input.value = "";
    }
    form.reset();
    setProgress(null);
    showToast({ type: "success", title: names.length > 0 ? "Arquivo enviado" : SAME_FILE_TITLE, description: uploadedMessage(names, again) });
    await revalidate();
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={sending || undefined}
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="intent" value="upload" />
      <fieldset disabled={sending} className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-slate-900">Enviar arquivo</legend>
        <label className="text-sm font-medium text-slate-700">
          Imagem ou vídeo para o Portfólio
          <input type="file" name="arquivo_portfolio" accept="image/*,video/*" className="mt-1 block w-full text-sm" />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Imagem ou vídeo para o Blog
          <input type="file" name="arquivo_blog" accept="image/*,video/*" className="mt-1 block w-full text-sm" />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Texto alternativo (opcional)
          <input name="alt" maxLength={ALT_MAX} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
          <span className="mt-1 block text-xs font-normal text-slate-500">Descreva a imagem para quem não pode vê-la.</span>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Legenda (opcional)
          <input name="legenda" maxLength={CAPTION_MAX} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
        </label>
      </fieldset>
      {progress !== null ? (
        <div role="status" aria-live="polite" className="mt-3 space-y-1">
          <progress max={100} value={progress} className="h-2 w-full" aria-label="Progresso do envio" />
          <p className="text-sm text-slate-600">Enviando arquivo... {progress}%</p>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="mt-4 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60"
      >
        {sending ? "Enviando..." : "Enviar"}
      </button>
    </Form>
  );
}
