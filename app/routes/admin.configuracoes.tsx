// The site settings page: the agency's contact facts (WhatsApp numbers, e-mail, CNPJ, address,
// hours, social links) that the public site shows everywhere: WhatsApp buttons,
// footer, contact page, legal pages, structured data and the chat's own answers. One form, one
// row; a save bumps the content version, so cached pages show the new values at once.
// Below it, "Exportar conteúdo": the site's content as a JSON file (the export route,
// admin.configuracoes_.exportar.ts), and the import of such a file into an empty site (this
// route's action with ?importar; app/lib/backup/content-export.server.ts).
// Then the team's two-factor requirement (?duas-etapas): on, nobody without a second factor uses
// the back office until they set one up (app/lib/admin/two-factor-policy.server.ts). The page is
// the administrators' (app/lib/admin/permissions.ts).
import type { ReactNode } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/admin.configuracoes";
import { AdminForm, useAdminForm } from "~/components/admin/admin-form";
import { TextField } from "~/components/admin/fields";
import { AdminPage } from "~/components/admin/page";
import { requiredText } from "~/lib/forms/admin-schema";
import { isParsed, logFailure, readAdminForm, rejected, saved } from "~/lib/admin/action.server";
import type { LoadError } from "~/lib/admin/section.server";
import { db } from "~/lib/db.server";
import { defaultSiteSettings, formatPhone, type SiteSettings } from "~/lib/site-settings";
import { phoneDigits } from "~/lib/phone-input";
import { fromRow, saveSiteSettings } from "~/lib/site-settings.server";
import { activityScope, describeChanges, recordActivity } from "~/lib/activity.server";
import { ImportRefused, importContent } from "~/lib/backup/content-export.server";
import { SettingSwitch } from "~/components/admin/setting-switch";
import { readFormData } from "~/lib/form-data.server";
import { setLeadStorage } from "~/lib/leads/store.server";
import { setTwoFactorRequired } from "~/lib/admin/two-factor-policy.server";

const PAGE = "/admin/configuracoes";

const TEXT_MAX = 200;
const URL_MAX = 500;

const WHATSAPP_MESSAGE = "Informe um número do Brasil com DDD (ex.: (62) 99123-4567)";
const PHONE_HINT = "Com DDD, do jeito que preferir: (62) 99123-4567, +55 62 99123-4567 ou 62991234567.";

/**
 * A WhatsApp number, typed once in any common format, stored as the digits wa.me links need; the
 * site shows it formatted from them.
 */
function whatsapp(label: string) {
  return requiredText(`Informe o ${label}`)
    .transform((value) => phoneDigits(value) ?? "")
    .refine((digits) => digits !== "", WHATSAPP_MESSAGE);
}

function text(message: string, max = TEXT_MAX) {
  return requiredText(message).pipe(z.string().max(max, `Use no máximo ${max} caracteres`));
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const HTTPS_MESSAGE = "Informe uma URL válida começando com https://";

function httpsUrl(required: string | null) {
  const base = z.string({ error: HTTPS_MESSAGE }).trim().max(URL_MAX, `Use no máximo ${URL_MAX} caracteres`);
  if (required) return requiredText(required).pipe(base).refine(isHttpsUrl, HTTPS_MESSAGE);
  // Social links may be left empty (conform reads an empty field as undefined): that network is
  // then hidden on the site.
  return base
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isHttpsUrl(v), HTTPS_MESSAGE);
}

const UF_MESSAGE = "Informe a UF com duas letras (ex.: GO)";

export const settingsSchema = z.object({
  legal_name: text("Informe a razão social"),
  cnpj: requiredText("Informe o CNPJ")
    .transform((value) => value.replace(/\D/g, ""))
    .refine((digits) => digits.length === 14, "Informe um CNPJ válido (00.000.000/0000-00)")
    .transform((d) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`),
  sales_phone: whatsapp("WhatsApp de vendas"),
  video_phone: whatsapp("WhatsApp da Window Films"),
  ceo_phone: whatsapp("WhatsApp do CEO"),
  email: requiredText("Informe o e-mail").pipe(z.email("Informe um e-mail válido").max(TEXT_MAX, `Use no máximo ${TEXT_MAX} caracteres`)),
  street: text("Informe o endereço"),
  city: text("Informe a cidade", 80),
  state: requiredText("Informe a UF")
    .max(2, UF_MESSAGE)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), UF_MESSAGE),
  postal_code: requiredText("Informe o CEP")
    .transform((value) => value.replace(/\D/g, ""))
    .refine((digits) => digits.length === 8, "Informe um CEP válido (00000-000)")
    .transform((d) => `${d.slice(0, 5)}-${d.slice(5)}`),
  maps_url: httpsUrl("Informe o link do mapa"),
  hours: text("Informe o horário de atendimento", 80),
  facebook_url: httpsUrl(null),
  instagram_url: httpsUrl(null),
  instagram_ceo_url: httpsUrl(null),
  linkedin_url: httpsUrl(null),
  tiktok_url: httpsUrl(null),
  youtube_url: httpsUrl(null),
});

type FormValues = z.output<typeof settingsSchema>;

function toSettings(v: FormValues): Omit<SiteSettings, "salesPhoneDisplay" | "videoPhoneDisplay"> {
  return {
    legalName: v.legal_name,
    cnpj: v.cnpj,
    salesPhone: v.sales_phone,
    videoPhone: v.video_phone,
    ceoPhone: v.ceo_phone,
    email: v.email,
    address: { street: v.street, city: v.city, state: v.state, postalCode: v.postal_code },
    mapsUrl: v.maps_url,
    hours: v.hours,
    social: {
      facebook: v.facebook_url,
      instagram: v.instagram_url,
      instagramCeo: v.instagram_ceo_url,
      linkedin: v.linkedin_url,
      tiktok: v.tiktok_url,
      youtube: v.youtube_url,
    },
  };
}

function toFormValues(s: SiteSettings): Record<string, string> {
  return {
    legal_name: s.legalName,
    cnpj: s.cnpj,
    // Each number as the site shows it; a save stores its digits again.
    sales_phone: formatPhone(s.salesPhone),
    video_phone: formatPhone(s.videoPhone),
    ceo_phone: formatPhone(s.ceoPhone),
    email: s.email,
    street: s.address.street,
    city: s.address.city,
    state: s.address.state,
    postal_code: s.address.postalCode,
    maps_url: s.mapsUrl,
    hours: s.hours,
    facebook_url: s.social.facebook,
    instagram_url: s.social.instagram,
    instagram_ceo_url: s.social.instagramCeo,
    linkedin_url: s.social.linkedin,
    tiktok_url: s.social.tiktok,
    youtube_url: s.social.youtube,
  };
}

const TOASTS = {
  saved: { type: "success", title: "Configurações salvas com sucesso!" },
  invalid: { type: "error", title: "Erro ao salvar configurações", description: "Corrija os campos destacados." },
  saveFailed: { type: "error", title: "Erro ao salvar configurações", description: "Não foi possível salvar as configurações" },
} as const;

export async function loader(_: Route.LoaderArgs) {
  // Read directly (not through the public cache): the admin must see what is stored, or why not.
  try {
    const row = await db.siteSettings.findUnique({ where: { id: 1 } });
    return {
      values: toFormValues(row ? fromRow(row) : defaultSiteSettings),
      loadError: null,
      storeLeads: row?.storeLeads ?? true,
      requireTwoFactor: row?.requireTwoFactor ?? false,
    };
  } catch (error) {
    logFailure("site settings unreadable", error, "load");
    const loadError: LoadError = { title: "Erro ao carregar configurações", description: "Os valores abaixo são os padrões do site." };
    return { values: toFormValues(defaultSiteSettings), loadError, storeLeads: true, requireTwoFactor: false };
  }
}

const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

function importRefused(description: string, status = 400) {
  return rejected({ lastResult: null, toast: { type: "error", title: "Erro ao importar conteúdo", description } }, status);
}

/** The import of an exported content file (multipart, field "arquivo"), into an empty site only. */
async function importAction(request: Request, log: ReturnType<typeof activityScope>) {
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("arquivo");
  } catch {
    return importRefused("Não foi possível ler o envio. Tente novamente.");
  }
  if (!(file instanceof File) || file.size === 0) return importRefused("Escolha o arquivo .json exportado de um site.");
  if (file.size > IMPORT_MAX_BYTES) return importRefused("O arquivo passa de 50 MB: não é uma exportação de conteúdo deste site.", 413);
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return importRefused("O arquivo não é um JSON válido.");
  }
  let counts: Record<string, number>;
  try {
    counts = await importContent(data);
  } catch (error) {
    if (error instanceof ImportRefused) return importRefused(error.message, /já tem conteúdo/.test(error.message) ? 409 : 400);
    logFailure("content import failed", error, "save");
    return importRefused("Não foi possível importar o conteúdo: nada foi alterado.", 500);
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  await recordActivity(log, { action: "settings", summary: `Importou conteúdo: ${total} ${total === 1 ? "item" : "itens"}` });
  return saved(PAGE, {
    type: "success",
    title: "Conteúdo importado com sucesso!",
    description: `${total} ${total === 1 ? "item importado" : "itens importados"}.`,
  });
}

/** "Guardar contatos no painel" (its own form, below the others). */
async function leadStorageAction(request: Request, log: ReturnType<typeof activityScope>) {
  const on = (await readFormData(request)).get("store_leads") === "on";
  await setLeadStorage(on);
  await recordActivity(log, { action: "settings", summary: on ? "Guardar contatos no painel: ligado" : "Guardar contatos no painel: desligado" });
  return saved(PAGE, { type: "success", title: "Configurações salvas com sucesso!" });
}

/** "Verificação em duas etapas obrigatória" (its own form): the change is in the activity log. */
async function twoFactorAction(request: Request, log: ReturnType<typeof activityScope>) {
  const on = (await readFormData(request)).get("require_two_factor") === "on";
  await setTwoFactorRequired(on);
  await recordActivity(log, { action: "settings", summary: on ? `${REQUIRE_TWO_FACTOR_LABEL}: ligada` : `${REQUIRE_TWO_FACTOR_LABEL}: desligada` });
  return saved(PAGE, { type: "success", title: "Configurações salvas com sucesso!" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const log = activityScope(context, "configuracoes");
  if (new URL(request.url).searchParams.has("duas-etapas")) return twoFactorAction(request, log);
  if (new URL(request.url).searchParams.has("importar")) return importAction(request, log);
  if (new URL(request.url).searchParams.has("contatos")) return leadStorageAction(request, log);
  const parsed = await readAdminForm(request, {});
  if (!isParsed(parsed)) return parsed;
  const submission = parseWithZod(parsed.form, { schema: settingsSchema });
  if (submission.status !== "success") return rejected({ lastResult: submission.reply(), toast: TOASTS.invalid }, 400);
  try {
    const { before, after } = await saveSiteSettings(toSettings(submission.value));
    await recordActivity(log, { action: "settings", summary: describeChanges(before, after) });
  } catch (error) {
    logFailure("admin save failed", error, "save");
    return rejected({ lastResult: submission.reply(), toast: TOASTS.saveFailed }, 500);
  }
  return saved(PAGE, TOASTS.saved);
}

export const meta: Route.MetaFunction = () => [{ title: "Configurações | Admin" }];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Configurações" loadError={loaderData.loadError}>
      {/* A save reloads the stored (normalised) values: a new key starts the form again from them. */}
      <SettingsForm key={JSON.stringify(loaderData.values)} values={loaderData.values} actionData={actionData} />
      <ContentTransfer />
      {/* "Guardar contatos no painel": off, the forms only open WhatsApp and the chat keeps only what its no-JavaScript mode needs. */}
      <SettingSwitch
        id="guardar-contatos"
        title="Contatos"
        action={`${PAGE}?contatos`}
        name="store_leads"
        label="Guardar contatos no painel"
        checked={loaderData.storeLeads}
      >
        Os formulários de contato e de diagnóstico e as conversas do chat ficam em Contatos, pelo prazo da política de privacidade. Desligado, os formulários só
        abrem o WhatsApp e nada é guardado.
      </SettingSwitch>
      <SettingSwitch
        id="duas-etapas"
        title="Segurança da equipe"
        action={`${PAGE}?duas-etapas`}
        name="require_two_factor"
        label={REQUIRE_TWO_FACTOR_LABEL}
        checked={loaderData.requireTwoFactor}
      >
        Quem ainda não usa um aplicativo autenticador ou uma chave de acesso é levado, logo depois da senha, a ativar a verificação em Minha conta, e não abre
        mais nada do painel até concluir. Vale também para você.
      </SettingSwitch>
    </AdminPage>
  );
}

function SettingsForm({ values, actionData }: { values: Record<string, string>; actionData: Route.ComponentProps["actionData"] }) {
  const { form, fields, setXhrResult } = useAdminForm(settingsSchema, actionData, values, "configuracoes");
  return (
    <>
      <div className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="mb-6 text-sm text-slate-600">
          Os contatos da agência que aparecem em todo o site: botões de WhatsApp, rodapé, página de contato, documentos legais e respostas do chat.
        </p>
        <AdminForm form={form} onXhrResult={setXhrResult} actionData={actionData} submitLabel="Salvar Configurações" cancelTo="/admin/dashboard">
          <Group title="Empresa">
            <TextField field={fields.legal_name} label="Razão social" />
            <TextField field={fields.cnpj} label="CNPJ" hint="Ex.: 12.345.678/0001-90" />
          </Group>
          <Group title="WhatsApp" hint={PHONE_HINT}>
            <TextField
              field={fields.sales_phone}
              label="WhatsApp de vendas"
              type="tel"
              autoComplete="off"
              hint="Também aparece no rodapé e na página de contato."
            />
            <TextField field={fields.video_phone} label="WhatsApp da Window Films" type="tel" autoComplete="off" />
            <TextField field={fields.ceo_phone} label="WhatsApp do CEO" type="tel" autoComplete="off" />
          </Group>
          <Group title="E-mail e endereço">
            <TextField field={fields.email} label="E-mail" type="email" />
            <TextField field={fields.street} label="Endereço" hint="Rua, número, sala e bairro." />
            <div className="grid gap-5 sm:grid-cols-[1fr_6rem_10rem]">
              <TextField field={fields.city} label="Cidade" />
              <TextField field={fields.state} label="UF" />
              <TextField field={fields.postal_code} label="CEP" />
            </div>
            <TextField field={fields.maps_url} label="Link do mapa" type="url" hint="https://..." />
            <TextField field={fields.hours} label="Horário de atendimento" hint="Ex.: Seg-Sex 9h-18h" />
          </Group>
          <Group title="Redes sociais" hint="Deixe em branco para não mostrar a rede no site.">
            <TextField field={fields.facebook_url} label="Facebook" type="url" />
            <TextField field={fields.instagram_url} label="Instagram" type="url" />
            <TextField field={fields.instagram_ceo_url} label="Instagram do CEO" type="url" />
            <TextField field={fields.linkedin_url} label="LinkedIn" type="url" />
            <TextField field={fields.tiktok_url} label="TikTok" type="url" />
            <TextField field={fields.youtube_url} label="YouTube" type="url" />
          </Group>
        </AdminForm>
      </div>
    </>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5 border-t border-slate-200 pt-5 first:border-t-0 first:pt-0">
      <legend className="text-lg font-semibold text-slate-900">{title}</legend>
      {hint ? <p className="-mt-3 text-sm text-slate-500">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

/** "Exportar conteúdo": a download, and the import of such a file into an empty site (plain forms, with or without JavaScript). */
function ContentTransfer() {
  return (
    <section aria-labelledby="exportar-conteudo" className="mt-8 max-w-3xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="space-y-3">
        <h2 id="exportar-conteudo" className="text-lg font-semibold text-slate-900">
          Exportar conteúdo
        </h2>
        <p className="text-sm text-slate-600">
          Baixa um arquivo JSON com todo o conteúdo do site: as seções, os posts do blog com o histórico de versões, as configurações e as descrições da
          biblioteca de mídia. Os arquivos de mídia não vão junto: o arquivo traz os endereços deles.
        </p>
        <a
          href="/admin/configuracoes/exportar"
          download
          className="inline-block rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700"
        >
          Exportar conteúdo
        </a>
      </div>
      <form method="post" action={`${PAGE}?importar`} encType="multipart/form-data" className="space-y-3 border-t border-slate-200 pt-6">
        <h3 className="font-semibold text-slate-900">Importar conteúdo</h3>
        <p className="text-sm text-slate-600">Só em um site sem conteúdo: nada do que já existe é substituído.</p>
        <label className="block text-sm font-medium text-slate-700">
          Arquivo exportado (.json)
          <input type="file" name="arquivo" accept="application/json,.json" required className="mt-1 block w-full text-sm" />
        </label>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50">
          Importar conteúdo
        </button>
      </form>
    </section>
  );
}

const REQUIRE_TWO_FACTOR_LABEL = "Verificação em duas etapas obrigatória para a equipe";
