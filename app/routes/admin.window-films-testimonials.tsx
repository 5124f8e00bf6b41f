import { z } from "zod";
import type { Route } from "./+types/admin.window-films-testimonials";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { objectFromUrl } from "~/lib/storage/index.server";
import { NOT_FOUND, sectionLoader } from "~/lib/admin/section.server";
import { saveRow, sectionAction } from "~/lib/admin/section-action.server";
import type { Toast } from "~/lib/toast";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { intOr, mediaListErrors, requiredText } from "~/lib/forms/admin-schema";
import { previewSrc } from "~/lib/media/image-url";
import { TextAreaField, TextField } from "~/components/admin/fields";
import { newRowHint, orderField, type NewRowPlace } from "~/lib/admin/order";
import { SectionListPage, type SectionPageTexts } from "~/components/admin/section-list";
import { RowActions } from "~/components/admin/page";

const SECTION = SECTIONS.windowFilmsTestimonials;
const LIST = SECTION.path;
const PAGE: SectionPageTexts = {
  list: LIST,
  title: "Window Films · Depoimentos",
  newLabel: "Novo Depoimento",
  empty: "Nenhum depoimento cadastrado ainda.",
  deleteMessage: "Tem certeza que deseja excluir este depoimento? Esta ação não pode ser desfeita.",
  formPage: { newTitle: "Novo Depoimento", editTitle: "Editar Depoimento" },
};
const optionalText = z.string().trim().optional();
// The photo and the video: an address of another site, or one of ours (/media/… uploads, /demo/…
// files): the action checks them like every media URL an admin saves (mediaListErrors).
const optionalUrl = z.string().trim().optional();

export const testimonialSchema = z.object({
  id: z.string().optional(),
  client_name: requiredText("Nome do cliente é obrigatório"),
  client_role: optionalText,
  client_company: optionalText,
  testimonial: requiredText("Depoimento é obrigatório"),
  client_photo: optionalUrl,
  video_url: optionalUrl,
  // Left empty, a testimonial gets five stars.
  rating: z.preprocess(intOr(5), z.number().int().min(1, "A nota deve ser de 1 a 5").max(5, "A nota deve ser de 1 a 5")).default(5),
  order_index: orderField,
});

// New testimonials go first: the list shows the newest first among equal positions, as the public page does.
const NEW_ROWS: NewRowPlace = "first";

export const loader = ({ request }: Route.LoaderArgs) =>
  sectionLoader(request, () => db.windowFilmsTestimonial.findMany({ orderBy: SECTION.publicOrder }), { title: "Erro ao carregar depoimentos" });

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

const saveFailed = (message: string): Toast => ({ type: "error", title: "Erro ao salvar depoimento", description: message });

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Depoimento excluído com sucesso" },
    deleteFailed: (message) => ({ type: "error", title: "Erro ao excluir depoimento", description: message }),
    save: saveRow(SECTION, {
      schema: testimonialSchema,
      saveFailed,
      notFound: saveFailed(NOT_FOUND),
      check: (draft) => {
        const { payload } = draft.submission;
        const typed = (field: string) => [String(payload[field] ?? "").trim()].filter(Boolean);
        Object.assign(
          draft.fieldErrors,
          mediaListErrors(
            { client_photo: { urls: typed("client_photo"), kind: "image" }, video_url: { urls: typed("video_url"), kind: "video" } },
            (url) => objectFromUrl(url) !== null,
          ),
        );
      },
      order: { typed: (v) => v.order_index, newRows: NEW_ROWS },
      values: (v) => ({
        clientName: v.client_name,
        clientRole: v.client_role || null,
        clientCompany: v.client_company || null,
        testimonial: v.testimonial,
        clientPhoto: v.client_photo || null,
        videoUrl: v.video_url || null,
        rating: v.rating,
      }),
      savedToast: (draft) => ({ type: "success", title: draft.existing ? "Depoimento atualizado com sucesso" : "Depoimento criado com sucesso" }),
    }),
  });

export function preview(text: string): string {
  return text.length > 150 ? `${text.slice(0, 150)}...` : text;
}

export default function AdminFilmsTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SectionListPage
      data={loaderData}
      page={PAGE}
      form={<TestimonialForm testimonial={loaderData.editing} actionData={actionData} />}
      sortable={{
        label: (t) => t.clientName,
        className: "space-y-3",
        itemClassName: "flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start",
        render: (t) => (
          <>
            {t.clientPhoto ? (
              <img src={previewSrc(t.clientPhoto)} alt={t.clientName} className="h-14 w-14 shrink-0 rounded-full object-cover" loading="lazy" />
            ) : (
              <div aria-hidden className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-700">
                {t.clientName.charAt(0)}
              </div>
            )}
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-slate-900">{t.clientName}</h2>
              <p className="text-sm text-slate-500">{[t.clientRole, t.clientCompany].filter(Boolean).join(" · ")}</p>
              <p className="text-amber-500" aria-label={`${t.rating} de 5 estrelas`}>
                {"★".repeat(t.rating)}
                <span className="text-slate-300">{"★".repeat(5 - t.rating)}</span>
              </p>
              <p className="mt-1 text-sm text-slate-700">{preview(t.testimonial)}</p>
              {t.videoUrl ? <p className="mt-1 inline-block rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">▶ Vídeo</p> : null}
            </div>
            <RowActions editTo={`${LIST}?editar=${t.id}`} deleteTo={`${LIST}?excluir=${t.id}`} label={t.clientName} />
          </>
        ),
      }}
    />
  );
}

type Testimonial = Route.ComponentProps["loaderData"]["items"][number];

function TestimonialForm({ testimonial: t, actionData }: { testimonial: Testimonial | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    testimonialSchema,
    actionData,
    t
      ? {
          id: t.id,
          client_name: t.clientName,
          client_role: t.clientRole ?? "",
          client_company: t.clientCompany ?? "",
          testimonial: t.testimonial,
          client_photo: t.clientPhoto ?? "",
          video_url: t.videoUrl ?? "",
          rating: String(t.rating),
          order_index: String(t.orderIndex),
        }
      : { rating: "5" },
    `wft-${t?.id ?? "novo"}`,
  );
  return (
    <AdminForm
      section={SECTION.key}
      recordId={t?.id}
      form={form}
      onXhrResult={setXhrResult}
      actionData={actionData}
      submitLabel={t ? "Atualizar Depoimento" : "Criar Depoimento"}
      cancelTo={LIST}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField field={fields.client_name} label="Nome do cliente" />
        <TextField field={fields.client_role} label="Cargo" />
        <TextField field={fields.client_company} label="Empresa" />
      </div>
      <TextAreaField field={fields.testimonial} label="Depoimento" rows={4} />
      <TextField field={fields.client_photo} label="URL da foto do cliente" type="url" placeholder="https://..." />
      <TextField
        field={fields.video_url}
        label="URL do vídeo"
        type="url"
        placeholder="https://..."
        hint="Se preenchido, o vídeo é exibido no lugar do texto."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.rating} label="Nota (1 a 5)" type="number" />
        <TextField field={fields.order_index} label="Ordem de exibição" type="number" hint={t ? undefined : newRowHint(NEW_ROWS)} />
      </div>
    </AdminForm>
  );
}
