import { useState } from "react";
import { useLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/admin.course-testimonials";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/lib/session.server";
import { deleteByUrl } from "~/lib/storage.server";
import { discard, type UploadRule } from "~/lib/upload.server";
import { formId, isParsed, readAdminForm, rejected, saved, uploadErrors, writeWithFiles } from "~/lib/admin-action.server";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { intOr, repeatedText } from "~/components/admin/schema-helpers";
import { FileField, TextField } from "~/components/admin/fields";
import { ConfirmDelete, Modal } from "~/components/admin/modal";
import { AdminPage, EmptyState, PrimaryLink, RowActions } from "~/components/admin/page";
import { useHydrated } from "~/components/admin/use-hydrated";

const LIST = "/admin/course-testimonials";
export const VIDEO_REQUIRED = "Envie o vídeo do depoimento antes de salvar.";

export const courseTestimonialSchema = z.object({
  id: z.string().optional(),
  student_name: z.string({ error: "Nome é obrigatório" }).trim().min(1, "Nome é obrigatório"),
  display_order: z.preprocess(intOr(0), z.number().int()),
});

const uploads: Record<string, UploadRule> = { video_url: { bucket: "portfolio-media", folder: "course-testimonials", accept: "video" } };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const testimonials = await db.courseTestimonial.findMany({ orderBy: [{ displayOrder: "asc" }, { createdAt: "asc" }] });
  const editing = testimonials.find((t) => t.id === params.get("editar")) ?? null;
  const deleting = testimonials.find((t) => t.id === params.get("excluir")) ?? null;
  return { testimonials, editing, deleting, creating: params.has("novo") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = await readAdminForm(request, context, uploads);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused } = parsed;
  const id = formId(form);

  if (form.get("intent") === "delete") {
    const row = id ? await db.courseTestimonial.findUnique({ where: { id } }) : null;
    if (!row) return rejected(context, { lastResult: null, toast: { type: "error", title: "Erro ao excluir depoimento: não encontrado" } }, 404);
    await db.courseTestimonial.delete({ where: { id: row.id } });
    await deleteByUrl(row.videoUrl);
    return saved(context, LIST, { type: "success", title: "Depoimento excluído com sucesso" });
  }

  const submission = parseWithZod(form, { schema: courseTestimonialSchema });
  const existing = id ? await db.courseTestimonial.findUnique({ where: { id } }) : null;
  const videoUrl = stored.video_url?.url ?? existing?.videoUrl ?? null;
  const fieldErrors = uploadErrors(refused);
  if (!videoUrl && !refused.video_url) fieldErrors.video_url = [VIDEO_REQUIRED];
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0 || !videoUrl) {
    await discard(stored);
    const toast = refused.video_url ? { type: "error" as const, title: `Erro ao enviar vídeo: ${refused.video_url.message}` } : undefined;
    return rejected(context, { lastResult: submission.reply({ fieldErrors }), toast }, refused.video_url?.status ?? 400);
  }
  const values = { studentName: submission.value.student_name, displayOrder: submission.value.display_order, videoUrl };
  const write = await writeWithFiles(stored, () =>
    existing ? db.courseTestimonial.update({ where: { id: existing.id }, data: values }) : db.courseTestimonial.create({ data: values }),
  );
  if (!write.ok || (id && !existing)) {
    await discard(stored);
    return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro ao salvar depoimento: tente novamente." } }, 500);
  }
  if (stored.video_url && existing?.videoUrl) await deleteByUrl(existing.videoUrl);
  return saved(context, LIST, {
    type: "success",
    title: existing ? "Depoimento atualizado com sucesso" : "Depoimento criado com sucesso",
    description: stored.video_url ? "Vídeo enviado com sucesso!" : undefined,
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Depoimentos do curso | Admin" }];

export default function AdminCourseTestimonials({ actionData }: Route.ComponentProps) {
  const { testimonials, editing, deleting, creating } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Depoimentos do curso" action={<PrimaryLink to={`${LIST}?novo`}>Novo Depoimento</PrimaryLink>}>
      {testimonials.length === 0 ? (
        <EmptyState>Nenhum depoimento cadastrado ainda.</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {testimonials.map((t) => (
            <li key={t.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <video src={t.videoUrl} className="aspect-[9/16] w-full bg-black object-cover" controls playsInline preload="metadata" />
              <div className="space-y-2 p-3">
                <h2 className="font-semibold text-slate-900">{t.studentName}</h2>
                <p className="text-xs text-slate-500">Ordem: {t.displayOrder}</p>
                <RowActions editTo={`${LIST}?editar=${t.id}`} deleteTo={`${LIST}?excluir=${t.id}`} label={t.studentName} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating || editing ? <CourseForm key={editing?.id ?? "novo"} testimonial={editing} actionData={actionData} /> : null}
      {deleting ? <ConfirmDelete id={deleting.id} closeTo={LIST} message="Tem certeza que deseja excluir este depoimento? Esta ação não pode ser desfeita." /> : null}
    </AdminPage>
  );
}

type Testimonial = Route.ComponentProps["loaderData"]["testimonials"][number];

function CourseForm({ testimonial: t, actionData }: { testimonial: Testimonial | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    courseTestimonialSchema,
    actionData,
    t ? { id: t.id, student_name: t.studentName, display_order: String(t.displayOrder) } : { display_order: "0" },
    `course-${t?.id ?? "novo"}`,
  );
  // §4: with JavaScript, saving stays disabled until a video is chosen (the server refuses one without too).
  const [hasVideo, setHasVideo] = useState(Boolean(t?.videoUrl));
  const hydrated = useHydrated();
  return (
    <Modal title={t ? "Editar Depoimento" : "Novo Depoimento"} closeTo={LIST} wide>
      <AdminForm
        form={form}
        onXhrResult={setXhrResult}
        actionData={actionData}
        submitLabel={t ? "Atualizar Depoimento" : "Salvar Depoimento"}
        cancelTo={LIST}
        submitDisabled={hydrated && !hasVideo}
      >
        {t ? <input type="hidden" name="id" value={t.id} /> : null}
        <TextField field={fields.student_name} label="Nome do aluno" required />
        <FileField
          name="video_url"
          label="Vídeo (vertical)"
          accept="video/mp4,video/webm,video/quicktime,video/ogg"
          current={t?.videoUrl}
          error={fields.video_url?.errors?.[0]}
          hint="O botão de salvar é liberado depois de escolher o vídeo."
          onFileChange={(file) => setHasVideo(Boolean(file) || Boolean(t?.videoUrl))}
        />
        <TextField field={fields.display_order} label="Ordem de exibição" type="number" />
      </AdminForm>
    </Modal>
  );
}
