import { z } from "zod";
import type { Route } from "./+types/admin.portfolio";
import { PORTFOLIO_CATEGORIES } from "~/content/categories";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { urlList } from "~/lib/url-list";
import { checkMediaLists, mediaLists, sectionLoader } from "~/lib/admin/section.server";
import { saveRow, sectionAction } from "~/lib/admin/section-action.server";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { repeatedText, requiredText } from "~/lib/forms/admin-schema";
import { FileField, INVALID_MEDIA, MediaPreview, SelectField, TextAreaField, TextField } from "~/components/admin/fields";
import { initialUrls, UrlListField } from "~/components/admin/url-list";
import { SectionListPage, type SectionPageTexts } from "~/components/admin/section-list";
import { RowActions } from "~/components/admin/page";

const SECTION = SECTIONS.portfolio;
const LIST = SECTION.path;
const PAGE: SectionPageTexts = {
  list: LIST,
  title: "Portfólio",
  newLabel: "Novo Projeto",
  empty: "Nenhum projeto cadastrado",
  deleteMessage: "Tem certeza que deseja excluir este projeto? Esta ação não pode ser desfeita.",
  formPage: { newTitle: "Novo Projeto", editTitle: "Editar Projeto" },
};

export const portfolioSchema = z.object({
  id: z.string().optional(),
  title: requiredText("Título é obrigatório"),
  category: z.enum(PORTFOLIO_CATEGORIES, { error: "Categoria é obrigatória" }),
  description: requiredText("Descrição é obrigatória"),
  result: requiredText("Resultado é obrigatório"),
  images: repeatedText.optional(),
  videos: repeatedText.optional(),
});

export const loader = ({ request }: Route.LoaderArgs) =>
  sectionLoader(
    request,
    async () => {
      const rows = await db.portfolioItem.findMany({ orderBy: SECTION.publicOrder });
      return rows.map((row) => ({ ...row, images: urlList(row.images), videos: urlList(row.videos) }));
    },
    { title: "Erro ao carregar projetos" },
  );

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Projeto excluído" },
    deleteFailed: (message) => ({ type: "error", title: "Erro ao excluir", description: message }),
    save: saveRow(SECTION, {
      schema: portfolioSchema,
      saveFailed: (message) => ({ type: "error", title: "Erro ao salvar", description: message }),
      notFound: { type: "error", title: "Erro ao salvar", description: "Projeto não encontrado." },
      check: checkMediaLists,
      values: ({ title, category, description, result }, draft) => ({ title, category, description, result, ...mediaLists(draft.form) }),
      savedToast: (draft) =>
        draft.existing
          ? { type: "success", title: "Projeto atualizado", description: "As alterações foram salvas com sucesso." }
          : { type: "success", title: "Projeto criado", description: "O novo projeto foi adicionado com sucesso." },
    }),
  });

export default function AdminPortfolio({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SectionListPage data={loaderData} page={PAGE} form={<PortfolioForm item={loaderData.editing} actionData={actionData} />}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.items.map((item) => (
          <li key={item.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {item.coverImage ? (
              <MediaPreview url={item.coverImage} alt={item.title} className="h-40 w-full object-cover" />
            ) : (
              <div className="h-40 bg-slate-100" />
            )}
            <div className="space-y-2 p-4">
              <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{item.category}</span>
              <h2 className="font-semibold text-slate-900">{item.title}</h2>
              <p className="line-clamp-2 text-sm text-slate-600">{item.result}</p>
              <RowActions editTo={`${LIST}?editar=${item.id}`} deleteTo={`${LIST}?excluir=${item.id}`} label={item.title} />
            </div>
          </li>
        ))}
      </ul>
    </SectionListPage>
  );
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

function PortfolioForm({ item, actionData }: { item: Item | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    portfolioSchema,
    actionData,
    item ? { id: item.id, title: item.title, category: item.category, description: item.description, result: item.result } : {},
    `portfolio-${item?.id ?? "novo"}`,
  );
  return (
    <AdminForm
      section={SECTION.key}
      recordId={item?.id}
      form={form}
      onXhrResult={setXhrResult}
      actionData={actionData}
      submitLabel={item ? "Atualizar Projeto" : "Criar Projeto"}
      cancelTo={LIST}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.title} label="Título" />
        <SelectField field={fields.category} label="Categoria" options={PORTFOLIO_CATEGORIES} />
      </div>
      <TextAreaField field={fields.description} label="Descrição" />
      <TextAreaField field={fields.result} label="Resultado" rows={2} />
      <FileField
        name="cover_image"
        label="Capa (imagem ou vídeo)"
        accept="image/*,video/*"
        current={item?.coverImage}
        error={fields.cover_image?.errors?.[0]}
        invalidToast={INVALID_MEDIA}
      />
      <UrlListField name="images" label="URLs de imagens" initial={initialUrls(fields.images.initialValue, item?.images)} errors={fields.images.errors} />
      <UrlListField name="videos" label="URLs de vídeos" initial={initialUrls(fields.videos.initialValue, item?.videos)} errors={fields.videos.errors} />
    </AdminForm>
  );
}
