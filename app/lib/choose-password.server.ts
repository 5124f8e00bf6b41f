// The pages behind the e-mailed links, /admin/redefinir-senha/<token> and /admin/convite/<token>:
// choose a password (and, when accepting an invitation, say one's name), then sign in. Using the
// link ends every session the account had and signs in from here, through the second step when
// two-factor sign-in is on. A used, expired or unknown link says so.
import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { consumeAccountToken, endAccountLinks, inspectAccountToken, type TokenPurpose } from "./account-tokens.server";
import { credentialChanged } from "./credential-change.server";
import { recordActivity } from "./activity.server";
import { db } from "./db.server";
import { readFormData, UNREADABLE_FORM } from "./form-data.server";
import { hashPassword } from "./password.server";
import { weakPasswordMessage } from "./password-strength.server";
import { invitationSchema, newPasswordSchema } from "./password-rules";
import { requestInfo } from "./request-info.server";
import { endSessions } from "./session.server";
import { finishSignIn } from "./sign-in.server";
import type { Toast } from "./toast";
import "./zod-locale.server";

type LinkState = "valid" | "used" | "expired" | "unknown";

/** The status a page of a link that no longer works answers with. */
const STATUS: Record<Exclude<LinkState, "valid">, number> = { used: 410, expired: 410, unknown: 404 };

export async function linkLoader(token: string, purpose: TokenPurpose) {
  const found = await inspectAccountToken(token, purpose);
  if (found.state !== "valid") return data({ state: found.state as LinkState, email: "" }, { status: STATUS[found.state] });
  return data({ state: "valid" as LinkState, email: found.user.email });
}

const SUCCESS: Record<TokenPurpose, Toast> = {
  invite: { type: "success", title: "Bem-vindo à equipe!", description: "Sua senha foi criada." },
  reset: { type: "success", title: "Senha redefinida!", description: "Todas as outras sessões da sua conta foram encerradas." },
};

export async function linkAction(request: Request, context: Readonly<RouterContextProvider>, token: string, purpose: TokenPurpose) {
  const form = await readFormData(request).catch(() => null);
  if (!form) {
    return data(
      { state: "valid" as LinkState, lastResult: null, toast: { type: "error", title: "Erro", description: UNREADABLE_FORM } as Toast | undefined },
      { status: 400 },
    );
  }
  const found = await inspectAccountToken(token, purpose);
  if (found.state !== "valid") return data({ state: found.state as LinkState, lastResult: null, toast: undefined }, { status: STATUS[found.state] });
  const user = found.user;
  const schema = purpose === "invite" ? invitationSchema(user.email) : newPasswordSchema(user.email);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return data(
      { state: "valid" as LinkState, lastResult: submission.reply({ hideFields: ["password", "passwordConfirmation"] }), toast: undefined },
      { status: 400 },
    );
  }
  const name = "name" in submission.value ? (submission.value.name as string | undefined) : undefined;
  const weak = await weakPasswordMessage(submission.value.password, { email: user.email, name: name || user.name });
  if (weak) {
    return data(
      {
        state: "valid" as LinkState,
        lastResult: submission.reply({ hideFields: ["password", "passwordConfirmation"], fieldErrors: { password: [weak] } }),
        toast: undefined,
      },
      { status: 400 },
    );
  }
  const passwordHash = await hashPassword(submission.value.password);
  // Marks the link used in the same statement that checks it: of two tries with one link, one wins.
  if (!(await consumeAccountToken(token, purpose, user.id))) return data({ state: "used" as LinkState, lastResult: null, toast: undefined }, { status: 410 });
  const updated = await db.user.update({
    where: { id: user.id },
    data: { passwordHash, ...(name ? { name } : {}) },
    select: { id: true, email: true, name: true, passwordHash: true, totpSecret: true },
  });
  await endSessions(user.id);
  // Every other link of the account ends with this one: a credential changed.
  if (purpose === "reset") await credentialChanged(updated, "password_changed");
  else await endAccountLinks(user.id);
  await recordActivity(
    { actor: user.email, section: purpose === "invite" ? "equipe" : "conta" },
    { action: purpose === "invite" ? "accept_invite" : "password_reset" },
  );
  return finishSignIn(updated, request, requestInfo(context).ip, { redirectTo: "/admin/dashboard", toast: SUCCESS[purpose] });
}
