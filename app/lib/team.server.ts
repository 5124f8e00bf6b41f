// The team page's rules: who is on the team (every account with a role, app/lib/admin/permissions.ts),
// and the changes an administrator may make to someone else's account. Nobody deactivates,
// removes or changes the role of themselves (they would lock themselves out mid-click), and the
// last active administrator never loses the role, is never deactivated and never removed (nobody
// could undo it from the panel; `npm run user:create` from a shell would be the only way back).
//
// That last rule holds inside the database transaction that makes the change: two administrators
// deactivating each other at the same moment must leave one of them. On PostgreSQL each change
// first locks the administrators' rows (SELECT ... FOR UPDATE), so a second change waits for the
// first and then counts again what the first left; SQLite lets one writer at a time, and the
// change takes the write lock before it counts.
//
// An admin may reset a colleague's two-factor sign-in (a lost phone), never their own here: their
// own is turned off in "Minha conta", with their password and a code.
import { ADMINISTRATOR, ROLES, roleOf, type Role } from "./admin/permissions";
import { db, isPostgres } from "./db.server";
import { endSessions } from "./session.server";
import { hasSecondFactor } from "./admin/two-factor-policy.server";
import { disableTwoFactor } from "./two-factor.server";
import { describeDevice } from "./user-agent";

interface MemberSession {
  id: string;
  device: string;
  addressPrefix: string;
  lastSeenAt: Date;
}

export interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  lastSignInAt: Date | null;
  /** The authenticator app is on (what "Redefinir verificação em duas etapas" resets). */
  twoFactor: boolean;
  /** How many passkeys the account has (each one a second factor too; the person manages them in "Minha conta"). */
  passkeys: number;
  status: "active" | "deactivated" | "invited";
  /** The sessions open now (a deactivated account has none). */
  sessions: MemberSession[];
}

const ON_THE_TEAM = { roles: { some: { role: { in: Object.keys(ROLES) } } } };

export async function listMembers(now = new Date()): Promise<Member[]> {
  const users = await db.user.findMany({
    where: ON_THE_TEAM,
    orderBy: { email: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      lastSignInAt: true,
      totpSecret: true,
      deactivatedAt: true,
      passwordHash: true,
      roles: { select: { role: true } },
      _count: { select: { passkeys: true } },
      sessions: { where: { expiresAt: { gt: now } }, orderBy: { lastSeenAt: "desc" } },
    },
  });
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: roleOf(user.roles)!,
    lastSignInAt: user.lastSignInAt,
    twoFactor: Boolean(user.totpSecret),
    passkeys: user._count.passkeys,
    status: user.deactivatedAt ? "deactivated" : user.passwordHash ? "active" : "invited",
    sessions: user.sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      addressPrefix: session.addressPrefix,
      lastSeenAt: session.lastSeenAt,
    })),
  }));
}

/** A member of the team as the page's actions find it, or null (no such account, or not on the team). */
export function findMember(id: string) {
  return id ? db.user.findFirst({ where: { id, ...ON_THE_TEAM }, include: { roles: true } }) : Promise.resolve(null);
}

/** Administrators who can sign in now (a password, not deactivated). */
const ACTIVE_ADMIN = { roles: { some: { role: ADMINISTRATOR } }, deactivatedAt: null, passwordHash: { not: null } };

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

export type TeamChange = { kind: "deactivate" } | { kind: "remove" } | { kind: "role"; role: Role };

const VERB = { deactivate: "desativar", remove: "remover" } as const;

/** Why a change was refused: a message for the person, and the HTTP status it answers with. */
export interface Refusal {
  message: string;
  status: 403 | 404 | 409;
}

/**
 * Deactivates, removes or changes the role of `targetId` on behalf of `actorId`, in one
 * transaction that also checks the rules (see the top of this file). Returns null when done (with
 * the role the person had, for the activity log), or why not.
 */
export async function changeMember(
  actorId: string,
  targetId: string,
  change: TeamChange,
): Promise<{ refusal: Refusal } | { refusal: null; email: string; previousRole: Role }> {
  if (actorId === targetId) {
    const message = change.kind === "role" ? "Você não pode mudar o seu próprio perfil." : `Você não pode ${VERB[change.kind]} a sua própria conta.`;
    return { refusal: { message, status: 409 } };
  }
  const outcome = await db.$transaction(async (tx) => {
    await lockAdministrators(tx);
    // Counted inside the transaction, after the lock: what a change that ran at the same moment left.
    const target = await tx.user.findFirst({ where: { id: targetId, ...ON_THE_TEAM }, include: { roles: true } });
    if (!target) return { refusal: { message: "Ela pode ter sido removida por outra pessoa.", status: 404 as const } };
    const previousRole = roleOf(target.roles)!;
    const isActiveAdmin = previousRole === ADMINISTRATOR && !target.deactivatedAt && target.passwordHash !== null;
    const staysActiveAdmin = change.kind === "role" && change.role === ADMINISTRATOR;
    if (isActiveAdmin && !staysActiveAdmin && (await tx.user.count({ where: { ...ACTIVE_ADMIN, id: { not: target.id } } })) === 0) {
      const message =
        change.kind === "role"
          ? "O último administrador ativo não pode deixar de ser administrador."
          : `Não é possível ${VERB[change.kind]} o último administrador ativo.`;
      return { refusal: { message, status: 409 as const } };
    }
    // Whoever asks must still be an active administrator now (one deactivated or demoted a moment
    // ago, in a change that ran at the same time, no longer decides).
    const actor = await tx.user.findFirst({ where: { id: actorId, ...ACTIVE_ADMIN }, select: { id: true } });
    if (!actor) return { refusal: { message: "Só um administrador ativo pode mudar a equipe.", status: 403 as const } };
    if (change.kind === "deactivate") {
      await tx.user.update({ where: { id: target.id }, data: { deactivatedAt: new Date() } });
      await tx.accountToken.deleteMany({ where: { userId: target.id, usedAt: null } });
    } else if (change.kind === "remove") {
      await tx.user.delete({ where: { id: target.id } });
    } else {
      await tx.userRole.deleteMany({ where: { userId: target.id } });
      await tx.userRole.create({ data: { userId: target.id, role: change.role } });
    }
    if (change.kind !== "role") await withdrawInvitationsSentBy(tx, target.id);
    return { refusal: null, email: target.email, previousRole };
  });
  // The sessions end once the change is stored: a deactivated account's at once, a removed
  // account's went with its rows. A new role applies from the next request of each session.
  if (change.kind === "deactivate" && !outcome.refusal) await endSessions(targetId);
  return outcome;
}

/**
 * The administrators' rows, locked for the rest of the transaction on PostgreSQL, in one order
 * (no two changes wait for each other). On SQLite a write takes the database's one write lock:
 * a no-op update does it before anything is counted.
 */
async function lockAdministrators(tx: Tx): Promise<void> {
  if (isPostgres) {
    await tx.$queryRaw`SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.role = ${ADMINISTRATOR} ORDER BY u.id FOR UPDATE OF u`;
  } else {
    await tx.$executeRaw`UPDATE users SET name = name WHERE id IN (SELECT user_id FROM user_roles WHERE role = ${ADMINISTRATOR})`;
  }
}

/**
 * The pending invitations `senderId` sent stop working when they are deactivated or removed: the
 * person was let in on the sender's word. Their links are deleted (the account stays, as
 * "Convite pendente"); another administrator can invite them again.
 */
async function withdrawInvitationsSentBy(tx: Tx, senderId: string): Promise<void> {
  await tx.accountToken.deleteMany({ where: { purpose: "invite", usedAt: null, user: { invitedById: senderId, passwordHash: null } } });
}

/** Why `actorId` may not reset `target`'s two-factor sign-in, or null when they may. */
export async function twoFactorResetRefusal(actorId: string, target: { id: string }): Promise<string | null> {
  if (target.id === actorId) return "Você não pode redefinir a sua própria verificação em duas etapas por aqui. Use Minha conta.";
  if (!(await hasSecondFactor(target.id))) return "Esta conta não tem a verificação em duas etapas ativada.";
  return null;
}

/**
 * Resets the account's second factors for someone who lost the device: the authenticator key, the
 * recovery codes and the passkeys go (a passkey may live on the lost phone), and every session
 * ends (whoever held the phone is signed out too). The person then signs in with the password
 * alone and may set a second factor up again in "Minha conta".
 */
export async function resetTwoFactor(userId: string): Promise<void> {
  await disableTwoFactor(userId);
  await db.passkey.deleteMany({ where: { userId } });
  await endSessions(userId);
}

/**
 * Ends a colleague's sessions without deactivating the account: one of them (`sessionId`, as the
 * team page lists it) or all. Returns how many ended.
 */
export async function endMemberSessions(userId: string, sessionId?: string): Promise<number> {
  if (!sessionId) return endSessions(userId);
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  return count;
}
