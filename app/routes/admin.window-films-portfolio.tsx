import { z } from "zod";
import type { Route } from "./+types/admin.window-films-portfolio";
import { WINDOW_FILMS_CATEGORIES } from "~/content/categories";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { urlList } from "~/lib/url-list";
import { checkMediaLists, mediaLists, sectionLoader } from "~/lib/admin/section.server";
import { saveRow, sectionAction } from "~/lib/admin/section-action.server";
import type { Toast } from "~/lib/toast";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { repeatedText, requiredText } from "~/lib/forms/admin-schema";
import { FileField, INVALID_MEDIA, MediaPreview, SelectField, TextAreaField, TextField } from "~/components/admin/fields";
import { initialUrls, UrlListField } from "~/components/admin/url-list";
import { newRowHint, orderField, type NewRowPlace } from "~/lib/admin/order";
import { SectionListPage, type SectionPageTexts } from "~/components/admin/section-list";
import { RowActions } from "~/components/admin/page";

const SECTION = SECTIONS.windowFilmsPortfolio;
const LIST = SECTION.path;
const PAGE: SectionPageTexts = {
  list: LIST,
  title: "Window Films · Portfólio",
  newLabel: "Novo Projeto",
  empty: "Nenhum projeto cadastrado ainda.",
  deleteMessage: "Tem certeza que deseja excluir este projeto? Esta ação não pode ser desfeita.",
  formPage: { newTitle: "Novo Projeto", editTitle: "Editar Projeto" },
};

const optionalText = z.string().trim().optional();

export const filmsProjectSchema = z.object({
  id: z.string().optional(),
  title: requiredText("Título é obrigatório"),
  category: z.enum(WINDOW_FILMS_CATEGORIES, { error: "Categoria é obrigatória" }),
  client: optionalText,
  challenge: optionalText,
  solution: optionalText,
  result: optionalText,
  images: repeatedText.optional(),
  videos: repeatedText.optional(),
  order_index: orderField,
});

// New projects go first: the list shows the newest first among equal positions, as the public page does.
const NEW_ROWS: NewRowPlace = "first";

export const loader = ({ request }: Route.LoaderArgs) =>
  sectionLoader(
    request,
    async () => {
      const rows = await db.windowFilmsProject.findMany({ orderBy: SECTION.publicOrder });
      return rows.map((row) => ({ ...row, images: urlList(row.images), videos: urlList(row.videos) }));
    },
    { title: "Erro ao carregar dados" },
  );

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

// The project form's save error is the bare title with the server's own message.
const saveFailed = (message: string): Toast => ({ type: "error", title: "Erro", description: message });

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Projeto excluído com sucesso" },
    deleteFailed: (message) => ({ type: "error", title: "Erro ao excluir projeto", description: message }),
    save: saveRow(SECTION, {
      schema: filmsProjectSchema,
      saveFailed,
      notFound: saveFailed("Projeto não encontrado."),
      check: checkMediaLists,
      order: { typed: (v) => v.order_index, newRows: NEW_ROWS },
      values: (v, draft) => ({
        title: v.title,
        category: v.category,
        client: v.client || null,
        challenge: v.challenge || null,
        solution: v.solution || null,
        result: v.result || null,
        ...mediaLists(draft.form),
      }),
      savedToast: (draft) => ({ type: "success", title: draft.existing ? "Projeto atualizado com sucesso" : "Projeto criado com sucesso" }),
    }),
  });

export default function AdminFilmsPortfolio({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SectionListPage
      data={loaderData}
      page={PAGE}
      form={<ProjectForm project={loaderData.editing} actionData={actionData} />}
      sortable={{
        label: (project) => project.title,
        className: "space-y-3",
        itemClassName: "flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center",
        render: (project) => (
          <>
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
          </>
        ),
      }}
    />
  );
}

type Project = Route.ComponentProps["loaderData"]["items"][number];

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
      : { category: "Corporativo" },
    `films-${project?.id ?? "novo"}`,
  );
  return (
    <AdminForm
      section={SECTION.key}
      recordId={project?.id}
      form={form}
      onXhrResult={setXhrResult}
      actionData={actionData}
      submitLabel={project ? "Atualizar Projeto" : "Criar Projeto"}
      cancelTo={LIST}
    >
      <FileField
        name="cover_image"
        label="Capa (imagem ou vídeo)"
        accept="image/*,video/*"
        current={project?.coverImage}
        error={fields.cover_image?.errors?.[0]}
        invalidToast={INVALID_MEDIA}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.title} label="Título" />
        <SelectField field={fields.category} label="Categoria" options={WINDOW_FILMS_CATEGORIES} />
      </div>
      <TextField field={fields.client} label="Cliente" />
      <TextAreaField field={fields.challenge} label="Desafio" rows={3} />
      <TextAreaField field={fields.solution} label="Solução" rows={3} />
      <TextAreaField field={fields.result} label="Resultado" rows={2} />
      <UrlListField
        name="images"
        label="URLs de imagens adicionais"
        initial={initialUrls(fields.images.initialValue, project?.images)}
        errors={fields.images.errors}
      />
      <UrlListField
        name="videos"
        label="URLs de vídeos (embed)"
        initial={initialUrls(fields.videos.initialValue, project?.videos)}
        errors={fields.videos.errors}
      />
      <TextField field={fields.order_index} label="Ordem de exibição" type="number" hint={project ? undefined : newRowHint(NEW_ROWS)} />
    </AdminForm>
  );
}
