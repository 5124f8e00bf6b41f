import { data, Form, Link } from "react-router";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/lib/forms/constraint";
import { z } from "zod";
import type { Route } from "./+types/admin_.verificacao";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data.server";
import { requestInfo } from "~/lib/request-info.server";
import { recordActivity } from "~/lib/activity.server";
import { recordSignInFailure } from "~/lib/auth.server";
import { openSession, throttledToast } from "~/lib/sign-in.server";
import { clearSecondStep, pendingSignIn, verifySecondStep } from "~/lib/two-factor.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Toast } from "~/lib/toast";
import { TextField } from "~/components/admin/fields";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { adminDoors } from "~/lib/admin/guard.server";
import { ACCOUNT_FORM_VALIDATION } from "~/components/account/validation-timing";
import { PasskeySignIn } from "~/components/account/passkey";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

// The second step of signing in, for accounts with two-factor sign-in on: the password (or a
// reset link) led here with a short-lived signed cookie and no session; a 6-digit code from the
// authenticator app, one of the recovery codes, or one of the account's passkeys (with
// JavaScript: app/components/account/passkey.tsx) opens the session. Outside the admin layout
// (admin_): there is no session yet for its guard to find.
const codeSchema = z.object({
  code: z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string({ error: "Digite o código" }).max(40, "Código inválido")),
});

const EXPIRED: Toast = { type: "error", title: "Verificação expirada", description: "Entre com seu e-mail e senha novamente." };

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await pendingSignIn(request);
  if (!pending) throw await redirectWithToast("/admin/login", EXPIRED, { headers: { "Set-Cookie": await clearSecondStep() } });
  return { email: pending.user.email, totp: Boolean(pending.user.totpSecret), passkeys: pending.passkeys > 0 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request).catch(() => null);
  if (!form) return data({ lastResult: null, toast: { type: "error", title: "Erro no login", description: UNREADABLE_FORM } as Toast }, { status: 400 });
  const pending = await pendingSignIn(request);
  if (!pending) throw await redirectWithToast("/admin/login", EXPIRED, { headers: { "Set-Cookie": await clearSecondStep() } });
  const submission = parseWithZod(form, { schema: codeSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply(), toast: undefined as Toast | undefined }, { status: 400 });
  const ip = requestInfo(context).ip;
  const result = await verifySecondStep(pending, submission.value.code, ip);
  if (!result.ok && (result.reason === "invalid" || result.justLocked)) {
    await recordSignInFailure(request, pending.user.email, ip, result.reason === "invalid" ? "sign_in_failed" : "sign_in_locked", "second");
  }
  if (!result.ok) {
    const toast: Toast =
      result.reason === "throttled"
        ? throttledToast(result.retryAfterMinutes)
        : { type: "error", title: "Código inválido", description: "Confira o código no aplicativo autenticador (ou o código de recuperação) e tente de novo." };
    return data({ lastResult: submission.reply({ resetForm: true }), toast }, { status: result.reason === "throttled" ? 429 : 401 });
  }
  if (!pending.user.isStaff) {
    throw await redirectWithToast("/admin/login", { type: "error", title: "Acesso não autorizado" }, { headers: { "Set-Cookie": await clearSecondStep() } });
  }
  if (result.method === "recovery") await recordActivity({ actor: pending.user.email, section: "login" }, { action: "recovery_code_used" });
  return openSession(pending.user, request, ip, { redirectTo: pending.redirectTo });
}

export const meta: Route.MetaFunction = () => [{ title: "Verificação em duas etapas | Painel Wind Digital" }, { name: "robots", content: "noindex" }];

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "verificacao",
    lastResult: actionData?.lastResult,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(codeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
  });
  useToastFrom(actionData);
  return (
    <AuthCard
      title="Verificação em duas etapas"
      intro={
        loaderData.totp ? (
          <p>
            Digite o código de 6 dígitos do aplicativo autenticador para <strong>{loaderData.email}</strong>, ou um dos seus códigos de recuperação.
          </p>
        ) : (
          <p>
            Use a chave de acesso de <strong>{loaderData.email}</strong> para concluir o login.
          </p>
        )
      }
    >
      {loaderData.totp ? (
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-4">
          {actionData?.toast ? <InlineAlert toast={actionData.toast} /> : null}
          <TextField field={fields.code} label="Código" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} />
          <SubmitButton busyLabel="Verificando...">Verificar</SubmitButton>
        </Form>
      ) : (
        <noscript>
          <p className="mt-6 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            A chave de acesso precisa de JavaScript. Ative o JavaScript neste navegador e tente de novo.
          </p>
        </noscript>
      )}
      {loaderData.passkeys ? (
        <PasskeySignIn
          kind="second-step"
          label="Usar chave de acesso"
          divider={loaderData.totp}
          className={
            loaderData.totp
              ? "w-full rounded-full border border-slate-300 py-3 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
              : "w-full rounded-full bg-brand-600 py-3 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60"
          }
        />
      ) : null}
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/login" className="font-medium text-brand-600 hover:underline">
          Voltar ao login
        </Link>
      </p>
    </AuthCard>
  );
}
