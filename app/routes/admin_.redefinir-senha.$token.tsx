import type { Route } from "./+types/admin_.redefinir-senha.$token";
import { linkAction, linkLoader } from "~/lib/choose-password.server";
import { ChoosePasswordPage } from "~/components/account/choose-password";
import { adminDoors } from "~/lib/admin/guard.server";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

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
