import { useState } from "react";
import { z } from "zod";
import type { Route } from "./+types/admin.course-testimonials";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { NOT_FOUND, requireFile, sectionLoader } from "~/lib/admin/section.server";
import { saveRow, sectionAction } from "~/lib/admin/section-action.server";
import type { Toast } from "~/lib/toast";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { requiredText } from "~/lib/forms/admin-schema";
import { FileField, TextField } from "~/components/admin/fields";
import { RouteDialog } from "~/components/admin/route-dialog";
import { newRowHint, orderField, type NewRowPlace } from "~/lib/admin/order";
import { SectionListPage, type SectionPageTexts } from "~/components/admin/section-list";
import { RowActions } from "~/components/admin/page";
import { useHydrated } from "~/hooks/use-hydrated";

const SECTION = SECTIONS.courseTestimonials;
const LIST = SECTION.path;
const PAGE: SectionPageTexts = {
  list: LIST,
  title: "Depoimentos do curso",
  newLabel: "Novo Depoimento",
  empty: "Nenhum depoimento cadastrado ainda.",
  deleteMessage: "Tem certeza que deseja excluir este depoimento? Esta ação não pode ser desfeita.",
};
export const VIDEO_REQUIRED = "Envie o vídeo do depoimento antes de salvar.";

export const courseTestimonialSchema = z.object({
  id: z.string().optional(),
  student_name: requiredText("Nome é obrigatório"),
  display_order: orderField,
});

// New testimonials go to the end of the list (older ones first).
const NEW_ROWS: NewRowPlace = "last";

export const loader = ({ request }: Route.LoaderArgs) =>
  sectionLoader(request, () => db.courseTestimonial.findMany({ orderBy: SECTION.publicOrder }), { title: "Erro ao carregar depoimentos" });

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

// This section's errors carry the reason in the title ("Erro ao excluir depoimento: ...").
const failed =
  (what: string) =>
  (message: string): Toast => ({ type: "error", title: `${what}: ${message}` });

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Depoimento excluído com sucesso" },
    deleteFailed: failed("Erro ao excluir depoimento"),
    save: saveRow(SECTION, {
      schema: courseTestimonialSchema,
      saveFailed: failed("Erro ao salvar depoimento"),
      notFound: failed("Erro ao salvar depoimento")(NOT_FOUND),
      check: (draft) => requireFile(draft, "video_url", VIDEO_REQUIRED),
      order: { typed: (v) => v.display_order, newRows: NEW_ROWS },
      values: (v) => ({ studentName: v.student_name }),
      savedToast: (draft) => ({
        type: "success",
        title: draft.existing ? "Depoimento atualizado com sucesso" : "Depoimento criado com sucesso",
        // Only for a video this save stored: a video picked from the library (or sent ahead of the
        // save with JavaScript, whose form says so itself) was not sent now.
        description: draft.stored.video_url ? "Vídeo enviado com sucesso!" : undefined,
      }),
    }),
  });

export default function AdminCourseTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SectionListPage
      data={loaderData}
      page={PAGE}
      form={<CourseForm testimonial={loaderData.editing} actionData={actionData} />}
      sortable={{
        label: (t) => t.studentName,
        className: "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4",
        itemClassName: "overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm",
        controlsClassName: "px-3 pb-3",
        render: (t) => (
          <>
            <video src={t.videoUrl} className="aspect-[9/16] w-full bg-black object-cover" controls playsInline preload="metadata" />
            <div className="space-y-2 p-3">
              <h2 className="font-semibold text-slate-900">{t.studentName}</h2>
              <RowActions editTo={`${LIST}?editar=${t.id}`} deleteTo={`${LIST}?excluir=${t.id}`} label={t.studentName} />
            </div>
          </>
        ),
      }}
    />
  );
}

type Testimonial = Route.ComponentProps["loaderData"]["items"][number];

function CourseForm({ testimonial: t, actionData }: { testimonial: Testimonial | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    courseTestimonialSchema,
    actionData,
    t ? { id: t.id, student_name: t.studentName, display_order: String(t.orderIndex) } : {},
    `course-${t?.id ?? "novo"}`,
  );
  // With JavaScript, saving stays disabled until a video is chosen, uploaded or from the media
  // library (the server refuses one without too).
  const [hasVideo, setHasVideo] = useState(Boolean(t?.videoUrl));
  const [libraryVideo, setLibraryVideo] = useState("");
  const hydrated = useHydrated();
  return (
    <RouteDialog title={t ? "Editar Depoimento" : "Novo Depoimento"} closeTo={LIST} wide>
      <AdminForm
        section={SECTION.key}
        recordId={t?.id}
        uploadDoneToast={{ type: "success", title: "Upload concluído", description: "Vídeo enviado com sucesso!" }}
        form={form}
        onXhrResult={setXhrResult}
        actionData={actionData}
        submitLabel={t ? "Atualizar Depoimento" : "Salvar Depoimento"}
        cancelTo={LIST}
        submitDisabled={hydrated && !hasVideo && !libraryVideo}
      >
        <TextField field={fields.student_name} label="Nome do aluno" />
        <FileField
          name="video_url"
          label="Vídeo (vertical)"
          accept="video/mp4,video/webm,video/quicktime,video/ogg"
          current={t?.videoUrl}
          error={fields.video_url?.errors?.[0]}
          hint="O botão de salvar é liberado depois de escolher o vídeo (enviado ou da biblioteca)."
          onFileChange={(file) => setHasVideo(Boolean(file) || Boolean(t?.videoUrl))}
          onLibraryChoice={setLibraryVideo}
          invalidToast={{ type: "error", title: "Erro ao enviar vídeo: Por favor, selecione um vídeo." }}
        />
        <TextField field={fields.display_order} label="Ordem de exibição" type="number" hint={t ? undefined : newRowHint(NEW_ROWS)} />
      </AdminForm>
    </RouteDialog>
  );
}
