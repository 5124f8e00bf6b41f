// Adding a passkey in "Minha conta": the server half of the browser's WebAuthn registration, as
// JSON. Under the admin layout, so its guard has found the session before this runs.
//   register-options  the account's password again (a session left open on someone else's
//                     computer must not become a way to add a key of theirs), then the options
//   register          the browser's new credential, verified against that challenge and stored;
//                     the person is told by e-mail, and the activity log keeps it
// Every refusal is a 4xx with a Portuguese `error`; success answers `redirectTo` ("Minha conta",
// with its toast's cookie set).
import { z } from "zod";
import type { Route } from "./+types/admin.conta_.chave-de-acesso";
import { credentialChanged } from "~/lib/credential-change.server";
import { recordActivity } from "~/lib/activity.server";
import { adminUser } from "~/lib/admin/guard.server";
import { db } from "~/lib/db.server";
import { checkPassword, PasswordCheckerBusy } from "~/lib/password.server";
import {
  addPasskey,
  ceremonyError,
  cleanPasskeyName,
  credentialJson,
  readCeremony,
  redirectAsJson,
  refusalResponse,
  registrationOptions,
} from "~/lib/passkeys.server";
import { hit, reset } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The same count as the other changes of "Minha conta" that ask for the password. */
const PASSWORD_TRIES = 5;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const body = z.discriminatedUnion("step", [
  z.object({ step: z.literal("register-options"), password: z.string().max(1000) }),
  z.object({ step: z.literal("register"), response: credentialJson, name: z.string().max(1000) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const me = adminUser(context);
  const input = await readCeremony(request, body);
  if (input instanceof Response) return input;
  const user = await db.user.findUniqueOrThrow({ where: { id: me.id } });

  if (input.step === "register-options") {
    const tries = await hit(`account:${user.id}`, PASSWORD_TRIES, PASSWORD_WINDOW_MS);
    if (!tries.allowed) {
      const minutes = Math.max(1, Math.ceil(tries.retryAfter / 60));
      return ceremonyError(`Muitas tentativas. Por segurança, tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`, 429);
    }
    let matches: boolean;
    try {
      matches = user.passwordHash !== null && (await checkPassword(input.password, user.passwordHash));
    } catch (error) {
      if (error instanceof PasswordCheckerBusy) return ceremonyError("Servidor ocupado. Tente novamente em instantes.", 503);
      throw error;
    }
    if (!matches) return ceremonyError("Senha incorreta.", 400);
    await reset(`account:${user.id}`);
    return Response.json(await registrationOptions(user, request));
  }

  const name = cleanPasskeyName(input.name) || "Chave de acesso";
  const result = await addPasskey(user, input.response as never, name, request);
  if (!result.ok) return refusalResponse(result.reason);
  await recordActivity({ actor: user.email, section: "conta" }, { action: "passkey_add", targetLabel: name });
  // A credential changed: the account's outstanding links end, and the person is told.
  await credentialChanged(user, "passkey_added", { passkeyName: name });
  return redirectAsJson(
    await redirectWithToast("/admin/conta", {
      type: "success",
      title: "Chave de acesso adicionada",
      description: "Na próxima vez, entre com ela, sem digitar a senha.",
    }),
  );
}
