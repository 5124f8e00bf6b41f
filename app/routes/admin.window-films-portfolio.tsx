import { useLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/admin.window-films-portfolio";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/lib/session.server";
import { deleteByUrl } from "~/lib/storage.server";
import { discard, type UploadRule } from "~/lib/upload.server";
import { formId, isParsed, readAdminForm, rejected, saved, uploadErrors, urlList, writeWithFiles } from "~/lib/admin-action.server";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { intOr, repeatedText } from "~/components/admin/schema-helpers";
import { FileField, MediaPreview, SelectField, TextAreaField, TextField } from "~/components/admin/fields";
import { UrlListField } from "~/components/admin/url-list";
import { ConfirmDelete } from "~/components/admin/modal";
import { AdminPage, EmptyState, PrimaryLink, RowActions } from "~/components/admin/page";

const LIST = "/admin/window-films-portfolio";
export const VIDEO_CATEGORIES = ["Corporativo", "Comercial", "Eventos", "Edição"] as const;

const optionalText = z.string().trim().optional();

export const filmsProjectSchema = z.object({
  id: z.string().optional(),
  title: z.string({ error: "Título é obrigatório" }).trim().min(1, "Título é obrigatório"),
  category: z.enum(VIDEO_CATEGORIES, { error: "Categoria é obrigatória" }),
  client: optionalText,
  challenge: optionalText,
  solution: optionalText,
  result: optionalText,
  images: repeatedText.optional(),
  videos: repeatedText.optional(),
  order_index: z.preprocess(intOr(0), z.number().int()),
});

const uploads: Record<string, UploadRule> = { cover_image: { bucket: "portfolio-media", accept: "media" } };
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const rows = await db.windowFilmsProject.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "desc" }] });
  const projects = rows.map((row) => ({ ...row, images: asList(row.images), videos: asList(row.videos) }));
  const editing = projects.find((p) => p.id === params.get("editar")) ?? null;
  const deleting = projects.find((p) => p.id === params.get("excluir")) ?? null;
  return { projects, editing, deleting, creating: params.has("novo") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = await readAdminForm(request, context, uploads);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused } = parsed;
  const id = formId(form);

  if (form.get("intent") === "delete") {
    const project = id ? await db.windowFilmsProject.findUnique({ where: { id } }) : null;
    if (!project) return rejected(context, { lastResult: null, toast: { type: "error", title: "Erro ao excluir projeto" } }, 404);
    await db.windowFilmsProject.delete({ where: { id: project.id } });
    await deleteByUrl(project.coverImage);
    return saved(context, LIST, { type: "success", title: "Projeto excluído com sucesso" });
  }

  const submission = parseWithZod(form, { schema: filmsProjectSchema });
  if (submission.status !== "success" || refused.cover_image) {
    await discard(stored);
    const toast = refused.cover_image ? { type: "error" as const, title: "Arquivo inválido", description: refused.cover_image.message } : undefined;
    return rejected(context, { lastResult: submission.reply({ fieldErrors: uploadErrors(refused) }), toast }, refused.cover_image?.status ?? 400);
  }
  const existing = id ? await db.windowFilmsProject.findUnique({ where: { id } }) : null;
  if (id && !existing) {
    await discard(stored);
    return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro", description: "Projeto não encontrado." } }, 404);
  }
  const v = submission.value;
  const values = {
    title: v.title,
    category: v.category,
    client: v.client || null,
    challenge: v.challenge || null,
    solution: v.solution || null,
    result: v.result || null,
    images: urlList(form, "images"),
    videos: urlList(form, "videos"),
    orderIndex: v.order_index,
    coverImage: stored.cover_image?.url ?? existing?.coverImage ?? null,
  };
  const write = await writeWithFiles(stored, () =>
    existing ? db.windowFilmsProject.update({ where: { id: existing.id }, data: values }) : db.windowFilmsProject.create({ data: values }),
  );
  if (!write.ok) return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro", description: "Não foi possível salvar o projeto. Tente novamente." } }, 500);
  if (stored.cover_image && existing?.coverImage) await deleteByUrl(existing.coverImage);
  return saved(context, LIST, { type: "success", title: existing ? "Projeto atualizado com sucesso" : "Projeto criado com sucesso" });
}

export const meta: Route.MetaFunction = () => [{ title: "Window Films · Portfólio | Admin" }];

export default function AdminFilmsPortfolio({ actionData }: Route.ComponentProps) {
  const { projects, editing, deleting, creating } = useLoaderData<typeof loader>();
  if (creating || editing) {
    return (
      <AdminPage title={editing ? "Editar Projeto" : "Novo Projeto"}>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <ProjectForm key={editing?.id ?? "novo"} project={editing} actionData={actionData} />
        </div>
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Window Films · Portfólio" action={<PrimaryLink to={`${LIST}?novo`}>Novo Projeto</PrimaryLink>}>
      {projects.length === 0 ? (
        <EmptyState>Nenhum projeto cadastrado ainda.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {projects.map((project) => (
            <li key={project.id} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
              {project.coverImage ? (
                <MediaPreview url={project.coverImage} alt={project.title} className="h-24 w-full rounded-lg object-cover sm:w-40" />
              ) : (
                <div className="h-24 w-full rounded-lg bg-slate-100 sm:w-40" />
              )}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold text-slate-900">{project.title}</h2>
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{project.category}</span>
                </div>
                {project.client ? <p className="text-sm text-slate-600">Cliente: {project.client}</p> : null}
                {project.result ? <p className="line-clamp-2 text-sm text-slate-500">{project.result}</p> : null}
              </div>
              <RowActions editTo={`${LIST}?editar=${project.id}`} deleteTo={`${LIST}?excluir=${project.id}`} label={project.title} />
            </li>
          ))}
        </ul>
      )}
      {deleting ? <ConfirmDelete id={deleting.id} closeTo={LIST} message="Tem certeza que deseja excluir este projeto? Esta ação não pode ser desfeita." /> : null}
    </AdminPage>
  );
}

type Project = Route.ComponentProps["loaderData"]["projects"][number];

function ProjectForm({ project, actionData }: { project: Project | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    filmsProjectSchema,
    actionData,
    project
      ? {
          id: project.id,
          title: project.title,
          category: project.category,
          client: project.client ?? "",
          challenge: project.challenge ?? "",
          solution: project.solution ?? "",
          result: project.result ?? "",
          order_index: String(project.orderIndex),
        }
      : { category: "Corporativo", order_index: "0" },
    `films-${project?.id ?? "novo"}`,
  );
  const images = (fields.images.initialValue as string[] | string | undefined) ?? project?.images ?? [];
  const videos = (fields.videos.initialValue as string[] | string | undefined) ?? project?.videos ?? [];
  return (
    <AdminForm form={form} onXhrResult={setXhrResult} actionData={actionData} submitLabel={project ? "Atualizar Projeto" : "Criar Projeto"} cancelTo={LIST}>
      {project ? <input type="hidden" name="id" value={project.id} /> : null}
      <FileField name="cover_image" label="Capa (imagem ou vídeo)" accept="image/*,video/*" current={project?.coverImage} error={fields.cover_image?.errors?.[0]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.title} label="Título" required />
        <SelectField field={fields.category} label="Categoria" options={VIDEO_CATEGORIES} required />
      </div>
      <TextField field={fields.client} label="Cliente" />
      <TextAreaField field={fields.challenge} label="Desafio" rows={3} />
      <TextAreaField field={fields.solution} label="Solução" rows={3} />
      <TextAreaField field={fields.result} label="Resultado" rows={2} />
      <UrlListField name="images" label="URLs de imagens adicionais" initial={toLines(images)} errors={fields.images.errors} />
      <UrlListField name="videos" label="URLs de vídeos (embed)" initial={toLines(videos)} errors={fields.videos.errors} />
      <TextField field={fields.order_index} label="Ordem de exibição" type="number" />
    </AdminForm>
  );
}

function toLines(value: string[] | string): string[] {
  return (Array.isArray(value) ? value : value.split(/\r?\n/)).map((v) => v.trim()).filter(Boolean);
}
