import { z } from "zod";
import type { Route } from "./+types/admin.led-panels";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { keepPreviousFile, sectionLoader, uploadFailureOf } from "~/lib/admin/section.server";
import { saveRow, sectionAction } from "~/lib/admin/section-action.server";
import type { Toast } from "~/lib/toast";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { FileField, MediaPreview, TextAreaField, TextField } from "~/components/admin/fields";
import { requiredText } from "~/lib/forms/admin-schema";
import { RouteDialog } from "~/components/admin/route-dialog";
import { SectionListPage, type SectionPageTexts } from "~/components/admin/section-list";
import { RowActions } from "~/components/admin/page";

const SECTION = SECTIONS.ledPanels;
const LIST = SECTION.path;
const PAGE: SectionPageTexts = {
  list: LIST,
  title: "Painéis LED",
  newLabel: "Novo Painel",
  empty: "Nenhum painel cadastrado ainda.",
  deleteMessage: "Tem certeza que deseja excluir este painel? Esta ação não pode ser desfeita.",
};

export const ledPanelSchema = z.object({
  id: z.string().optional(),
  title: requiredText("Título é obrigatório"),
  primary_flow: requiredText("Fluxo principal é obrigatório"),
  reach: requiredText("Alcance é obrigatório"),
  flow: requiredText("Fluxo é obrigatório"),
  description: requiredText("Descrição é obrigatória"),
});

export const loader = ({ request }: Route.LoaderArgs) =>
  sectionLoader(request, () => db.ledPanel.findMany({ orderBy: SECTION.publicOrder }), { title: "Erro ao carregar painéis" });

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Painel excluído com sucesso!" },
    deleteFailed: (message) => ({ type: "error", title: "Erro ao excluir painel", description: message }),
    save: saveRow(SECTION, {
      schema: ledPanelSchema,
      saveFailed: (message) => ({ type: "error", title: "Erro ao salvar painel", description: message }),
      notFound: { type: "error", title: "Erro ao salvar painel", description: "Painel não encontrado." },
      // A failed photo upload keeps the previous photo and the save goes on.
      check: (draft) => keepPreviousFile(draft, "photo"),
      values: ({ title, primary_flow, reach, flow, description }) => ({ title, primaryFlow: primary_flow, reach, flow, description }),
      savedToast: (draft): Toast => {
        const done = draft.existing ? "Painel atualizado com sucesso!" : "Painel criado com sucesso!";
        // The photo's refusal, after what was saved (the spec's upload toast, the save done first).
        const refused = uploadFailureOf(draft, SECTION.key, "photo");
        return refused ? { ...refused, description: `${done} ${refused.description}` } : { type: "success", title: done };
      },
    }),
  });

export default function AdminLedPanels({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SectionListPage data={loaderData} page={PAGE} form={<PanelForm panel={loaderData.editing} actionData={actionData} />}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.items.map((panel) => (
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
    </SectionListPage>
  );
}

type Panel = Route.ComponentProps["loaderData"]["items"][number];

function PanelForm({ panel, actionData }: { panel: Panel | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    ledPanelSchema,
    actionData,
    panel ? { id: panel.id, title: panel.title, primary_flow: panel.primaryFlow, reach: panel.reach, flow: panel.flow, description: panel.description } : {},
    `led-${panel?.id ?? "novo"}`,
  );
  return (
    <RouteDialog title={panel ? "Editar Painel" : "Novo Painel"} closeTo={LIST} wide>
      <AdminForm
        section={SECTION.key}
        recordId={panel?.id}
        form={form}
        onXhrResult={setXhrResult}
        actionData={actionData}
        submitLabel={panel ? "Atualizar Painel" : "Criar Painel"}
        cancelTo={LIST}
      >
        <TextField field={fields.title} label="Título" />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField field={fields.primary_flow} label="Fluxo principal" />
          <TextField field={fields.reach} label="Alcance" />
          <TextField field={fields.flow} label="Fluxo" />
        </div>
        <TextAreaField field={fields.description} label="Descrição" rows={4} />
        <FileField
          name="photo"
          label="Foto (opcional)"
          accept="image/*"
          current={panel?.photo}
          error={fields.photo?.errors?.[0]}
          invalidToast={{ type: "error", title: "Erro ao fazer upload da foto", description: "Por favor, selecione uma imagem." }}
        />
      </AdminForm>
    </RouteDialog>
  );
}
