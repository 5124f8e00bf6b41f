import { useState } from "react";
import { useLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/admin.client-logos";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/lib/session.server";
import { deleteByUrl } from "~/lib/storage.server";
import { discard, type UploadRule } from "~/lib/upload.server";
import { formId, isParsed, readAdminForm, rejected, saved, uploadErrors, writeWithFiles } from "~/lib/admin-action.server";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { intOr, repeatedText } from "~/components/admin/schema-helpers";
import { FileField, TextField } from "~/components/admin/fields";
import { ConfirmDelete } from "~/components/admin/modal";
import { AdminPage, EmptyState, PrimaryLink, RowActions } from "~/components/admin/page";

const LIST = "/admin/client-logos";

export const logoSchema = z.object({
  id: z.string().optional(),
  client_name: z.string({ error: "Nome do cliente é obrigatório" }).trim().min(1, "Nome do cliente é obrigatório"),
  logo_url: z.string().trim().optional(),
  order_index: z.preprocess(intOr(0), z.number().int()),
});

const uploads: Record<string, UploadRule> = { logo_file: { bucket: "portfolio-media", accept: "image" } };
const LOGO_URL_REQUIRED = "Envie um arquivo ou informe a URL do logo";

function isLogoUrl(value: string): boolean {
  return value.startsWith("/media/") || /^https?:\/\/\S+$/.test(value);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const logos = await db.clientLogo.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "asc" }] });
  const editing = logos.find((l) => l.id === params.get("editar")) ?? null;
  const deleting = logos.find((l) => l.id === params.get("excluir")) ?? null;
  return { logos, editing, deleting, creating: params.has("novo") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = await readAdminForm(request, context, uploads);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused } = parsed;
  const id = formId(form);

  if (form.get("intent") === "delete") {
    const logo = id ? await db.clientLogo.findUnique({ where: { id } }) : null;
    if (!logo) return rejected(context, { lastResult: null, toast: { type: "error", title: "Erro ao remover logo" } }, 404);
    await db.clientLogo.delete({ where: { id: logo.id } });
    await deleteByUrl(logo.logoUrl);
    return saved(context, LIST, { type: "success", title: "Logo removido com sucesso!" });
  }

  const submission = parseWithZod(form, { schema: logoSchema });
  const logoUrl = stored.logo_file?.url ?? submission.payload.logo_url?.toString().trim() ?? "";
  const fieldErrors = uploadErrors(refused);
  if (!refused.logo_file && !logoUrl) fieldErrors.logo_url = [LOGO_URL_REQUIRED];
  else if (!refused.logo_file && !isLogoUrl(logoUrl)) fieldErrors.logo_url = ["Informe uma URL válida (https://...)"];
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    await discard(stored);
    const toast = refused.logo_file ? { type: "error" as const, title: "Erro no upload", description: "Não foi possível enviar o logo" } : undefined;
    return rejected(context, { lastResult: submission.reply({ fieldErrors }), toast }, refused.logo_file?.status ?? 400);
  }
  const existing = id ? await db.clientLogo.findUnique({ where: { id } }) : null;
  const values = { clientName: submission.value.client_name, logoUrl, orderIndex: submission.value.order_index };
  const write = await writeWithFiles(stored, () =>
    existing ? db.clientLogo.update({ where: { id: existing.id }, data: values }) : db.clientLogo.create({ data: values }),
  );
  if (!write.ok || (id && !existing)) {
    await discard(stored);
    return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro ao salvar", description: "Não foi possível salvar o logo" } }, 500);
  }
  if (existing && existing.logoUrl !== logoUrl) await deleteByUrl(existing.logoUrl);
  return saved(context, LIST, { type: "success", title: existing ? "Logo atualizado com sucesso!" : "Logo adicionado com sucesso!" });
}

export const meta: Route.MetaFunction = () => [{ title: "Logos de clientes | Admin" }];

export default function AdminClientLogos({ actionData }: Route.ComponentProps) {
  const { logos, editing, deleting, creating } = useLoaderData<typeof loader>();
  if (creating || editing) {
    return (
      <AdminPage title={editing ? "Editar Logo" : "Novo Logo"}>
        <div className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <LogoForm key={editing?.id ?? "novo"} logo={editing} actionData={actionData} />
        </div>
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Logos de clientes" action={<PrimaryLink to={`${LIST}?novo`}>Novo Logo</PrimaryLink>}>
      {logos.length === 0 ? (
        <EmptyState>Nenhum logo cadastrado ainda.</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {logos.map((logo) => (
            <li key={logo.id} className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm">
              <img src={logo.logoUrl} alt={logo.clientName} className="h-16 w-full object-contain" loading="lazy" />
              <div>
                <h2 className="font-semibold text-slate-900">{logo.clientName}</h2>
                <p className="text-xs text-slate-500">Ordem: {logo.orderIndex}</p>
              </div>
              <RowActions editTo={`${LIST}?editar=${logo.id}`} deleteTo={`${LIST}?excluir=${logo.id}`} label={logo.clientName} />
            </li>
          ))}
        </ul>
      )}
      {deleting ? <ConfirmDelete id={deleting.id} closeTo={LIST} title="Remover logo" message="Tem certeza?" /> : null}
    </AdminPage>
  );
}

type Logo = Route.ComponentProps["loaderData"]["logos"][number];

function LogoForm({ logo, actionData }: { logo: Logo | null; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(
    logoSchema,
    actionData,
    logo ? { id: logo.id, client_name: logo.clientName, logo_url: logo.logoUrl, order_index: String(logo.orderIndex) } : { order_index: "0" },
    `logo-${logo?.id ?? "novo"}`,
  );
  const [preview, setPreview] = useState<string | null>(logo?.logoUrl ?? null);
  return (
    <AdminForm form={form} onXhrResult={setXhrResult} actionData={actionData} submitLabel={logo ? "Atualizar Logo" : "Adicionar Logo"} cancelTo={LIST}>
      {logo ? <input type="hidden" name="id" value={logo.id} /> : null}
      <TextField field={fields.client_name} label="Nome do cliente" required />
      <FileField
        name="logo_file"
        label="Arquivo do logo (imagem)"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        error={fields.logo_file?.errors?.[0]}
        onFileChange={(file) => setPreview(file ? URL.createObjectURL(file) : logo?.logoUrl ?? null)}
      />
      <TextField field={fields.logo_url} label="URL do logo" required hint="Preenchida pelo upload, ou informe uma URL." onChange={(e) => setPreview(e.currentTarget.value || null)} />
      {preview ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <p className="mb-2 text-xs font-medium text-slate-500">Pré-visualização</p>
          <img src={preview} alt="" className="h-16 object-contain" />
        </div>
      ) : null}
      <TextField field={fields.order_index} label="Ordem" type="number" />
    </AdminForm>
  );
}
