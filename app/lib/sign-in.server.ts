// The end of every way into the admin (password, reset link, accepted invitation): a session, or,
// when the account has two-factor sign-in on, the second step first. Whatever came before, a
// session is created only here and in the second step's own route, after its code. A session
// opened from a device the account has not used before is told to the person by e-mail, with a
// link that ends that session (sign-in-history.server.ts).
import { redirect } from "react-router";
import { db } from "./db.server";
import { endSessionLink } from "./account-tokens.server";
import { sendSecurityNotice } from "./account-mail.server";
import { recordActivity } from "./activity.server";
import { claimDraft } from "./form-drafts.server";
import { addressPrefix, openUserSession } from "./session.server";
import { deviceLabel, isNewDevice } from "./sign-in-history.server";
import { describeDevice } from "./user-agent";
import { clearSecondStep, needsSecondStep, startSecondStep } from "./two-factor.server";
import { redirectWithToast } from "./toast.server";
import type { Toast } from "./toast";

const SECOND_STEP_PATH = "/admin/verificacao";
const SIGNED_IN: Toast = { type: "success", title: "Login realizado!", description: "Bem-vindo ao painel administrativo." };

interface Account {
  id: string;
  email: string;
  passwordHash: string | null;
  totpSecret: string | null;
}

/** What a sign-in step answers while the account or address is throttled (password and code alike). */
export function throttledToast(retryAfterMinutes: number): Toast {
  return {
    type: "error",
    title: "Muitas tentativas de login",
    description: `Por segurança, o acesso foi bloqueado temporariamente. Tente novamente em ${retryAfterMinutes} ${retryAfterMinutes === 1 ? "minuto" : "minutos"}.`,
  };
}

/**
 * Signs the account in from `request` (ending the session it held), or sends it to the second
 * step when two-factor sign-in is on (an authenticator app or a passkey). `headers` carries
 * other cookies to set on the way.
 */
export async function finishSignIn(
  account: Account,
  request: Request,
  ip: string,
  { redirectTo, toast = SIGNED_IN, headers = new Headers() }: { redirectTo: string; toast?: Toast; headers?: Headers },
): Promise<Response> {
  if (await needsSecondStep(account)) {
    headers.append("Set-Cookie", await startSecondStep(account, redirectTo));
    return redirect(SECOND_STEP_PATH, { headers });
  }
  return openSession(account, request, ip, { redirectTo, toast, headers });
}

/** Creates the session (the second step's last move too); records the sign-in, and tells of a new device. */
export async function openSession(
  account: { id: string; email: string },
  request: Request,
  ip: string,
  { redirectTo, toast = SIGNED_IN, headers = new Headers() }: { redirectTo: string; toast?: Toast; headers?: Headers },
): Promise<Response> {
  const userAgent = request.headers.get("User-Agent") ?? "";
  const prefix = addressPrefix(ip);
  const user = await db.user.findUniqueOrThrow({ where: { id: account.id }, select: { id: true, email: true, name: true, lastSignInAt: true } });
  // Read before this sign-in's own session and entry exist.
  const newDevice = await isNewDevice(user, userAgent, prefix);
  const session = await openUserSession(account.id, request, ip);
  headers.append("Set-Cookie", session.cookie);
  headers.append("Set-Cookie", await clearSecondStep());
  // A form this browser posted after its session had ended is now this account's to get back.
  await claimDraft(request, account.id);
  await db.user.update({ where: { id: account.id }, data: { lastSignInAt: new Date() } });
  await recordActivity({ actor: account.email, section: "login" }, { action: "sign_in", summary: deviceLabel(userAgent, prefix) });
  if (newDevice) {
    // In the background: the person's way in does not wait for the mail server.
    void sendSecurityNotice(user, "new_device", { device: describeDevice(userAgent), address: prefix, endSessionUrl: endSessionLink(session.rowId) });
  }
  return redirectWithToast(redirectTo, toast, { headers });
}
