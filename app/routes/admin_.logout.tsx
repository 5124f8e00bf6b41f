import { redirect } from "react-router";
import type { Route } from "./+types/admin_.logout";
import { destroyUserSession, getSessionUser } from "~/lib/session.server";
import { recordActivity } from "~/lib/activity.server";
import { redirectWithToast } from "~/lib/toast.server";
import { adminDoors } from "~/lib/admin/guard.server";

// A door into the admin area, outside its layout: open to anyone, never stored (adminDoors).
export const middleware: Route.MiddlewareFunction[] = adminDoors;

// Sign-out: the session row is deleted (revoked) and the cookie cleared. Outside the admin
// layout (admin_), so its guard does not stand in the way of a session that already ended.
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (user) await recordActivity({ actor: user.email, section: "login" }, { action: "sign_out" });
  const clear = await destroyUserSession(request);
  return redirectWithToast("/", { type: "success", title: "Logout realizado", description: "Até logo!" }, { headers: { "Set-Cookie": clear } });
}

export async function loader(_: Route.LoaderArgs) {
  return redirect("/admin/dashboard");
}
