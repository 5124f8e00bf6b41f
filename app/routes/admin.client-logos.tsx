import { useState } from "react";
import { z } from "zod";
import type { Route } from "./+types/admin.client-logos";
import { db } from "~/lib/db.server";
import { SECTIONS } from "~/lib/admin/sections";
import { sectionLoader } from "~/lib/admin/section.server";
import { saveRow, sectionAction } from "~/lib/admin/section-action.server";
import type { Toast } from "~/lib/toast";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { requiredText } from "~/lib/forms/admin-schema";
import { newRowHint, orderField, type NewRowPlace } from "~/lib/admin/order";
import { previewSrc } from "~/lib/media/image-url";
import { FileField, TextField, useFilePreview } from "~/components/admin/fields";
import { SectionListPage, type SectionPageTexts } from "~/components/admin/section-list";
import { RowActions } from "~/components/admin/page";

const SECTION = SECTIONS.clientLogos;
const LIST = SECTION.path;
const PAGE: SectionPageTexts = {
  list: LIST,
  title: "Logos de clientes",
  newLabel: "Novo Logo",
  empty: "Nenhum logo cadastrado ainda.",
  deleteMessage: "Tem certeza?",
  deleteTitle: "Remover logo",
  formPage: { newTitle: "Novo Logo", editTitle: "Editar Logo", narrow: true },
};

export const logoSchema = z.object({
  id: z.string().optional(),
  client_name: requiredText("Nome do cliente é obrigatório"),
  logo_url: z.string().trim().optional(),
  order_index: orderField,
});

const LOGO_URL_REQUIRED = "Envie um arquivo ou informe a URL do logo";

function isLogoUrl(value: string): boolean {
  return value.startsWith("/media/") || /^https?:\/\/\S+$/.test(value);
}

// New logos go to the end of the strip (older logos first).
const NEW_ROWS: NewRowPlace = "last";

export const loader = ({ request }: Route.LoaderArgs) =>
  sectionLoader(request, () => db.clientLogo.findMany({ orderBy: SECTION.publicOrder }), { title: "Erro ao carregar logos" });

export const meta: Route.MetaFunction = () => [{ title: `${SECTION.title} | Admin` }];

/** The logo is the uploaded file, else the URL typed in the form. */
function logoUrlOf(uploaded: Record<string, string>, typed: unknown): string {
  return uploaded.logo_file ?? typed?.toString().trim() ?? "";
}

const SAVE_FAILED: Toast = { type: "error", title: "Erro ao salvar", description: "Não foi possível salvar o logo" };

export const action = (args: Route.ActionArgs) =>
  sectionAction(args, SECTION, {
    deleted: { type: "success", title: "Logo removido com sucesso!" },
    deleteFailed: (message) => ({ type: "error", title: "Erro ao remover logo", description: message }),
    save: saveRow(SECTION, {
      schema: logoSchema,
      saveFailed: () => SAVE_FAILED,
      notFound: SAVE_FAILED,
      check: (draft) => {
        // The logo is the uploaded (or picked) file, else the URL typed in the form.
        const logoUrl = logoUrlOf(draft.uploaded, draft.submission.payload.logo_url);
        if (!draft.refused.logo_file && !logoUrl) draft.fieldErrors.logo_url = [LOGO_URL_REQUIRED];
        else if (!draft.refused.logo_file && !isLogoUrl(logoUrl)) draft.fieldErrors.logo_url = ["Informe uma URL válida (https://...)"];
      },
      order: { typed: (v) => v.order_index, newRows: NEW_ROWS },
      values: (v, draft) => ({ clientName: v.client_name, logoUrl: logoUrlOf(draft.uploaded, draft.submission.payload.logo_url) }),
      savedToast: (draft) => ({ type: "success", title: draft.existing ? "Logo atualizado com sucesso!" : "Logo adicionado com sucesso!" }),
    }),
  });

export default function AdminClientLogos({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SectionListPage
      data={loaderData}
      page={PAGE}
      form={<LogoForm logo={loaderData.editing} actionData={actionData} />}
      sortable={{
        label: (logo) => logo.clientName,
        className: "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4",
        itemClassName: "flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm",
        render: (logo) => (
          <>
            <img src={previewSrc(logo.logoUrl)} alt={logo.clientName} className="h-16 w-full object-contain" loading="lazy" />
            <div>
              <h2 className="font-semibold text-slate-900">{logo.clientName}</h2>
            </div>
            <RowActions editTo={`${LIST}?editar=${logo.id}`} deleteTo={`${LIST}?excluir=${logo.id}`} label={logo.clientName} />
          </>
        ),
      }}
    />
  );
}

type Logo = Route.ComponentProps["loaderData"]["items"][number];

function LogoForm({ logo, actionData }: { logo: Logo | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    logoSchema,
    actionData,
    logo ? { id: logo.id, client_name: logo.clientName, logo_url: logo.logoUrl, order_index: String(logo.orderIndex) } : {},
    `logo-${logo?.id ?? "novo"}`,
  );
  // One preview for both ways of giving the logo: the picked file wins over the typed URL.
  const [picked, pick] = useFilePreview();
  const [typedUrl, setTypedUrl] = useState<string | null>(logo?.logoUrl ?? null);
  const preview = picked?.url ?? typedUrl;
  return (
    <AdminForm
      section={SECTION.key}
      recordId={logo?.id}
      form={form}
      onXhrResult={setXhrResult}
      actionData={actionData}
      submitLabel={logo ? "Atualizar Logo" : "Adicionar Logo"}
      cancelTo={LIST}
    >
      <TextField field={fields.client_name} label="Nome do cliente" />
      <FileField
        name="logo_file"
        label="Arquivo do logo (imagem)"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml"
        error={fields.logo_file?.errors?.[0]}
        preview={false}
        onFileChange={pick}
        invalidToast={{ type: "error", title: "Erro no upload", description: "Não foi possível enviar o logo" }}
      />
      <TextField
        field={fields.logo_url}
        label="URL do logo"
        required
        hint="Preenchida pelo upload, ou informe uma URL."
        onChange={(e) => setTypedUrl(e.currentTarget.value || null)}
      />
      {preview ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <p className="mb-2 text-xs font-medium text-slate-500">Pré-visualização</p>
          <img src={previewSrc(preview)} alt="Pré-visualização do logo" className="h-16 object-contain" />
        </div>
      ) : null}
      <TextField field={fields.order_index} label="Ordem" type="number" hint={logo ? undefined : newRowHint(NEW_ROWS)} />
    </AdminForm>
  );
}
