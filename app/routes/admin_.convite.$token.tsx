import type { Route } from "./+types/admin_.convite.$token";
import { linkAction, linkLoader } from "~/lib/choose-password.server";
import { ChoosePasswordPage } from "~/components/account/choose-password";
import { adminDoors } from "~/lib/admin/guard.server";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

// The invitation link sent from the team page (single use, 72 hours): the new admin's first password.
export async function loader({ params }: Route.LoaderArgs) {
  return linkLoader(params.token, "invite");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return linkAction(request, context, params.token, "invite");
}

export const meta: Route.MetaFunction = () => [{ title: "Convite | Painel Wind Digital" }, { name: "robots", content: "noindex" }];

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <ChoosePasswordPage purpose="invite" loaderData={loaderData} actionData={actionData} />;
}
