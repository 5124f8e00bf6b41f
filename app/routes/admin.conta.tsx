import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/lib/forms/constraint";
import { z } from "zod";
import type { Route } from "./+types/admin.conta";
import { db } from "~/lib/db.server";
import { adminUser } from "~/lib/admin/guard.server";
import { maySeeLeads } from "~/lib/admin/permissions";
import { recordActivity } from "~/lib/activity.server";
import { formatDateTime } from "~/lib/dates";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data.server";
import { checkPassword, hashPassword, PasswordCheckerBusy } from "~/lib/password.server";
import { passwordChangeSchema } from "~/lib/password-rules";
import { hit, reset } from "~/lib/rate-limit.server";
import { endSessions } from "~/lib/session.server";
import {
  checkSecondFactor,
  disableTwoFactor,
  formatSecret,
  newRecoveryCodes,
  newTotpSecret,
  sealTotpSecret,
  storedTotpKey,
  totpQrSvg,
  unusedRecoveryCodes,
  verifyTotp,
} from "~/lib/two-factor.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Toast } from "~/lib/toast";
import { describeDevice } from "~/lib/user-agent";
import { TextField } from "~/components/admin/fields";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { AdminPage } from "~/components/admin/page";
import { LeadNotificationsSection } from "~/components/admin/lead-notifications";
import { ACCOUNT_FORM_VALIDATION } from "~/components/account/validation-timing";
import { listPasskeys, removePasskey, renamePasskey } from "~/lib/passkeys.server";
import { twoFactorRequired } from "~/lib/admin/two-factor-policy.server";
import { passkeyNameSchema, PasskeysSection } from "~/components/account/passkeys-section";
import { credentialChanged } from "~/lib/credential-change.server";
import { weakPasswordMessage } from "~/lib/password-strength.server";
import { NEW_PASSWORD_HINT } from "~/lib/password-rules";

// "Minha conta": the signed-in admin's own password, two-factor sign-in, passkeys and sessions.
// Every change that needs the password (changing it, turning two-factor off, adding a passkey) is
// throttled per account, so a session left open on someone else's computer does not become a way
// to guess the password.
const PAGE = "/admin/conta";
const SETUP = `${PAGE}?duas-etapas=configurar`;
const PASSWORD_TRIES = 5;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const confirmSchema = z.object({ code: z.string({ error: "Digite o código do aplicativo" }).trim() });
// Changing the account's e-mail: the new address and the current password (whoever finds a
// session left open cannot move the account to their own mailbox, and so to its reset links).
const emailChangeSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z
      .email({ error: (issue) => (issue.input === undefined || issue.input === "" ? "Digite o novo e-mail" : "E-mail inválido") })
      .max(254, "E-mail longo demais"),
  ),
  currentPassword: z.string({ error: "Digite a sua senha" }),
});
const disableSchema = z.object({
  currentPassword: z.string({ error: "Digite a sua senha" }),
  code: z.string({ error: "Digite um código do aplicativo ou de recuperação" }).trim(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = adminUser(context);
  const user = await db.user.findUniqueOrThrow({ where: { id: me.id } });
  const pendingKey = user.totpPending ? storedTotpKey(user.totpPending) : null;
  const settingUp = new URL(request.url).searchParams.get("duas-etapas") === "configurar" && !user.totpSecret && pendingKey;
  const sessions = await db.session.findMany({ where: { userId: me.id, expiresAt: { gt: new Date() } }, orderBy: { lastSeenAt: "desc" } });
  const passkeys = await listPasskeys(me.id);
  const query = new URL(request.url).searchParams;
  return {
    passkeys,
    twoFactorRequired: await twoFactorRequired(),
    renamingPasskey: query.get("renomear-chave"),
    removingPasskey: passkeys.find((passkey) => passkey.id === query.get("remover-chave")) ?? null,
    email: user.email,
    name: user.name,
    twoFactor: Boolean(user.totpSecret),
    // Only for those whose role reads the leads (no one else is ever sent a lead's e-mail).
    leadNotifications: maySeeLeads(me.role) ? { newLeads: user.notifyNewLeads, heldMessages: user.notifyHeldMessages } : null,
    recoveryLeft: user.totpSecret ? await unusedRecoveryCodes(user.id) : 0,
    setup: settingUp ? { qr: await totpQrSvg(user.email, pendingKey), key: formatSecret(pendingKey) } : null,
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      address: session.addressPrefix,
      lastSeenAt: session.lastSeenAt,
      current: session.id === me.sessionId,
    })),
  };
}

type Intent = "password" | "email" | "2fa-start" | "2fa-confirm" | "2fa-off" | "end-session" | "end-others" | "passkey-rename" | "passkey-remove";
interface ActionData {
  intent: Intent | null;
  lastResult: SubmissionResult<string[]> | null;
  toast?: Toast;
  recoveryCodes?: string[];
}
const reply = (body: ActionData, status = 200) => data(body, { status });

/** Counts a try of the password (or a code) for this account; the toast when over the limit. */
async function throttled(userId: string): Promise<Toast | null> {
  const result = await hit(`account:${userId}`, PASSWORD_TRIES, PASSWORD_WINDOW_MS);
  if (result.allowed) return null;
  const minutes = Math.max(1, Math.ceil(result.retryAfter / 60));
  return { type: "error", title: "Muitas tentativas", description: `Por segurança, tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.` };
}

async function passwordMatches(password: string, hash: string | null): Promise<boolean | "busy"> {
  if (!hash) return false;
  try {
    return await checkPassword(password, hash);
  } catch (error) {
    if (error instanceof PasswordCheckerBusy) return "busy";
    throw error;
  }
}

const PASSKEY_GONE: Toast = { type: "error", title: "Chave de acesso não encontrada", description: "Ela já pode ter sido removida." };
const BUSY: Toast = { type: "error", title: "Servidor ocupado", description: "Tente novamente em instantes." };

export async function action({ request, context }: Route.ActionArgs) {
  const me = adminUser(context);
  const log = { actor: me.email, section: "conta" as const };
  const form = await readFormData(request).catch(() => null);
  if (!form) return reply({ intent: null, lastResult: null, toast: { type: "error", title: "Erro", description: UNREADABLE_FORM } }, 400);
  if (new URL(request.url).searchParams.has("avisos") && maySeeLeads(me.role)) {
    // The lead notifications (app/lib/leads/notify.server.ts), a form of their own.
    await db.user.update({ where: { id: me.id }, data: { notifyNewLeads: form.get("novos") === "on", notifyHeldMessages: form.get("conversas") === "on" } });
    return redirectWithToast(PAGE, { type: "success", title: "Avisos salvos" });
  }
  const intent = String(form.get("intent") ?? "") as Intent;
  const user = await db.user.findUniqueOrThrow({ where: { id: me.id } });

  if (intent === "password") {
    const submission = parseWithZod(form, { schema: passwordChangeSchema(user.email) });
    const hide = { hideFields: ["currentPassword", "password", "passwordConfirmation"] };
    if (submission.status !== "success") return reply({ intent, lastResult: submission.reply(hide) }, 400);
    const weak = await weakPasswordMessage(submission.value.password, user);
    if (weak) return reply({ intent, lastResult: submission.reply({ ...hide, fieldErrors: { password: [weak] } }) }, 400);
    const limited = await throttled(user.id);
    if (limited) return reply({ intent, lastResult: submission.reply(hide), toast: limited }, 429);
    const matches = await passwordMatches(submission.value.currentPassword, user.passwordHash);
    if (matches === "busy") return reply({ intent, lastResult: submission.reply(hide), toast: BUSY }, 503);
    if (!matches) return reply({ intent, lastResult: submission.reply({ ...hide, fieldErrors: { currentPassword: ["Senha atual incorreta"] } }) }, 400);
    await reset(`account:${user.id}`);
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(submission.value.password) } });
    const ended = await endSessions(user.id, me.sessionId);
    await recordActivity(log, { action: "password_change" });
    await credentialChanged(user, "password_changed");
    return redirectWithToast(PAGE, {
      type: "success",
      title: "Senha alterada",
      description:
        ended > 0 ? `As outras ${ended === 1 ? "sessão foi encerrada" : `${ended} sessões foram encerradas`}.` : "Use a nova senha no próximo login.",
    });
  }

  if (intent === "email") {
    const submission = parseWithZod(form, { schema: emailChangeSchema });
    const hide = { hideFields: ["currentPassword"] };
    if (submission.status !== "success") return reply({ intent, lastResult: submission.reply(hide) }, 400);
    const email = submission.value.email;
    if (email === user.email)
      return reply({ intent, lastResult: submission.reply({ ...hide, fieldErrors: { email: ["Este já é o e-mail da sua conta"] } }) }, 400);
    const limited = await throttled(user.id);
    if (limited) return reply({ intent, lastResult: submission.reply(hide), toast: limited }, 429);
    const matches = await passwordMatches(submission.value.currentPassword, user.passwordHash);
    if (matches === "busy") return reply({ intent, lastResult: submission.reply(hide), toast: BUSY }, 503);
    if (!matches) return reply({ intent, lastResult: submission.reply({ ...hide, fieldErrors: { currentPassword: ["Senha incorreta"] } }) }, 400);
    await reset(`account:${user.id}`);
    // The unique index decides between two accounts moving to one address at once.
    const taken = await db.user
      .updateMany({ where: { id: user.id }, data: { email } })
      .then(() => false)
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === "P2002") return true;
        throw error;
      });
    if (taken) return reply({ intent, lastResult: submission.reply({ ...hide, fieldErrors: { email: ["Este e-mail já é de outra conta da equipe"] } }) }, 400);
    const ended = await endSessions(user.id, me.sessionId);
    await recordActivity({ ...log, actor: email }, { action: "email_change", summary: `${user.email} → ${email}` });
    await credentialChanged({ ...user, email }, "email_changed", { newEmail: email, previousEmail: user.email });
    return redirectWithToast(PAGE, {
      type: "success",
      title: "E-mail alterado",
      description: `Use ${email} no próximo login.${ended > 0 ? ` ${ended === 1 ? "A outra sessão foi encerrada" : `As outras ${ended} sessões foram encerradas`}.` : ""}`,
    });
  }

  if (intent === "2fa-start") {
    if (user.totpSecret) return redirect(PAGE);
    await db.user.update({ where: { id: user.id }, data: { totpPending: newTotpSecret() } });
    return redirect(SETUP);
  }

  if (intent === "2fa-confirm") {
    const submission = parseWithZod(form, { schema: confirmSchema });
    if (submission.status !== "success") return reply({ intent, lastResult: submission.reply() }, 400);
    if (user.totpSecret || !user.totpPending) return redirect(PAGE);
    const limited = await throttled(user.id);
    if (limited) return reply({ intent, lastResult: submission.reply(), toast: limited }, 429);
    if (!verifyTotp(user.email, user.totpPending, submission.value.code)) {
      return reply(
        { intent, lastResult: submission.reply({ fieldErrors: { code: ["Código incorreto. Confira o relógio do celular e digite o código atual."] } }) },
        400,
      );
    }
    await reset(`account:${user.id}`);
    // A key pending since before keys were encrypted is stored encrypted now.
    const pendingKey = storedTotpKey(user.totpPending)!;
    await db.user.update({ where: { id: user.id }, data: { totpSecret: sealTotpSecret(pendingKey), totpPending: null } });
    const recoveryCodes = await newRecoveryCodes(user.id);
    await recordActivity(log, { action: "two_factor_on" });
    await credentialChanged(user, "two_factor_added");
    return reply({
      intent,
      lastResult: null,
      toast: {
        type: "success",
        title: "Verificação em duas etapas ativada",
        description: "Guarde os códigos de recuperação agora: eles não serão mostrados de novo.",
      },
      recoveryCodes,
    });
  }

  if (intent === "2fa-off") {
    const submission = parseWithZod(form, { schema: disableSchema });
    const hide = { hideFields: ["currentPassword", "code"] };
    if (submission.status !== "success") return reply({ intent, lastResult: submission.reply(hide) }, 400);
    if (!user.totpSecret) return redirect(PAGE);
    const limited = await throttled(user.id);
    if (limited) return reply({ intent, lastResult: submission.reply(hide), toast: limited }, 429);
    const matches = await passwordMatches(submission.value.currentPassword, user.passwordHash);
    if (matches === "busy") return reply({ intent, lastResult: submission.reply(hide), toast: BUSY }, 503);
    const codeOk = matches === true && (await checkSecondFactor(user, submission.value.code)) !== null;
    if (!codeOk) {
      return reply(
        {
          intent,
          lastResult: submission.reply(hide),
          toast: { type: "error", title: "Não foi possível desativar", description: "Senha ou código incorretos." },
        },
        400,
      );
    }
    await reset(`account:${user.id}`);
    await disableTwoFactor(user.id);
    await recordActivity(log, { action: "two_factor_off" });
    await credentialChanged(user, "two_factor_removed");
    return redirectWithToast(PAGE, { type: "success", title: "Verificação em duas etapas desativada" });
  }

  if (intent === "end-session") {
    const id = String(form.get("id") ?? "");
    const { count } = await db.session.deleteMany({ where: { id, userId: user.id, NOT: { id: me.sessionId } } });
    if (count === 0) return redirectWithToast(PAGE, { type: "error", title: "Sessão não encontrada", description: "Ela já pode ter sido encerrada." });
    await recordActivity(log, { action: "session_end" });
    return redirectWithToast(PAGE, { type: "success", title: "Sessão encerrada" });
  }

  if (intent === "passkey-rename") {
    const submission = parseWithZod(form, { schema: passkeyNameSchema });
    if (submission.status !== "success") return reply({ intent, lastResult: submission.reply() }, 400);
    if (!(await renamePasskey(user.id, submission.value.id, submission.value.name))) return redirectWithToast(PAGE, PASSKEY_GONE);
    await recordActivity(log, { action: "passkey_rename", targetLabel: submission.value.name });
    return redirectWithToast(PAGE, { type: "success", title: "Chave de acesso renomeada" });
  }

  if (intent === "passkey-remove") {
    const name = await removePasskey(user.id, String(form.get("id") ?? ""));
    if (name === null) return redirectWithToast(PAGE, PASSKEY_GONE);
    await recordActivity(log, { action: "passkey_remove", targetLabel: name });
    await credentialChanged(user, "passkey_removed", { passkeyName: name });
    return redirectWithToast(PAGE, { type: "success", title: "Chave de acesso removida" });
  }

  if (intent === "end-others") {
    const ended = await endSessions(user.id, me.sessionId);
    await recordActivity(log, { action: "sessions_end_others", summary: `${ended} ${ended === 1 ? "sessão encerrada" : "sessões encerradas"}` });
    return redirectWithToast(PAGE, {
      type: "success",
      title: "Outros dispositivos desconectados",
      description: ended === 0 ? "Não havia outras sessões abertas." : `${ended} ${ended === 1 ? "sessão encerrada" : "sessões encerradas"}.`,
    });
  }
  return reply(
    { intent: null, lastResult: null, toast: { type: "error", title: "Ação desconhecida", description: "Recarregue a página e tente novamente." } },
    400,
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Admin" }];

const card = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const primary = "rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SectionAlert({ actionData, intent }: { actionData: ActionData | undefined; intent: Intent }) {
  return actionData?.intent === intent && actionData.toast ? (
    <div className="mt-4">
      <InlineAlert toast={actionData.toast} />
    </div>
  ) : null;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData);
  // A save that worked redirects back here: its forms start empty, as after a page load without
  // JavaScript (the passwords typed would otherwise stay in the fields). A refused save keeps
  // the location, and what was typed stays next to its errors.
  const { key } = useLocation();
  return (
    <AdminPage title="Minha conta">
      <p className="mb-6 text-slate-600">
        {loaderData.name ? `${loaderData.name} · ` : ""}
        {loaderData.email}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePassword key={`senha:${key}`} actionData={actionData} />
        <ChangeEmail key={`email:${key}`} actionData={actionData} email={loaderData.email} />
        <TwoFactor key={`duas-etapas:${key}`} loaderData={loaderData} actionData={actionData} />
      </div>
      <PasskeysSection
        page={PAGE}
        passkeys={loaderData.passkeys}
        renaming={loaderData.renamingPasskey}
        removing={loaderData.removingPasskey}
        afterLastPasskey={
          loaderData.twoFactor
            ? "Sem ela, o login pedirá a senha e o código do aplicativo."
            : loaderData.twoFactorRequired
              ? "A equipe exige a verificação em duas etapas: sem ela, você será levado a ativar o aplicativo autenticador."
              : "Sem ela, o login pedirá só a senha."
        }
        renameResult={actionData?.intent === "passkey-rename" ? actionData.lastResult : undefined}
      />
      <Sessions sessions={loaderData.sessions} />
      {loaderData.leadNotifications ? <LeadNotificationsSection {...loaderData.leadNotifications} /> : null}
    </AdminPage>
  );
}

function ChangePassword({ actionData }: { actionData: ActionData | undefined }) {
  const [form, fields] = useForm({
    id: "alterar-senha",
    lastResult: actionData?.intent === "password" ? actionData.lastResult : undefined,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(passwordChangeSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema() }),
  });
  const busy = useBusy("password");
  return (
    <section aria-labelledby="senha" className={card}>
      <h2 id="senha" className="text-lg font-semibold text-slate-900">
        Alterar senha
      </h2>
      <p className="mt-1 text-sm text-slate-600">As sessões abertas em outros dispositivos serão encerradas.</p>
      <SectionAlert actionData={actionData} intent="password" />
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="password" />
        <TextField field={fields.currentPassword} label="Senha atual" type="password" autoComplete="current-password" />
        <TextField field={fields.password} label="Nova senha" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
        <TextField field={fields.passwordConfirmation} label="Confirme a nova senha" type="password" autoComplete="new-password" />
        <button type="submit" disabled={busy} className={primary}>
          {busy ? "Salvando..." : "Alterar senha"}
        </button>
      </Form>
    </section>
  );
}

function ChangeEmail({ actionData, email }: { actionData: ActionData | undefined; email: string }) {
  const [form, fields] = useForm({
    id: "alterar-email",
    lastResult: actionData?.intent === "email" ? actionData.lastResult : undefined,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(emailChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailChangeSchema }),
  });
  const busy = useBusy("email");
  return (
    <section aria-labelledby="email" className={card}>
      <h2 id="email" className="text-lg font-semibold text-slate-900">
        Alterar e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Hoje: {email}. Os dois endereços recebem um aviso, e as sessões abertas em outros dispositivos serão encerradas.
      </p>
      <SectionAlert actionData={actionData} intent="email" />
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="email" />
        <TextField field={fields.email} label="Novo e-mail" type="email" autoComplete="email" />
        <TextField field={fields.currentPassword} label="Sua senha" type="password" autoComplete="current-password" />
        <button type="submit" disabled={busy} className={primary}>
          {busy ? "Salvando..." : "Alterar e-mail"}
        </button>
      </Form>
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function TwoFactor({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionData | undefined }) {
  const [confirmForm, confirmFields] = useForm({
    id: "confirmar-duas-etapas",
    lastResult: actionData?.intent === "2fa-confirm" ? actionData.lastResult : undefined,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(confirmSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSchema }),
  });
  const [offForm, offFields] = useForm({
    id: "desativar-duas-etapas",
    lastResult: actionData?.intent === "2fa-off" ? actionData.lastResult : undefined,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(disableSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableSchema }),
  });
  const starting = useBusy("2fa-start");
  const confirming = useBusy("2fa-confirm");
  const turningOff = useBusy("2fa-off");
  const codes = actionData?.recoveryCodes;
  return (
    <section aria-labelledby="duas-etapas" className={card}>
      <h2 id="duas-etapas" className="text-lg font-semibold text-slate-900">
        Verificação em duas etapas
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Além da senha, o login pede um código de 6 dígitos de um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).
      </p>
      <SectionAlert actionData={actionData} intent={actionData?.intent === "2fa-off" ? "2fa-off" : "2fa-confirm"} />
      {codes ? (
        <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <h3 className="font-semibold text-amber-900">Seus códigos de recuperação</h3>
          <p className="mt-1 text-sm text-amber-900">
            Guarde-os em lugar seguro agora: eles não serão mostrados de novo. Cada um serve uma única vez para entrar se você perder o celular.
          </p>
          <ul className="mt-3 grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2" aria-label="Códigos de recuperação" data-recovery-codes>
            {codes.map((code) => (
              <li key={code} className="rounded bg-white px-2 py-1 whitespace-nowrap text-slate-900">
                {code}
              </li>
            ))}
          </ul>
          <Link to={PAGE} className={`${secondary} mt-4 inline-block`}>
            Já guardei os códigos
          </Link>
        </div>
      ) : loaderData.twoFactor ? (
        <>
          <p className="mt-4 font-medium text-emerald-800">
            Ativada. {loaderData.recoveryLeft} {loaderData.recoveryLeft === 1 ? "código de recuperação disponível" : "códigos de recuperação disponíveis"}.
          </p>
          <Form method="post" id={offForm.id} onSubmit={offForm.onSubmit} noValidate className="mt-4 space-y-4 border-t border-slate-200 pt-4">
            <h3 className="font-semibold text-slate-900">Desativar</h3>
            <input type="hidden" name="intent" value="2fa-off" />
            <TextField field={offFields.currentPassword} label="Sua senha" type="password" autoComplete="current-password" />
            <TextField field={offFields.code} label="Código do aplicativo ou de recuperação" autoComplete="one-time-code" />
            <button
              type="submit"
              disabled={turningOff}
              className="rounded-full border border-red-300 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              {turningOff ? "Desativando..." : "Desativar verificação em duas etapas"}
            </button>
          </Form>
        </>
      ) : loaderData.setup ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">1. No aplicativo autenticador, leia este QR code:</p>
          {/* The QR code is an SVG drawn on the server by the qrcode library from the key alone. */}
          <div
            className="mx-auto w-48 max-w-full rounded-lg border border-slate-200 bg-white p-2"
            role="img"
            aria-label="QR code da chave"
            dangerouslySetInnerHTML={{ __html: loaderData.setup.qr }}
          />
          <p className="text-sm text-slate-700">
            Ou digite a chave:{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all text-slate-900" data-totp-key>
              {loaderData.setup.key}
            </code>
          </p>
          <Form method="post" id={confirmForm.id} onSubmit={confirmForm.onSubmit} noValidate className="space-y-4">
            <input type="hidden" name="intent" value="2fa-confirm" />
            <TextField
              field={confirmFields.code}
              label="2. Digite o código de 6 dígitos que o aplicativo mostra"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <div className="flex flex-wrap gap-3">
              <button type="submit" disabled={confirming} className={primary}>
                {confirming ? "Confirmando..." : "Confirmar e ativar"}
              </button>
              <Link to={PAGE} className={secondary}>
                Cancelar
              </Link>
            </div>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-4">
          <p className="mb-4 font-medium text-slate-700">Desativada.</p>
          <input type="hidden" name="intent" value="2fa-start" />
          <button type="submit" disabled={starting} className={primary}>
            {starting ? "Preparando..." : "Ativar verificação em duas etapas"}
          </button>
        </Form>
      )}
    </section>
  );
}

function Sessions({ sessions }: { sessions: LoaderData["sessions"] }) {
  const endingOthers = useBusy("end-others");
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessoes" className={`${card} mt-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessoes" className="text-lg font-semibold text-slate-900">
          Sessões ativas
        </h2>
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <button type="submit" disabled={endingOthers} className={secondary}>
              Sair de todos os outros dispositivos
            </button>
          </Form>
        ) : null}
      </div>
      <ul className="mt-4 divide-y divide-slate-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-session>
            <div>
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-emerald-100 whitespace-nowrap px-2 py-0.5 text-xs font-medium text-emerald-800">Este dispositivo</span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                Último acesso: <time dateTime={new Date(session.lastSeenAt).toISOString()}>{formatDateTime(session.lastSeenAt)}</time>
                {session.address ? ` · Rede ${session.address}` : null}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="id" value={session.id} />
                <button
                  type="submit"
                  className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                  aria-label={`Encerrar sessão: ${session.device}`}
                >
                  Encerrar
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
