import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin_.encerrar-sessao.$token";
import { readEndSessionToken } from "~/lib/account-tokens.server";
import { recordActivity } from "~/lib/activity.server";
import { adminDoors } from "~/lib/admin/guard.server";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { describeDevice } from "~/lib/user-agent";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

// The link of a new-device notice ("Não fui eu: encerrar essa sessão"): it works without signing
// in, since whoever got in may have changed the password. Opening it only shows the session (mail
// scanners open links); the button ends it. A link whose session is already gone, or that
// expired, or was altered, says so and points to a new password.
async function sessionOf(token: string) {
  const rowId = readEndSessionToken(token);
  if (!rowId) return null;
  return db.session.findUnique({ where: { id: rowId }, include: { user: { select: { email: true } } } });
}

export async function loader({ params }: Route.LoaderArgs) {
  const session = await sessionOf(params.token);
  if (!session) return data({ state: "gone" as const, session: null }, { status: 410 });
  return { state: "open" as const, session: { device: describeDevice(session.userAgent), address: session.addressPrefix, createdAt: session.createdAt } };
}

export async function action({ params }: Route.ActionArgs) {
  const session = await sessionOf(params.token);
  if (!session) return data({ state: "gone" as const }, { status: 410 });
  await db.session.deleteMany({ where: { id: session.id } });
  await recordActivity({ actor: session.user.email, section: "conta" }, { action: "session_end", summary: "Pelo link do aviso de novo acesso" });
  return { state: "ended" as const };
}

export const meta: Route.MetaFunction = () => [{ title: "Encerrar sessão | Painel Wind Digital" }, { name: "robots", content: "noindex" }];

const newPassword = (
  <Link to="/admin/esqueci-senha" className="mt-6 block rounded-full bg-brand-600 py-3 text-center font-semibold text-white shadow hover:bg-brand-700">
    Criar uma nova senha
  </Link>
);

export default function EndSession({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "ended") {
    return (
      <AuthCard title="Sessão encerrada">
        <p role="status" className="mt-4 text-slate-700">
          Esse dispositivo saiu da sua conta. Se não foi você quem entrou, crie agora uma nova senha: ao usá-la, todas as sessões da conta são encerradas.
        </p>
        {newPassword}
      </AuthCard>
    );
  }
  if (state === "gone" || !loaderData.session) {
    return (
      <AuthCard title="Esta sessão já foi encerrada">
        <p className="mt-4 text-slate-700">
          A sessão deste link já terminou, ou o link expirou. Se você não reconhece um acesso à sua conta, crie uma nova senha.
        </p>
        {newPassword}
      </AuthCard>
    );
  }
  const { device, address, createdAt } = loaderData.session;
  return (
    <AuthCard title="Encerrar sessão">
      <p className="mt-4 text-slate-700">
        {device}
        {address ? `, rede ${address}` : ""}, entrou em <time dateTime={new Date(createdAt).toISOString()}>{formatDateTime(createdAt)}</time>.
      </p>
      <p className="mt-3 text-sm text-slate-600">Encerrar a sessão tira esse dispositivo da sua conta agora.</p>
      <Form method="post" className="mt-6">
        <SubmitButton busyLabel="Encerrando...">Encerrar essa sessão</SubmitButton>
      </Form>
    </AuthCard>
  );
}
