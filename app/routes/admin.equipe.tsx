import { data, Form, Link, useNavigation } from "react-router";
import { getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/lib/forms/constraint";
import { refusedWith, withServerCheck } from "~/lib/forms/server-check";
import { z } from "zod";
import type { Route } from "./+types/admin.equipe";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { adminUser } from "~/lib/admin/guard.server";
import { recordActivity } from "~/lib/activity.server";
import { formatDateTime } from "~/lib/dates";
import { accountLink, createAccountToken } from "~/lib/account-tokens.server";
import { sendInvitation, sendPasswordReset } from "~/lib/account-mail.server";
import { emailConfigured } from "~/lib/mail.server";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data.server";
import { isRole, ROLE_HINTS, ROLES, roleOf, type Role } from "~/lib/admin/permissions";
import {
  changeMember,
  endMemberSessions,
  findMember,
  listMembers,
  resetTwoFactor,
  twoFactorResetRefusal,
  type Member,
  type TeamChange,
} from "~/lib/team.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Toast } from "~/lib/toast";
import { FieldError, TextField } from "~/components/admin/fields";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { RouteDialog } from "~/components/admin/route-dialog";
import { AdminPage } from "~/components/admin/page";
import { CopyLink } from "~/components/account/copy-link";
import { ACCOUNT_FORM_VALIDATION } from "~/components/account/validation-timing";
import { credentialChanged } from "~/lib/credential-change.server";

// The team: everyone with a role (Administrador, Editor, Atendimento: what each may open is in
// app/lib/admin/permissions.ts), with their sign-in facts and open sessions; invitations by e-mail
// with the role chosen; a change of role; ending a colleague's sessions; deactivate (every
// session ends at once), reactivate, remove; a new-password link for someone locked out, and a
// reset of a colleague's two-factor sign-in for someone who lost their phone. Without
// SMTP the page offers each link to copy and hand over another way (see app/lib/mail.server.ts).
// Administrators only: the guard refuses everyone else before this page's loader or action runs.
const LIST = "/admin/equipe";

const ROLE_UNKNOWN = "Escolha um dos perfis da lista.";

/** A role as posted by the select: one of the roles, or a message next to the field. */
const roleField = z.string({ error: ROLE_UNKNOWN }).refine(isRole, ROLE_UNKNOWN);

const inviteSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.email({ error: (issue) => (issue.input === undefined || issue.input === "" ? "E-mail é obrigatório" : "E-mail inválido") }),
  ),
  name: z.string().trim().max(100, "Use no máximo 100 caracteres").optional(),
  // Left out (an older form, a script), a new invitation is an Editor's, the narrowest role
  // that can do anything; a pending invitation sent again keeps the role it had.
  role: roleField.optional(),
});

const ACCOUNT_EXISTS = "Já existe uma conta com esse e-mail.";
const ACCOUNT_DEACTIVATED = "Esta conta está desativada. Reative-a antes de enviar um novo convite.";

/**
 * The invitation as the server checks it. Inviting someone again (the link was lost or expired)
 * sends a new link; anyone else with an account is refused (409). So is a pending invitation
 * that was deactivated: a deactivated account's links never work, so a new one would be shown as
 * sent while it could not be used, and inviting is not the place to undo a deactivation quietly.
 */
const inviteCheck = withServerCheck(inviteSchema, async ({ email }, ctx) => {
  const existing = await db.user.findUnique({ where: { email }, include: { roles: true } });
  if (existing && (existing.passwordHash || !roleOf(existing.roles))) {
    ctx.addIssue({ code: "custom", path: ["email"], message: ACCOUNT_EXISTS });
  } else if (existing?.deactivatedAt) {
    ctx.addIssue({ code: "custom", path: ["email"], message: ACCOUNT_DEACTIVATED });
  }
});

/** The server check's refusals: a conflict with an account that exists (409), not a bad form. */
const conflict = (submission: Parameters<typeof refusedWith>[0]) =>
  refusedWith(submission, "email", ACCOUNT_EXISTS) || refusedWith(submission, "email", ACCOUNT_DEACTIVATED);

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const members = await listMembers();
  const pick = (param: string) => members.find((member) => member.id === params.get(param)) ?? null;
  return {
    members,
    me: adminUser(context).id,
    roles: Object.entries(ROLES).map(([value, label]) => ({ value: value as Role, label, hint: ROLE_HINTS[value as Role] })),
    emailConfigured: emailConfigured(),
    production: env.NODE_ENV === "production",
    confirming: pick("desativar")
      ? { verb: "deactivate" as const, member: pick("desativar")! }
      : pick("remover")
        ? { verb: "remove" as const, member: pick("remover")! }
        : pick("redefinir-duas-etapas")
          ? { verb: "reset-2fa" as const, member: pick("redefinir-duas-etapas")! }
          : null,
  };
}

interface CopyableLink {
  purpose: "invite" | "reset";
  email: string;
  url: string;
}

/** A refusal shown next to one member's role select. */
interface RoleError {
  id: string;
  message: string;
}

type ActionData = { lastResult: SubmissionResult<string[]> | null; toast?: Toast; link?: CopyableLink; roleError?: RoleError };

const reply = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const me = adminUser(context);
  const log = { actor: me.email, section: "equipe" as const };
  const form = await readFormData(request).catch(() => null);
  if (!form) return reply({ lastResult: null, toast: { type: "error", title: "Erro", description: UNREADABLE_FORM } }, 400);
  const intent = form.get("intent");

  if (intent === "invite") {
    const submission = await parseWithZod(form, { schema: inviteCheck, async: true });
    if (submission.status !== "success") return reply({ lastResult: submission.reply() }, conflict(submission) ? 409 : 400);
    const { email, name } = submission.value;
    const existing = await db.user.findUnique({ where: { email }, include: { roles: true } });
    const role: Role = (submission.value.role as Role | undefined) ?? (existing ? roleOf(existing.roles) : null) ?? "editor";
    // The administrator sending it vouches for the person (users.invited_by_id): the invitation
    // stops working if they are deactivated or removed before it is accepted (app/lib/team.server.ts).
    const user =
      existing ??
      (await db.user.create({
        data: { email, name: name ?? "", passwordHash: null, invitedById: me.id, roles: { create: { role } } },
        select: { id: true, email: true },
      }));
    if (existing) {
      await db.$transaction([
        db.user.update({ where: { id: existing.id }, data: { invitedById: me.id, ...(name ? { name } : {}) } }),
        db.userRole.deleteMany({ where: { userId: existing.id } }),
        db.userRole.create({ data: { userId: existing.id, role } }),
      ]);
    }
    const token = await createAccountToken(user.id, "invite");
    await recordActivity(log, { action: "invite", targetId: user.id, targetLabel: email, summary: `Perfil: ${ROLES[role]}` });
    return linkReply("invite", email, token, await sendInvitation(email, token, me.email), submission.reply({ resetForm: true }));
  }

  const id = String(form.get("id") ?? "");
  const target = await findMember(id);
  if (!target)
    return reply(
      { lastResult: null, toast: { type: "error", title: "Pessoa não encontrada", description: "Ela pode ter sido removida por outra pessoa." } },
      404,
    );

  if (intent === "role") {
    const parsed = roleField.safeParse(form.get("role") ?? undefined);
    if (!parsed.success) return reply({ lastResult: null, roleError: { id: target.id, message: ROLE_UNKNOWN } }, 400);
    const role = parsed.data as Role;
    const done = await changeMember(me.id, target.id, { kind: "role", role });
    if (done.refusal) return reply({ lastResult: null, roleError: { id: target.id, message: done.refusal.message } }, done.refusal.status);
    if (done.previousRole === role)
      return redirectWithToast(LIST, { type: "success", title: "Perfil mantido", description: `${target.email}: ${ROLES[role]}.` });
    await recordActivity(log, {
      action: "role_change",
      targetId: target.id,
      targetLabel: target.email,
      summary: `Perfil: “${ROLES[done.previousRole]}” → “${ROLES[role]}”`,
    });
    return redirectWithToast(LIST, { type: "success", title: "Perfil alterado", description: `${target.email} agora é ${ROLES[role]}.` });
  }

  if (intent === "deactivate" || intent === "remove") {
    const change: TeamChange = { kind: intent };
    const done = await changeMember(me.id, target.id, change);
    if (done.refusal)
      return reply({ lastResult: null, toast: { type: "error", title: "Não permitido", description: done.refusal.message } }, done.refusal.status);
    if (intent === "deactivate") {
      await recordActivity(log, { action: "deactivate", targetId: target.id, targetLabel: target.email });
      return redirectWithToast(LIST, {
        type: "success",
        title: "Conta desativada",
        description: `${target.email} não consegue mais entrar, e as sessões abertas foram encerradas.`,
      });
    }
    await recordActivity(log, { action: "remove", targetId: target.id, targetLabel: target.email });
    return redirectWithToast(LIST, { type: "success", title: "Removido da equipe", description: target.email });
  }
  if (intent === "end-sessions") {
    if (target.id === me.id) {
      return reply(
        { lastResult: null, toast: { type: "error", title: "Não permitido", description: "Encerre as suas próprias sessões em Minha conta." } },
        409,
      );
    }
    const session = String(form.get("session") ?? "");
    const ended = await endMemberSessions(target.id, session || undefined);
    if (ended === 0) return redirectWithToast(LIST, { type: "error", title: "Sessão não encontrada", description: "Ela já pode ter sido encerrada." });
    await recordActivity(log, {
      action: "member_sessions_end",
      targetId: target.id,
      targetLabel: target.email,
      summary: `${ended} ${ended === 1 ? "sessão encerrada" : "sessões encerradas"}`,
    });
    return redirectWithToast(LIST, {
      type: "success",
      title: ended === 1 ? "Sessão encerrada" : "Sessões encerradas",
      description: `${target.email} precisa entrar de novo ${ended === 1 ? "nesse dispositivo" : "nesses dispositivos"}. A conta continua ativa.`,
    });
  }
  if (intent === "reactivate") {
    await db.user.update({ where: { id: target.id }, data: { deactivatedAt: null } });
    await recordActivity(log, { action: "reactivate", targetId: target.id, targetLabel: target.email });
    return redirectWithToast(LIST, { type: "success", title: "Conta reativada", description: `${target.email} pode entrar de novo.` });
  }
  if (intent === "reset-2fa") {
    const problem = await twoFactorResetRefusal(me.id, target);
    if (problem) return reply({ lastResult: null, toast: { type: "error", title: "Não permitido", description: problem } }, 409);
    await resetTwoFactor(target.id);
    // A change of how the colleague signs in: their outstanding links end and they are told.
    await credentialChanged(target, "two_factor_removed");
    // Who and whom only: never a key or a code.
    await recordActivity(log, { action: "two_factor_reset", targetId: target.id, targetLabel: target.email });
    return redirectWithToast(LIST, {
      type: "success",
      title: "Verificação em duas etapas redefinida",
      description: `${target.email} entra agora só com a senha e pode ativá-la de novo em Minha conta. As sessões abertas foram encerradas.`,
    });
  }
  if (intent === "reset-link") {
    if (target.deactivatedAt || !target.passwordHash) {
      return reply({ lastResult: null, toast: { type: "error", title: "Não permitido", description: "Só contas ativas recebem link de nova senha." } }, 409);
    }
    const token = await createAccountToken(target.id, "reset");
    await recordActivity(log, { action: "reset_link", targetId: target.id, targetLabel: target.email });
    return linkReply("reset", target.email, token, await sendPasswordReset(target.email, token), null);
  }
  return reply({ lastResult: null, toast: { type: "error", title: "Ação desconhecida", description: "Recarregue a página e tente novamente." } }, 400);
}

/** The answer after a link was made: sent by e-mail, or shown to copy when it could not be. */
function linkReply(purpose: "invite" | "reset", email: string, token: string, sent: boolean, lastResult: ActionData["lastResult"]) {
  const what = purpose === "invite" ? "Convite" : "Link de nova senha";
  if (sent) return reply({ lastResult, toast: { type: "success", title: `${what} enviado`, description: `Enviamos o link para ${email}.` } });
  return reply({
    lastResult,
    toast: {
      type: "success",
      title: purpose === "invite" ? "Convite criado" : "Link de nova senha criado",
      description: `Copie o link abaixo e envie para ${email}.`,
    },
    link: { purpose, email, url: accountLink(purpose, token) },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Equipe | Admin" }];

const STATUS: Record<Member["status"], { label: string; className: string }> = {
  active: { label: "Ativo", className: "bg-emerald-100 text-emerald-800" },
  deactivated: { label: "Desativado", className: "bg-slate-200 text-slate-700" },
  invited: { label: "Convite pendente", className: "bg-amber-100 text-amber-800" },
};

const smallButton = "rounded-lg border px-3 py-1.5 text-sm font-medium";
const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";

type RoleOption = { value: Role; label: string; hint: string };

/** What each role may do, in a line each, above the invitation form. */
function RoleGuide({ roles }: { roles: RoleOption[] }) {
  return (
    <dl className="mb-6 grid gap-3 text-sm sm:grid-cols-3">
      {roles.map((role) => (
        <div key={role.value} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
          <dt className="font-semibold text-slate-900">{role.label}</dt>
          <dd className="mt-0.5 text-slate-600">{role.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A colleague's role, changed with a select and a button (a plain form: with or without JavaScript). */
function RoleForm({ member, roles, error }: { member: Member; roles: RoleOption[]; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "role" && navigation.formData.get("id") === member.id;
  const selectId = `perfil-${member.id}`;
  const errorId = `${selectId}-erro`;
  return (
    <Form method="post" action={LIST} preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={member.id} />
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
          Mudar perfil<span className="sr-only"> de {member.email}</span>
        </label>
        <select
          id={selectId}
          name="role"
          defaultValue={member.role}
          key={member.role}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${selectClass} sm:w-56`}
        >
          {roles.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy} className={`${smallButton} border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-60`}>
        {busy ? "Salvando..." : "Salvar perfil"}
      </button>
      {error ? <FieldError id={errorId} errors={[error]} /> : null}
    </Form>
  );
}

/** A colleague's open sessions (device, address, last seen), each with a button that ends it. */
function MemberSessions({ member }: { member: Member }) {
  if (member.sessions.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-slate-700">Sessões abertas ({member.sessions.length})</p>
      <ul className="mt-1 space-y-1 text-sm text-slate-600" aria-label={`Sessões abertas de ${member.email}`}>
        {member.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-800">{session.device}</span>
            {session.addressPrefix ? <span>{session.addressPrefix === "local" ? "rede local" : session.addressPrefix}</span> : null}
            <span>
              visto em <time dateTime={new Date(session.lastSeenAt).toISOString()}>{formatDateTime(session.lastSeenAt)}</time>
            </span>
            <Form method="post" action={LIST} preventScrollReset>
              <input type="hidden" name="intent" value="end-sessions" />
              <input type="hidden" name="id" value={member.id} />
              <input type="hidden" name="session" value={session.id} />
              <button
                type="submit"
                className="text-sm font-medium text-red-700 underline-offset-2 hover:underline"
                aria-label={`Encerrar sessão de ${member.email} (${session.device})`}
              >
                Encerrar
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {member.sessions.length > 1 ? (
        <Form method="post" action={LIST} preventScrollReset className="mt-2">
          <input type="hidden" name="intent" value="end-sessions" />
          <input type="hidden" name="id" value={member.id} />
          <button
            type="submit"
            className={`${smallButton} border-red-200 text-red-700 hover:bg-red-50`}
            aria-label={`Encerrar todas as sessões de ${member.email}`}
          >
            Encerrar todas as sessões
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { members, me, confirming, roles } = loaderData;
  const navigation = useNavigation();
  const inviting = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id: "convite",
    lastResult: actionData?.lastResult,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(inviteSchema),
    defaultValue: { role: "editor" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  useToastFrom(actionData);
  return (
    <AdminPage title="Equipe">
      <p className="mb-6 text-slate-600">
        Quem pode entrar no painel e o que cada pessoa pode fazer. Convide pessoas por e-mail com o perfil delas, mude o perfil depois, encerre sessões,
        desative o acesso de quem saiu, ou gere um link de nova senha.
      </p>
      <RoleGuide roles={roles} />
      {!loaderData.emailConfigured ? (
        <div role="note" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          <p className="font-semibold">O envio de e-mails não está configurado.</p>
          <p className="mt-0.5 text-sm">
            {loaderData.production
              ? "Convites e links de nova senha não são enviados: copie cada link que aparecer aqui e envie à pessoa por outro meio. Para enviar e-mails, configure SMTP_URL."
              : "Neste ambiente as mensagens vão para o log do servidor, e cada link também aparece aqui para copiar."}
          </p>
        </div>
      ) : null}
      {actionData?.toast && !confirming ? (
        <div className="mb-6">
          <InlineAlert toast={actionData.toast} />
        </div>
      ) : null}
      {actionData?.link ? (
        <div className="mb-6">
          <CopyLink
            label={`${actionData.link.purpose === "invite" ? "Link do convite" : "Link de nova senha"} para ${actionData.link.email}`}
            url={actionData.link.url}
          />
        </div>
      ) : null}

      <section aria-labelledby="convidar" className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="convidar" className="text-lg font-semibold text-slate-900">
          Convidar pessoa
        </h2>
        <p className="mt-1 text-sm text-slate-600">Ela recebe um link, válido por 72 horas, para criar a própria senha.</p>
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2 sm:items-start lg:grid-cols-[1fr_1fr_12rem_auto]"
        >
          <input type="hidden" name="intent" value="invite" />
          <TextField field={fields.email} label="E-mail" type="email" autoComplete="off" />
          <TextField field={fields.name} label="Nome (opcional)" autoComplete="off" />
          <div>
            <label htmlFor={fields.role.id} className="block text-sm font-medium text-slate-700">
              Perfil
            </label>
            {/* Always has a value (Editor first): nothing to mark as required. */}
            <select
              {...getSelectProps(fields.role)}
              key={String(fields.role.initialValue)}
              defaultValue={String(fields.role.initialValue ?? "editor")}
              className={selectClass}
            >
              {roles.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </select>
            <FieldError id={fields.role.errorId} errors={fields.role.errors} />
          </div>
          <button
            type="submit"
            disabled={inviting}
            className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60 sm:mt-6"
          >
            {inviting ? "Enviando..." : "Enviar convite"}
          </button>
        </Form>
      </section>

      <h2 className="mb-3 text-lg font-semibold text-slate-900">Pessoas na equipe</h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:justify-between" data-member={member.email}>
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">
                {member.name || member.email}
                {member.id === me ? <span className="ml-2 text-sm font-normal text-slate-500">(você)</span> : null}
              </p>
              {member.name ? <p className="text-sm break-words text-slate-600">{member.email}</p> : null}
              <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                <div className="flex gap-1">
                  <dt>Perfil:</dt>
                  <dd className="font-medium">{ROLES[member.role]}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Situação:</dt>
                  <dd>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[member.status].className}`}>{STATUS[member.status].label}</span>
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Verificação em duas etapas:</dt>
                  <dd className="font-medium">
                    {member.twoFactor ? "ativada" : "desativada"}
                    {member.passkeys > 0 ? ` · ${member.passkeys} ${member.passkeys === 1 ? "chave de acesso" : "chaves de acesso"}` : null}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Último acesso:</dt>
                  <dd>
                    {member.lastSignInAt ? <time dateTime={new Date(member.lastSignInAt).toISOString()}>{formatDateTime(member.lastSignInAt)}</time> : "nunca"}
                  </dd>
                </div>
              </dl>
              {member.id !== me ? (
                <>
                  <RoleForm member={member} roles={roles} error={actionData?.roleError?.id === member.id ? actionData.roleError.message : undefined} />
                  <MemberSessions member={member} />
                </>
              ) : null}
            </div>
            {member.id === me ? (
              <Link to="/admin/conta" className={`${smallButton} self-start border-slate-300 text-slate-700 hover:bg-slate-50 lg:self-auto`}>
                Minha conta
              </Link>
            ) : (
              <div className="flex flex-wrap gap-2">
                {member.status === "invited" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="invite" />
                    <input type="hidden" name="email" value={member.email} />
                    <input type="hidden" name="role" value={member.role} />
                    <button
                      type="submit"
                      className={`${smallButton} border-slate-300 text-slate-700 hover:bg-slate-50`}
                      aria-label={`Reenviar convite para ${member.email}`}
                    >
                      Reenviar convite
                    </button>
                  </Form>
                ) : null}
                {member.twoFactor || member.passkeys > 0 ? (
                  <Link
                    to={`${LIST}?redefinir-duas-etapas=${member.id}`}
                    preventScrollReset
                    className={`${smallButton} border-slate-300 text-slate-700 hover:bg-slate-50`}
                    aria-label={`Redefinir verificação em duas etapas de ${member.email}`}
                  >
                    Redefinir verificação em duas etapas
                  </Link>
                ) : null}
                {member.status === "active" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reset-link" />
                    <input type="hidden" name="id" value={member.id} />
                    <button
                      type="submit"
                      className={`${smallButton} border-slate-300 text-slate-700 hover:bg-slate-50`}
                      aria-label={`Link de nova senha para ${member.email}`}
                    >
                      Link de nova senha
                    </button>
                  </Form>
                ) : null}
                {member.status === "deactivated" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reactivate" />
                    <input type="hidden" name="id" value={member.id} />
                    <button
                      type="submit"
                      className={`${smallButton} border-emerald-300 text-emerald-800 hover:bg-emerald-50`}
                      aria-label={`Reativar ${member.email}`}
                    >
                      Reativar
                    </button>
                  </Form>
                ) : (
                  <Link
                    to={`${LIST}?desativar=${member.id}`}
                    preventScrollReset
                    className={`${smallButton} border-amber-300 text-amber-800 hover:bg-amber-50`}
                    aria-label={`Desativar ${member.email}`}
                  >
                    Desativar
                  </Link>
                )}
                <Link
                  to={`${LIST}?remover=${member.id}`}
                  preventScrollReset
                  className={`${smallButton} border-red-200 text-red-700 hover:bg-red-50`}
                  aria-label={`Remover ${member.email}`}
                >
                  Remover
                </Link>
              </div>
            )}
          </li>
        ))}
      </ul>
      {confirming ? <ConfirmChange verb={confirming.verb} member={confirming.member} toast={actionData?.toast} /> : null}
    </AdminPage>
  );
}

const CONFIRM: Record<"deactivate" | "remove" | "reset-2fa", { title: string; button: string; text: (email: string) => string }> = {
  deactivate: {
    title: "Desativar conta",
    button: "Desativar",
    text: (email) => `${email} não poderá mais entrar, e todas as sessões abertas dessa conta serão encerradas agora. Você pode reativá-la depois.`,
  },
  remove: {
    title: "Remover da equipe",
    button: "Remover",
    text: (email) => `A conta de ${email} será apagada. O registro de atividade dela continua guardado.`,
  },
  "reset-2fa": {
    title: "Redefinir verificação em duas etapas",
    button: "Redefinir",
    text: (email) =>
      `Para quem perdeu o celular: a chave do aplicativo autenticador, os códigos de recuperação e as chaves de acesso de ${email} serão apagados, e todas as sessões abertas dessa conta serão encerradas agora. A pessoa passa a entrar só com a senha e pode ativar a verificação de novo em Minha conta.`,
  },
};

function ConfirmChange({ verb, member, toast }: { verb: "deactivate" | "remove" | "reset-2fa"; member: Member; toast?: Toast }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === verb;
  const words = CONFIRM[verb];
  return (
    <RouteDialog title={words.title} closeTo={LIST} role="alertdialog">
      {toast?.type === "error" ? (
        <div className="mb-4">
          <InlineAlert toast={toast} />
        </div>
      ) : null}
      <p className="text-slate-700">{words.text(member.email)}</p>
      <Form method="post" action={LIST} className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value={verb} />
        <input type="hidden" name="id" value={member.id} />
        <Link to={LIST} preventScrollReset className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          Cancelar
        </Link>
        <button type="submit" disabled={busy} className="rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
          {busy ? "Aguarde..." : words.button}
        </button>
      </Form>
    </RouteDialog>
  );
}
