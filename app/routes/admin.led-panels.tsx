import { useLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/admin.led-panels";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/lib/session.server";
import { deleteByUrl } from "~/lib/storage.server";
import { discard, type UploadRule } from "~/lib/upload.server";
import { isParsed, readAdminForm, rejected, saved, formId, writeWithFiles } from "~/lib/admin-action.server";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { FileField, MediaPreview, TextAreaField, TextField } from "~/components/admin/fields";
import { ConfirmDelete, Modal } from "~/components/admin/modal";
import { AdminPage, EmptyState, PrimaryLink, RowActions } from "~/components/admin/page";

const LIST = "/admin/led-panels";

export const ledPanelSchema = z.object({
  id: z.string().optional(),
  title: z.string({ error: "Título é obrigatório" }).trim().min(1, "Título é obrigatório"),
  primary_flow: z.string({ error: "Fluxo principal é obrigatório" }).trim().min(1, "Fluxo principal é obrigatório"),
  reach: z.string({ error: "Alcance é obrigatório" }).trim().min(1, "Alcance é obrigatório"),
  flow: z.string({ error: "Fluxo é obrigatório" }).trim().min(1, "Fluxo é obrigatório"),
  description: z.string({ error: "Descrição é obrigatória" }).trim().min(1, "Descrição é obrigatória"),
});

const uploads: Record<string, UploadRule> = { photo: { bucket: "blog-media", accept: "image" } };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const panels = await db.ledPanel.findMany({ orderBy: { createdAt: "desc" } });
  const editing = panels.find((p) => p.id === params.get("editar")) ?? null;
  const deleting = panels.find((p) => p.id === params.get("excluir")) ?? null;
  return { panels, editing, deleting, creating: params.has("novo") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = await readAdminForm(request, context, uploads);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused } = parsed;
  const id = formId(form);

  if (form.get("intent") === "delete") {
    const panel = id ? await db.ledPanel.findUnique({ where: { id } }) : null;
    if (!panel) return rejected(context, { lastResult: null, toast: { type: "error", title: "Erro ao excluir painel" } }, 404);
    await db.ledPanel.delete({ where: { id: panel.id } });
    await deleteByUrl(panel.photo);
    return saved(context, LIST, { type: "success", title: "Painel excluído com sucesso!" });
  }

  const submission = parseWithZod(form, { schema: ledPanelSchema });
  if (submission.status !== "success") {
    await discard(stored);
    return rejected(context, { lastResult: submission.reply() });
  }
  const existing = id ? await db.ledPanel.findUnique({ where: { id } }) : null;
  if (id && !existing) {
    await discard(stored);
    return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro ao salvar painel", description: "Painel não encontrado." } }, 404);
  }
  // §8.3: a failed photo upload keeps the previous photo and the save goes on.
  const photo = stored.photo?.url ?? existing?.photo ?? null;
  const { title, primary_flow, reach, flow, description } = submission.value;
  const values = { title, primaryFlow: primary_flow, reach, flow, description, photo };
  const result = await writeWithFiles(stored, () =>
    existing ? db.ledPanel.update({ where: { id: existing.id }, data: values }) : db.ledPanel.create({ data: values }),
  );
  if (!result.ok) return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro ao salvar painel", description: "Tente novamente." } }, 500);
  if (stored.photo && existing?.photo) await deleteByUrl(existing.photo);
  const title_ = existing ? "Painel atualizado com sucesso!" : "Painel criado com sucesso!";
  if (refused.photo) return saved(context, LIST, { type: "error", title: "Erro ao fazer upload da foto", description: `${title_} ${refused.photo.message} A foto anterior foi mantida.` });
  return saved(context, LIST, { type: "success", title: title_ });
}

export const meta: Route.MetaFunction = () => [{ title: "Painéis LED | Admin" }];

export default function AdminLedPanels({ actionData }: Route.ComponentProps) {
  const { panels, editing, deleting, creating } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Painéis LED" action={<PrimaryLink to={`${LIST}?novo`}>Novo Painel</PrimaryLink>}>
      {panels.length === 0 ? (
        <EmptyState>Nenhum painel cadastrado ainda.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {panels.map((panel) => (
            <li key={panel.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {panel.photo ? <MediaPreview url={panel.photo} alt={panel.title} className="h-40 w-full object-cover" /> : <div className="h-40 bg-slate-100" />}
              <div className="space-y-2 p-4">
                <h2 className="font-semibold text-slate-900">{panel.title}</h2>
                <p className="text-sm text-slate-600">
                  Fluxo principal: {panel.primaryFlow} · Alcance: {panel.reach} · Fluxo: {panel.flow}
                </p>
                <RowActions editTo={`${LIST}?editar=${panel.id}`} deleteTo={`${LIST}?excluir=${panel.id}`} label={panel.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating || editing ? <PanelForm key={editing?.id ?? "novo"} panel={editing} actionData={actionData} /> : null}
      {deleting ? <ConfirmDelete id={deleting.id} closeTo={LIST} message="Tem certeza que deseja excluir este painel? Esta ação não pode ser desfeita." /> : null}
    </AdminPage>
  );
}

type Panel = Route.ComponentProps["loaderData"]["panels"][number];

function PanelForm({ panel, actionData }: { panel: Panel | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    ledPanelSchema,
    actionData,
    panel ? { id: panel.id, title: panel.title, primary_flow: panel.primaryFlow, reach: panel.reach, flow: panel.flow, description: panel.description } : {},
    `led-${panel?.id ?? "novo"}`,
  );
  return (
    <Modal title={panel ? "Editar Painel" : "Novo Painel"} closeTo={LIST} wide>
      <AdminForm form={form} onXhrResult={setXhrResult} actionData={actionData} submitLabel={panel ? "Atualizar Painel" : "Criar Painel"} cancelTo={LIST}>
        {panel ? <input type="hidden" name="id" value={panel.id} /> : null}
        <TextField field={fields.title} label="Título" required />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField field={fields.primary_flow} label="Fluxo principal" required />
          <TextField field={fields.reach} label="Alcance" required />
          <TextField field={fields.flow} label="Fluxo" required />
        </div>
        <TextAreaField field={fields.description} label="Descrição" rows={4} required />
        <FileField name="photo" label="Foto (opcional)" accept="image/*" current={panel?.photo} error={fields.photo?.errors?.[0]} />
      </AdminForm>
    </Modal>
  );
}
