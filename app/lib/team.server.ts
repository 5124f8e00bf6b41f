// The team page's rules: who is on the team (every account with the admin role), and the changes
// an admin may make to someone else's account. Nobody deactivates or removes themselves (they
// would lock themselves out mid-click), nor the last active admin (nobody could sign in to undo
// it; `npm run user:create` from a shell would be the only way back). An admin may reset a
// colleague's two-factor sign-in (a lost phone), never their own here: their own is turned off in
// "Minha conta", with their password and a code.
import { db } from "./db.server";
import { ADMIN_ROLE, endSessions } from "./session.server";
import { disableTwoFactor } from "./two-factor.server";

export interface Member {
  id: string;
  email: string;
  name: string;
  lastSignInAt: Date | null;
  twoFactor: boolean;
  status: "active" | "deactivated" | "invited";
}

export async function listMembers(): Promise<Member[]> {
  const users = await db.user.findMany({
    where: { roles: { some: { role: ADMIN_ROLE } } },
    orderBy: { email: "asc" },
    select: { id: true, email: true, name: true, lastSignInAt: true, totpSecret: true, deactivatedAt: true, passwordHash: true },
  });
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    lastSignInAt: user.lastSignInAt,
    twoFactor: Boolean(user.totpSecret),
    status: user.deactivatedAt ? "deactivated" : user.passwordHash ? "active" : "invited",
  }));
}

/** Admins who can sign in now (a password, not deactivated). */
const ACTIVE_ADMIN = { roles: { some: { role: ADMIN_ROLE } }, deactivatedAt: null, passwordHash: { not: null } };

/** Why `actorId` may not deactivate or remove `target`, or null when they may. */
export async function refusal(actorId: string, target: { id: string; deactivatedAt: Date | null; passwordHash: string | null }, verb: "desativar" | "remover") {
  if (target.id === actorId) return `Você não pode ${verb} a sua própria conta.`;
  const targetIsActive = !target.deactivatedAt && target.passwordHash !== null;
  if (targetIsActive && (await db.user.count({ where: { ...ACTIVE_ADMIN, id: { not: target.id } } })) === 0) {
    return `Não é possível ${verb} o último administrador ativo.`;
  }
  return null;
}

/** Deactivates the account: every session ends at once, and its unused links stop working. */
export async function deactivate(userId: string): Promise<void> {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { deactivatedAt: new Date() } }),
    db.accountToken.deleteMany({ where: { userId, usedAt: null } }),
  ]);
  await endSessions(userId);
}

/** Why `actorId` may not reset `target`'s two-factor sign-in, or null when they may. */
export function twoFactorResetRefusal(actorId: string, target: { id: string; totpSecret: string | null }): string | null {
  if (target.id === actorId) return "Você não pode redefinir a sua própria verificação em duas etapas por aqui. Use Minha conta.";
  if (!target.totpSecret) return "Esta conta não tem a verificação em duas etapas ativada.";
  return null;
}

/**
 * Resets the account's two-factor sign-in: its key and recovery codes go, and every session ends
 * (whoever held the phone is signed out too). The person then signs in with the password alone
 * and may set it up again in "Minha conta".
 */
export async function resetTwoFactor(userId: string): Promise<void> {
  await disableTwoFactor(userId);
  await endSessions(userId);
}
