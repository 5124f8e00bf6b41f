// The rules every new password follows, wherever it is chosen: `npm run user:create`, an
// invitation, a reset link, "Minha conta". One list, so the shell and the site never disagree.
// bcrypt reads at most 72 bytes, so a longer password would be silently cut. These are the rules
// the browser can check too; the server then also estimates how easy the password is to guess
// (password-strength.server.ts, whose word lists stay on the server).
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 10;

/** The hint next to every new-password field. */
export const NEW_PASSWORD_HINT = `Pelo menos ${MIN_PASSWORD_LENGTH} caracteres e difícil de adivinhar: nada do seu nome, do seu e-mail ou do nome da agência.`;

export type PasswordRule = "short" | "long" | "varied" | "email";

/** The first rule `password` breaks for the account `email`, or null. */
export function brokenPasswordRule(password: string, email: string): PasswordRule | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "short";
  if (new TextEncoder().encode(password).length > 72) return "long";
  if (new Set(password).size < 4) return "varied";
  if (password.toLowerCase() === email.trim().toLowerCase()) return "email";
  return null;
}

const MESSAGES: Record<PasswordRule, string> = {
  short: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`,
  long: "A senha é longa demais (máximo de 72 bytes)",
  varied: "Use caracteres mais variados na senha",
  email: "A senha não pode ser o seu e-mail",
};

function checkNewPassword(email: string) {
  return (value: { password: string; passwordConfirmation: string }, ctx: z.RefinementCtx) => {
    const rule = brokenPasswordRule(value.password, email);
    if (rule) ctx.addIssue({ code: "custom", path: ["password"], message: MESSAGES[rule] });
    else if (value.password !== value.passwordConfirmation) {
      ctx.addIssue({ code: "custom", path: ["passwordConfirmation"], message: "As senhas não coincidem" });
    }
  };
}

const passwordFields = {
  password: z.string({ error: "Senha é obrigatória" }),
  passwordConfirmation: z.string({ error: "Confirme a senha" }),
};

/**
 * The form of a new password: fields `password` and `passwordConfirmation`, checked against the
 * rules for the account's e-mail (known to the server, so the client checks all but that one).
 */
export function newPasswordSchema(email = "") {
  return z.object(passwordFields).superRefine(checkNewPassword(email));
}

/** Changing one's password: the current one, then the new one twice. */
export function passwordChangeSchema(email = "") {
  return z.object({ currentPassword: z.string({ error: "Digite a senha atual" }), ...passwordFields }).superRefine(checkNewPassword(email));
}

/** Accepting an invitation: the person's name (optional) and their first password. */
export function invitationSchema(email = "") {
  return z.object({ name: z.string().trim().max(100, "Use no máximo 100 caracteres").optional(), ...passwordFields }).superRefine(checkNewPassword(email));
}
