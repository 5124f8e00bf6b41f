import { useLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/admin.portfolio";
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

const LIST = "/admin/portfolio";
export const PORTFOLIO_CATEGORIES = ["IA", "Social Media", "Sites", "Vídeos", "Tráfego"] as const;


export const portfolioSchema = z.object({
  id: z.string().optional(),
  title: z.string({ error: "Título é obrigatório" }).trim().min(1, "Título é obrigatório"),
  category: z.enum(PORTFOLIO_CATEGORIES, { error: "Categoria é obrigatória" }),
  description: z.string({ error: "Descrição é obrigatória" }).trim().min(1, "Descrição é obrigatória"),
  result: z.string({ error: "Resultado é obrigatório" }).trim().min(1, "Resultado é obrigatório"),
  images: repeatedText.optional(),
  videos: repeatedText.optional(),
});

const uploads: Record<string, UploadRule> = { cover_image: { bucket: "portfolio-media", accept: "media" } };

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const rows = await db.portfolioItem.findMany({ orderBy: { createdAt: "desc" } });
  const items = rows.map((row) => ({ ...row, images: asList(row.images), videos: asList(row.videos) }));
  const editing = items.find((i) => i.id === params.get("editar")) ?? null;
  const deleting = items.find((i) => i.id === params.get("excluir")) ?? null;
  return { items, editing, deleting, creating: params.has("novo") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = await readAdminForm(request, context, uploads);
  if (!isParsed(parsed)) return parsed;
  const { form, stored, refused } = parsed;
  const id = formId(form);

  if (form.get("intent") === "delete") {
    const item = id ? await db.portfolioItem.findUnique({ where: { id } }) : null;
    if (!item) return rejected(context, { lastResult: null, toast: { type: "error", title: "Erro ao excluir" } }, 404);
    await db.portfolioItem.delete({ where: { id: item.id } });
    await deleteByUrl(item.coverImage);
    return saved(context, LIST, { type: "success", title: "Projeto excluído" });
  }

  const submission = parseWithZod(form, { schema: portfolioSchema });
  if (submission.status !== "success" || refused.cover_image) {
    await discard(stored);
    const toast = refused.cover_image ? { type: "error" as const, title: "Arquivo inválido", description: refused.cover_image.message } : undefined;
    return rejected(context, { lastResult: submission.reply({ fieldErrors: uploadErrors(refused) }), toast }, refused.cover_image?.status ?? 400);
  }
  const existing = id ? await db.portfolioItem.findUnique({ where: { id } }) : null;
  if (id && !existing) {
    await discard(stored);
    return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro ao salvar", description: "Projeto não encontrado." } }, 404);
  }
  const { title, category, description, result } = submission.value;
  const values = {
    title,
    category,
    description,
    result,
    images: urlList(form, "images"),
    videos: urlList(form, "videos"),
    coverImage: stored.cover_image?.url ?? existing?.coverImage ?? null,
  };
  const write = await writeWithFiles(stored, () =>
    existing ? db.portfolioItem.update({ where: { id: existing.id }, data: values }) : db.portfolioItem.create({ data: values }),
  );
  if (!write.ok) return rejected(context, { lastResult: submission.reply(), toast: { type: "error", title: "Erro ao salvar", description: "Tente novamente." } }, 500);
  if (stored.cover_image && existing?.coverImage) await deleteByUrl(existing.coverImage);
  return saved(
    context,
    LIST,
    existing
      ? { type: "success", title: "Projeto atualizado", description: "As alterações foram salvas com sucesso." }
      : { type: "success", title: "Projeto criado", description: "O novo projeto foi adicionado com sucesso." },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Portfólio | Admin" }];

export default function AdminPortfolio({ actionData }: Route.ComponentProps) {
  const { items, editing, deleting, creating } = useLoaderData<typeof loader>();
  if (creating || editing) {
    return (
      <AdminPage title={editing ? "Editar Projeto" : "Novo Projeto"}>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <PortfolioForm key={editing?.id ?? "novo"} item={editing} actionData={actionData} />
        </div>
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Portfólio" action={<PrimaryLink to={`${LIST}?novo`}>Novo Projeto</PrimaryLink>}>
      {items.length === 0 ? (
        <EmptyState>Nenhum projeto cadastrado</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {item.coverImage ? <MediaPreview url={item.coverImage} alt={item.title} className="h-40 w-full object-cover" /> : <div className="h-40 bg-slate-100" />}
              <div className="space-y-2 p-4">
                <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{item.category}</span>
                <h2 className="font-semibold text-slate-900">{item.title}</h2>
                <p className="line-clamp-2 text-sm text-slate-600">{item.result}</p>
                <RowActions editTo={`${LIST}?editar=${item.id}`} deleteTo={`${LIST}?excluir=${item.id}`} label={item.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting ? <ConfirmDelete id={deleting.id} closeTo={LIST} message="Tem certeza que deseja excluir este projeto? Esta ação não pode ser desfeita." /> : null}
    </AdminPage>
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
  const keptImages = (fields.images.initialValue as string[] | string | undefined) ?? item?.images ?? [];
  const keptVideos = (fields.videos.initialValue as string[] | string | undefined) ?? item?.videos ?? [];
  return (
    <AdminForm form={form} onXhrResult={setXhrResult} actionData={actionData} submitLabel={item ? "Atualizar Projeto" : "Criar Projeto"} cancelTo={LIST}>
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.title} label="Título" required />
        <SelectField field={fields.category} label="Categoria" options={PORTFOLIO_CATEGORIES} required />
      </div>
      <TextAreaField field={fields.description} label="Descrição" required />
      <TextAreaField field={fields.result} label="Resultado" rows={2} required />
      <FileField name="cover_image" label="Capa (imagem ou vídeo)" accept="image/*,video/*" current={item?.coverImage} error={fields.cover_image?.errors?.[0]} />
      <UrlListField name="images" label="URLs de imagens" initial={toLines(keptImages)} errors={fields.images.errors} />
      <UrlListField name="videos" label="URLs de vídeos" initial={toLines(keptVideos)} errors={fields.videos.errors} />
    </AdminForm>
  );
}

function toLines(value: string[] | string): string[] {
  return (Array.isArray(value) ? value : value.split(/\r?\n/)).map((v) => v.trim()).filter(Boolean);
}
