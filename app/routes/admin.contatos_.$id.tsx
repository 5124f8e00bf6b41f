import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.contatos_.$id";
import { AdminPage } from "~/components/admin/page";
import { ConfirmDelete } from "~/components/admin/route-dialog";
import { LeadTextForm } from "~/components/admin/lead-text-form";
import { activityScope, recordActivity } from "~/lib/activity.server";
import { adminUser } from "~/lib/admin/guard.server";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/form-data.server";
import { revenueOptions } from "~/lib/forms/diagnostic-options";
import { addNote, changeOwner, changeStatus, formatAge, formatDuration, leadOwners, loadLead, personName } from "~/lib/leads/inbox.server";
import { LEAD_KINDS, LEAD_LIMITS, LEAD_STATUSES, isLeadKind, isLeadStatus } from "~/lib/leads/leads";
import { deletePerson } from "~/lib/leads/privacy.server";
import { handBack, personNameOf, staffReply, takeOver } from "~/lib/leads/takeover.server";
import { greetingUrl } from "~/lib/leads/whatsapp";
import { redirectWithToast } from "~/lib/toast.server";
import { db } from "~/lib/db.server";

// One lead: what the person sent (the form's fields, or the chat's transcript), where they came
// from, its status and owner, the timeline of notes and changes (who, when; never edited away),
// the time to first response and "Abrir no WhatsApp". Every change is a plain POST answered with
// a redirect, so the page works without JavaScript.
const LIST = "/admin/contatos";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lead = await loadLead(params.id);
  if (!lead) return data({ lead: null, owners: [], confirmDelete: false }, { status: 404 });
  const owners = await leadOwners();
  const now = new Date();
  return {
    lead: {
      id: lead.id,
      kind: isLeadKind(lead.kind) ? LEAD_KINDS[lead.kind] : lead.kind,
      chat: lead.kind === "chat",
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      message: lead.kind === "chat" ? "" : lead.message,
      revenue: revenueOptions.find((option) => option.value === lead.revenue)?.label ?? lead.revenue,
      page: lead.page,
      source: lead.source,
      medium: lead.medium,
      campaign: lead.campaign,
      status: lead.status,
      ownerId: lead.ownerId ?? "",
      createdAt: formatDateTime(lead.createdAt),
      age: formatAge(lead.createdAt, now),
      heldBy: lead.heldBy ? personNameOf(lead.heldBy) : null,
      heldByMe: lead.heldById === adminUser(context).id,
      firstResponse: lead.firstResponseAt ? formatDuration(lead.firstResponseAt.getTime() - lead.createdAt.getTime()) : null,
      whatsapp: lead.phone.replace(/\D/g, "").length >= 10 ? greetingUrl(lead.name, lead.phone) : null,
      messages: lead.messages.map((message) => ({
        id: message.id,
        role: message.role,
        content: message.content,
        error: message.error,
        authorName: message.authorName,
        at: formatDateTime(message.createdAt),
      })),
      notes: lead.notes.map((note) => ({ id: note.id, kind: note.kind, text: note.text, author: note.authorEmail, at: formatDateTime(note.createdAt) })),
    },
    owners: owners.map((owner) => ({ id: owner.id, label: personName(owner) })),
    // "Excluir" opens the confirmation by address (?excluir): a dialog with JavaScript, a page without.
    confirmDelete: new URL(request.url).searchParams.has("excluir"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.lead?.name || "Contato"} | Contatos | Admin` }];

const NOT_FOUND = { type: "error", title: "Contato não encontrado", description: "Ele pode ter sido excluído." } as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = adminUser(context);
  const here = `${LIST}/${params.id}`;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const lead = await loadLead(params.id);
  if (!lead) return redirectWithToast(LIST, NOT_FOUND);

  if (intent === "status") {
    const status = String(form.get("status") ?? "");
    if (!isLeadStatus(status)) return data({ errors: { status: ["Escolha um status da lista."] }, text: "" }, { status: 400 });
    await changeStatus(lead.id, me.email, status);
    return redirectWithToast(here, { type: "success", title: "Status salvo", description: `Agora: ${LEAD_STATUSES[status]}.` });
  }
  if (intent === "owner") {
    const ownerId = String(form.get("ownerId") ?? "");
    const owner = ownerId ? (await leadOwners()).find((candidate) => candidate.id === ownerId) : null;
    if (ownerId && !owner) return data({ errors: { ownerId: ["Escolha uma pessoa da equipe."] }, text: "" }, { status: 400 });
    await changeOwner(lead.id, me.email, owner ?? null);
    return redirectWithToast(here, { type: "success", title: "Responsável salvo" });
  }
  if (intent === "note") {
    const text = String(form.get("text") ?? "").trim();
    if (!text) return data({ errors: { text: ["Escreva a nota antes de adicionar."] }, text }, { status: 400 });
    if (text.length > LEAD_LIMITS.note) {
      return data({ errors: { text: [`A nota pode ter no máximo ${LEAD_LIMITS.note} caracteres.`] }, text }, { status: 400 });
    }
    await addNote(lead.id, me.email, text);
    return redirectWithToast(here, { type: "success", title: "Nota adicionada" });
  }
  if (intent === "takeover" || intent === "handback" || intent === "reply") {
    if (lead.kind !== "chat") return data({ errors: { "": ["Só uma conversa do chat pode ser assumida."] }, text: "" }, { status: 400 });
    if (intent === "takeover") {
      await takeOver(lead.id, me);
      return redirectWithToast(here, {
        type: "success",
        title: "Conversa assumida",
        description: "O assistente não responde mais: escreva as respostas aqui.",
      });
    }
    if (intent === "handback") {
      await handBack(lead.id, me);
      return redirectWithToast(here, { type: "success", title: "Conversa devolvida ao assistente" });
    }
    const text = String(form.get("reply") ?? "").trim();
    if (!lead.heldById) return data({ errors: { reply: ["Assuma a conversa antes de responder."] }, text }, { status: 409 });
    if (!text) return data({ errors: { reply: ["Escreva a resposta antes de enviar."] }, text }, { status: 400 });
    if (text.length > LEAD_LIMITS.message) {
      return data({ errors: { reply: [`A resposta pode ter no máximo ${LEAD_LIMITS.message} caracteres.`] }, text }, { status: 400 });
    }
    const user = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { name: true, email: true } });
    await staffReply(lead, user, text);
    return redirectWithToast(here, { type: "success", title: "Resposta enviada" });
  }
  if (intent === "delete") {
    const count = await deletePerson(lead);
    // The log names the lead's kind, never the person (their data is what was just deleted).
    await recordActivity(activityScope(context, "contatos"), {
      action: "delete",
      targetId: lead.id,
      targetLabel: `um contato (${isLeadKind(lead.kind) ? LEAD_KINDS[lead.kind] : lead.kind})`,
      summary: `Dados pessoais excluídos: ${count} ${count === 1 ? "registro" : "registros"}`,
    });
    return redirectWithToast(LIST, { type: "success", title: "Contato excluído", description: "Tudo o que guardávamos sobre esta pessoa foi apagado." });
  }
  return data({ errors: { "": ["Ação desconhecida."] }, text: "" }, { status: 400 });
}

const buttonClass = "rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";
const selectClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2";

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { lead, owners, confirmDelete } = loaderData;
  if (!lead) {
    return (
      <AdminPage title="Contato não encontrado">
        <p className="text-slate-600">Este contato não existe mais: ele pode ter sido excluído.</p>
        <Link to={LIST} className="mt-4 inline-block font-medium text-brand-600 hover:underline">
          Ver todos os contatos
        </Link>
      </AdminPage>
    );
  }
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | undefined>;
  const busy = navigation.state === "submitting";
  const fields: [string, string][] = [
    ["Tipo", lead.kind],
    ["Nome", lead.name],
    ["E-mail", lead.email],
    ["Telefone", lead.phone],
    ["Empresa", lead.company],
    ["Faturamento mensal", lead.revenue],
    ["Mensagem", lead.message],
    ["Página", lead.page],
    ["Origem", lead.source],
    ["Meio", lead.medium],
    ["Campanha", lead.campaign],
    ["Recebido em", `${lead.createdAt} (${lead.age})`],
    ["Primeira resposta", lead.firstResponse ? `${lead.firstResponse} depois da chegada` : "Ainda sem resposta"],
  ];
  return (
    <AdminPage
      title={lead.name || (lead.chat ? "Visitante do chat" : "Contato")}
      action={
        <div className="flex flex-wrap gap-2">
          {lead.whatsapp ? (
            <a
              href={lead.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full bg-emerald-600 px-5 py-2.5 font-semibold text-white hover:bg-emerald-700"
            >
              Abrir no WhatsApp
            </a>
          ) : null}
          <a
            href={`${LIST}/${lead.id}/exportar`}
            download
            className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
          >
            Exportar dados
          </a>
          <Link to="?excluir" preventScrollReset className="rounded-full border border-red-200 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50">
            Excluir
          </Link>
        </div>
      }
    >
      {confirmDelete ? (
        <ConfirmDelete
          id={lead.id}
          closeTo={`${LIST}/${lead.id}`}
          title="Excluir os dados desta pessoa?"
          message="Todos os contatos desta pessoa (mesmo e-mail ou telefone), as conversas do chat, as notas e o histórico serão apagados de vez. Não é possível desfazer."
        />
      ) : null}
      <Link to={LIST} className="text-sm font-medium text-brand-600 hover:underline">
        ← Todos os contatos
      </Link>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="dados" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
          <h2 id="dados" className="mb-4 text-lg font-semibold text-slate-900">
            Dados do contato
          </h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
            {fields
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm font-medium text-slate-500">{label}</dt>
                  <dd className="break-words whitespace-pre-wrap text-slate-900">{value}</dd>
                </div>
              ))}
          </dl>
        </section>
        <section aria-labelledby="atendimento" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="atendimento" className="text-lg font-semibold text-slate-900">
            Atendimento
          </h2>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="status" />
            <label className="block text-sm font-medium text-slate-700">
              Status
              <select name="status" defaultValue={lead.status} className={selectClass}>
                {Object.entries(LEAD_STATUSES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {errors.status ? <p className="text-sm text-red-700">{errors.status[0]}</p> : null}
            <button type="submit" className={buttonClass} disabled={busy}>
              Salvar status
            </button>
          </Form>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="owner" />
            <label className="block text-sm font-medium text-slate-700">
              Responsável
              <select name="ownerId" defaultValue={lead.ownerId} className={selectClass}>
                <option value="">Sem responsável</option>
                {owners.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.label}
                  </option>
                ))}
              </select>
            </label>
            {errors.ownerId ? <p className="text-sm text-red-700">{errors.ownerId[0]}</p> : null}
            <button type="submit" className={buttonClass} disabled={busy}>
              Salvar responsável
            </button>
          </Form>
        </section>
      </div>

      {lead.chat ? (
        <section aria-labelledby="conversa" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="conversa" className="text-lg font-semibold text-slate-900">
              Conversa
            </h2>
            <Form method="post">
              <input type="hidden" name="intent" value={lead.heldBy ? "handback" : "takeover"} />
              <button type="submit" className={buttonClass} disabled={busy}>
                {lead.heldBy ? "Devolver ao assistente" : "Assumir conversa"}
              </button>
            </Form>
          </div>
          <p className="mb-4 text-sm text-slate-600" role="status">
            {lead.heldBy
              ? `${lead.heldByMe ? "Você assumiu" : `${lead.heldBy} assumiu`} a conversa: o assistente não responde e as mensagens do visitante chegam aqui.`
              : "O assistente automático está respondendo esta conversa."}
          </p>
          <ol className="space-y-3">
            {lead.messages.map((message) => (
              <li
                key={message.id}
                className={`max-w-prose rounded-xl px-4 py-2 ${message.role === "user" ? "bg-slate-100" : message.error ? "border border-red-200 bg-red-50" : "bg-brand-50"}`}
              >
                <p className="text-xs font-semibold text-slate-500">
                  {message.role === "user" ? "Visitante" : message.role === "staff" ? `${message.authorName} (equipe)` : "Assistente"}
                  {message.error ? " · erro do assistente" : ""} · {message.at}
                </p>
                <p className="break-words whitespace-pre-wrap text-slate-900">{message.content}</p>
              </li>
            ))}
          </ol>
          {lead.heldBy ? (
            // Keyed by the transcript's length: a reply sent empties the field, with JavaScript too.
            <LeadTextForm
              key={lead.messages.length}
              intent="reply"
              id="resposta"
              name="reply"
              label="Responder no chat"
              maxLength={LEAD_LIMITS.message}
              refused={errors.reply ? (actionData?.text ?? "") : null}
              error={errors.reply?.[0]}
              submitLabel="Enviar resposta"
              submitClassName="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
              busy={busy}
              className="mt-4 space-y-2"
            />
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="historico" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="historico" className="mb-4 text-lg font-semibold text-slate-900">
          Histórico e notas
        </h2>
        {lead.notes.length === 0 ? (
          <p className="mb-4 text-sm text-slate-500">Nenhuma nota ou mudança ainda.</p>
        ) : (
          <ol className="mb-4 space-y-3">
            {lead.notes.map((note) => (
              <li key={note.id} className="border-l-2 border-slate-200 pl-3">
                <p className="text-xs text-slate-500">
                  {note.author} · {note.at}
                </p>
                <p className={`break-words whitespace-pre-wrap ${note.kind === "note" ? "text-slate-900" : "text-slate-600 italic"}`}>{note.text}</p>
              </li>
            ))}
          </ol>
        )}
        <LeadTextForm
          key={lead.notes.length}
          intent="note"
          id="nota"
          name="text"
          label="Nova nota"
          maxLength={LEAD_LIMITS.note}
          refused={errors.text ? (actionData?.text ?? "") : null}
          error={errors.text?.[0]}
          submitLabel="Adicionar nota"
          submitClassName={buttonClass}
          busy={busy}
          className="space-y-2"
        />
      </section>
    </AdminPage>
  );
}
