import type { Route } from "./+types/admin_.redefinir-senha.$token";
import { linkAction, linkLoader } from "~/lib/choose-password.server";
import { ChoosePasswordPage } from "~/components/account/choose-password";
import { adminNoStore } from "~/lib/admin-guard.server";

// An admin route outside the admin layout: it sets its own `no-store` (see adminNoStore).
export const middleware: Route.MiddlewareFunction[] = [adminNoStore];

// The password-reset link sent by "Esqueci minha senha" (single use, 30 minutes).
export async function loader({ params }: Route.LoaderArgs) {
  return linkLoader(params.token, "reset");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return linkAction(request, context, params.token, "reset");
}

export const meta: Route.MetaFunction = () => [{ title: "Criar nova senha | Painel Wind Digital" }, { name: "robots", content: "noindex" }];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ChoosePasswordPage purpose="reset" loaderData={loaderData} actionData={actionData} />;
}
