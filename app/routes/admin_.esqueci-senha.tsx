import { data, Form, Link } from "react-router";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/lib/forms/constraint";
import { z } from "zod";
import type { Route } from "./+types/admin_.esqueci-senha";
import { env } from "~/lib/env.server";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data.server";
import { emailConfigured } from "~/lib/mail.server";
import { requestPasswordReset } from "~/lib/password-reset.server";
import { requestInfo } from "~/lib/request-info.server";
import type { Toast } from "~/lib/toast";
import { TextField } from "~/components/admin/fields";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { adminDoors } from "~/lib/admin/guard.server";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

// "Esqueci minha senha": asks for the e-mail and answers the same whether or not it has an
// account (see app/lib/password-reset.server.ts). In production without SMTP no e-mail can
// leave, so the page says to ask another admin for a link instead.
const schema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.email({ error: (issue) => (issue.input === undefined || issue.input === "" ? "E-mail é obrigatório" : "E-mail inválido") }),
  ),
});

export async function loader(_: Route.LoaderArgs) {
  return { canEmail: emailConfigured() || env.NODE_ENV !== "production" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request).catch(() => null);
  if (!form)
    return data({ lastResult: null, sent: false, toast: { type: "error", title: "Erro", description: UNREADABLE_FORM } as Toast | undefined }, { status: 400 });
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data({ lastResult: submission.reply(), sent: false, toast: undefined }, { status: 400 });
  const result = await requestPasswordReset(submission.value.email, requestInfo(context).ip);
  if (!result.ok) {
    const toast: Toast = {
      type: "error",
      title: "Muitas solicitações",
      description: `Por segurança, aguarde ${result.retryAfterMinutes} ${result.retryAfterMinutes === 1 ? "minuto" : "minutos"} antes de pedir outro link.`,
    };
    return data({ lastResult: submission.reply(), sent: false, toast }, { status: 429 });
  }
  return data({ lastResult: null, sent: true, toast: undefined });
}

export const meta: Route.MetaFunction = () => [{ title: "Esqueci minha senha | Painel Wind Digital" }, { name: "robots", content: "noindex" }];

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "esqueci-senha",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: formConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useToastFrom(actionData);
  const back = (
    <p className="mt-6 text-center text-sm">
      <Link to="/admin/login" className="font-medium text-brand-600 hover:underline">
        Voltar ao login
      </Link>
    </p>
  );
  if (actionData?.sent) {
    return (
      <AuthCard title="Verifique seu e-mail">
        <p role="status" className="mt-4 text-slate-700">
          Se esse e-mail for de uma conta de administrador ativa, enviamos para ele um link para criar uma nova senha. O link vale por 30 minutos.
        </p>
        <p className="mt-3 text-sm text-slate-600">Não chegou? Confira a caixa de spam ou peça a outro administrador.</p>
        {back}
      </AuthCard>
    );
  }
  if (!loaderData.canEmail) {
    return (
      <AuthCard title="Esqueci minha senha">
        <p className="mt-4 text-slate-700">
          O envio de e-mails não está configurado neste site. Peça a outro administrador um link para criar uma nova senha: ele o gera na página Equipe do
          painel.
        </p>
        {back}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Esqueci minha senha" intro={<p>Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.</p>}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-4">
        {actionData?.toast ? <InlineAlert toast={actionData.toast} /> : null}
        <TextField field={fields.email} label="E-mail" type="email" autoComplete="username" />
        <SubmitButton busyLabel="Enviando...">Enviar link</SubmitButton>
      </Form>
      {back}
    </AuthCard>
  );
}
