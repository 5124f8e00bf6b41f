// The page behind an e-mailed link: the new-password form, or why the link no longer works and
// how to get a new one.
import { Form, Link } from "react-router";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/lib/forms/constraint";
import { invitationSchema, NEW_PASSWORD_HINT, newPasswordSchema } from "~/lib/password-rules";
import type { Toast } from "~/lib/toast";
import { TextField } from "~/components/admin/fields";
import type { FieldState } from "~/components/ui/field-props";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { AuthCard, SubmitButton } from "./auth-card";
import { ACCOUNT_FORM_VALIDATION } from "./validation-timing";

type State = "valid" | "used" | "expired" | "unknown";

const DEAD_LINK: Record<Exclude<State, "valid">, string> = {
  used: "Este link já foi usado.",
  expired: "Este link expirou.",
  unknown: "Este link não é válido.",
};

export function ChoosePasswordPage({
  purpose,
  loaderData,
  actionData,
}: {
  purpose: "invite" | "reset";
  loaderData: { state: State; email: string };
  actionData: { state: State; lastResult: SubmissionResult<string[]> | null; toast?: Toast } | undefined;
}) {
  const schema = purpose === "invite" ? invitationSchema() : newPasswordSchema();
  const [form, fields] = useForm({
    id: `${purpose}-password`,
    lastResult: actionData?.lastResult,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useToastFrom(actionData);
  const state = actionData?.state ?? loaderData.state;
  if (state !== "valid") {
    return (
      <AuthCard title={DEAD_LINK[state]}>
        {purpose === "reset" ? (
          <>
            <p className="mt-4 text-slate-700">Links de nova senha valem por 30 minutos e podem ser usados uma única vez. Peça um novo link:</p>
            <Link
              to="/admin/esqueci-senha"
              className="mt-6 block rounded-full bg-brand-600 py-3 text-center font-semibold text-white shadow hover:bg-brand-700"
            >
              Pedir um novo link
            </Link>
          </>
        ) : (
          <p className="mt-4 text-slate-700">
            Convites valem por 72 horas e podem ser usados uma única vez. Peça a quem convidou você para enviar um novo convite pela página Equipe do painel.
          </p>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/login" className="font-medium text-brand-600 hover:underline">
            Ir para o login
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={purpose === "invite" ? "Bem-vindo à equipe" : "Criar nova senha"}
      intro={
        <p>
          {purpose === "invite" ? "Crie a senha da sua conta " : "Escolha a nova senha de "}
          <strong>{loaderData.email}</strong>.
        </p>
      }
    >
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-4">
        {actionData?.toast ? <InlineAlert toast={actionData.toast} /> : null}
        {/* Lets password managers save the new password for the right account. */}
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        {purpose === "invite" ? <TextField field={(fields as unknown as Record<"name", FieldState>).name} label="Seu nome" autoComplete="name" /> : null}
        <TextField field={fields.password} label="Nova senha" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
        <TextField field={fields.passwordConfirmation} label="Confirme a nova senha" type="password" autoComplete="new-password" />
        <SubmitButton busyLabel="Salvando...">{purpose === "invite" ? "Criar senha e entrar" : "Salvar nova senha e entrar"}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
