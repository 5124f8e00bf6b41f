import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/lib/forms/constraint";
import { z } from "zod";
import type { Route } from "./+types/admin_.login";
import { login } from "~/lib/auth.server";
import { UNREADABLE_FORM } from "~/lib/form-data.server";
import { getSessionUser } from "~/lib/session.server";
import { requestInfo } from "~/lib/request-info.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { finishSignIn, throttledToast } from "~/lib/sign-in.server";
import { waitingDraft } from "~/lib/form-drafts.server";
import { SessionEndedNote } from "~/components/account/session-draft";
import { TextField } from "~/components/admin/fields";
import { InlineAlert, useToastFrom } from "~/components/admin/admin-form";
import type { Toast } from "~/lib/toast";
import { adminDoors } from "~/lib/admin/guard.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { ACCOUNT_FORM_VALIDATION } from "~/components/account/validation-timing";
import { PasskeySignIn } from "~/components/account/passkey";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

const loginSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.email({ error: (issue) => (issue.input === undefined ? "E-mail é obrigatório" : "E-mail inválido") }),
  ),
  password: z.string({ error: "Senha é obrigatória" }),
  redirectTo: z.string().optional(),
});

function targetFrom(value: unknown): string {
  const path = safeRedirectPath(value, "/admin/dashboard");
  return path.startsWith("/admin/") && !path.startsWith("/admin/login") ? path : "/admin/dashboard";
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user?.role) throw redirect(targetFrom(redirectTo));
  // A save that found the session ended led here with what it posted kept: the page says so.
  return { redirectTo: redirectTo ? targetFrom(redirectTo) : "", keptDraft: await waitingDraft(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The form strategy (app/lib/auth.server.ts) is the only reader of the body: it parses the form
  // once, and this schema's verdict on it comes back with the result.
  const outcome = await login(request, requestInfo(context).ip, (form) => {
    const submission = parseWithZod(form, { schema: loginSchema });
    return { submission, credentials: submission.status === "success" ? submission.value : null };
  });
  if (!outcome) {
    // Not a readable form (JSON, a broken body): 400 with the page and a Portuguese message.
    const toast: Toast = { type: "error", title: "Erro no login", description: UNREADABLE_FORM };
    return data({ lastResult: null, toast }, { status: 400 });
  }
  const { submission, result } = outcome;
  if (submission.status !== "success" || !result) {
    return data({ lastResult: submission.reply({ hideFields: ["password"] }), toast: undefined as Toast | undefined }, { status: 400 });
  }
  if (!result.ok) {
    const toast: Toast =
      result.reason === "throttled"
        ? throttledToast(result.retryAfterMinutes)
        : { type: "error", title: "Erro no login", description: "Credenciais inválidas" };
    return data({ lastResult: submission.reply({ hideFields: ["password"] }), toast }, { status: result.reason === "throttled" ? 429 : 401 });
  }
  if (!result.user.isStaff) {
    return data(
      { lastResult: submission.reply({ hideFields: ["password"] }), toast: { type: "error", title: "Acesso não autorizado" } as Toast },
      { status: 403 },
    );
  }
  // With two-factor sign-in on, the password alone yields no session: the second step comes first.
  const headers = new Headers({ "Set-Cookie": result.deviceCookie });
  return finishSignIn(result.user, request, requestInfo(context).ip, { redirectTo: targetFrom(submission.value.redirectTo), headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Entrar | Painel Wind Digital" }, { name: "robots", content: "noindex" }];

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.lastResult,
    ...ACCOUNT_FORM_VALIDATION,
    constraint: formConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  useToastFrom(actionData);
  // Marks the page once its handlers run (browser tests wait for it before typing).
  const hydrated = useHydrated();
  return (
    <main
      id="conteudo"
      data-hydrated={hydrated || undefined}
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-ink to-brand-700 px-4 py-12"
    >
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-2xl">
        <h1 className="text-2xl font-bold text-slate-900">Painel administrativo</h1>
        <p className="mt-1 text-sm text-slate-600">Entre com seu e-mail e senha.</p>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-4">
          {loaderData.keptDraft ? <SessionEndedNote files={loaderData.keptDraft.files} /> : null}
          {actionData?.toast ? <InlineAlert toast={actionData.toast} /> : null}
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <TextField field={fields.email} label="E-mail" type="email" autoComplete="username" />
          <TextField field={fields.password} label="Senha" type="password" autoComplete="current-password" />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-full bg-brand-600 py-3 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? "Entrando..." : "Entrar"}
          </button>
        </Form>
        <PasskeySignIn
          kind="sign-in"
          redirectTo={loaderData.redirectTo}
          label="Entrar com chave de acesso"
          className="w-full rounded-full border border-slate-300 py-3 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        />
        <p className="mt-4 text-center text-sm">
          <Link to="/admin/esqueci-senha" className="font-medium text-brand-600 hover:underline">
            Esqueci minha senha
          </Link>
        </p>
      </div>
    </main>
  );
}
