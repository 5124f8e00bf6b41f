// Creating and updating users, shared by the seed (the admin from env) and `npm run user:create`.
import bcrypt from "bcryptjs";
import type { Db } from "../../app/lib/db.server.ts";
// The cost of every stored hash lives with the sign-in's password checks, which must match it.
import { BCRYPT_COST } from "../../app/lib/password.server.ts";
import { brokenPasswordRule, MIN_PASSWORD_LENGTH } from "../../app/lib/password-rules.ts";
import { MIN_PASSWORD_SCORE, weakPasswordMessage } from "../../app/lib/password-strength.server.ts";
import { ADMINISTRATOR, ROLES, type Role } from "../../app/lib/admin/roles.ts";

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A clear reason when the e-mail or password is not acceptable, or null when both are. */
export function credentialProblem(email: string | undefined, password: string | undefined): string | null {
  if (!email) return "missing --email";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return `invalid e-mail address: ${email}`;
  if (!password) return "missing --password";
  switch (brokenPasswordRule(password, email)) {
    case "short":
      return `password too short: use at least ${MIN_PASSWORD_LENGTH} characters`;
    case "long":
      return "password too long: bcrypt uses at most 72 bytes";
    case "varied":
      return "password too weak: use more varied characters";
    case "email":
      return "password too weak: it must not be the e-mail address";
    case null:
      return null;
  }
}

/**
 * The same check as credentialProblem, plus the one every new password meets on the site too: it
 * must be hard to guess (app/lib/password-strength.server.ts), given the e-mail. A password the
 * account already has is not a new one and is not checked again: existing passwords keep working.
 */
export async function newPasswordProblem(db: Db | null, email: string | undefined, password: string | undefined): Promise<string | null> {
  const problem = credentialProblem(email, password);
  if (problem) return problem;
  if (db) {
    const current = await db.user.findUnique({ where: { email: normalizeEmail(email!) }, select: { passwordHash: true } });
    if (current?.passwordHash && (await bcrypt.compare(password!, current.passwordHash))) return null;
  }
  const weak = await weakPasswordMessage(password!, { email: normalizeEmail(email!) });
  return weak ? `password too weak (zxcvbn score below ${MIN_PASSWORD_SCORE}): ${weak}` : null;
}

/** The last active administrator would lose the role (app/lib/team.server.ts holds the panel to the same rule). */
class LastAdministrator extends Error {}

/**
 * Creates the user or sets their password; `role` makes it the person's one role on the team
 * (Administrador, Editor, Atendimento: app/lib/admin/permissions.ts), except that the last active
 * administrator keeps theirs; `admin` (the older flag) adds the administrator's role and never removes one.
 * A changed password signs the user out everywhere (their sessions are deleted); the same
 * password again changes nothing, so re-running the seed keeps people signed in. Running it
 * from a shell is the operator's recovery path, so it also reactivates a deactivated account.
 */
export async function upsertUser(
  db: Db,
  input: { email: string; password: string; admin?: boolean; role?: Role },
): Promise<{ id: string; email: string; created: boolean; passwordChanged: boolean }> {
  const email = normalizeEmail(input.email);
  const current = await db.user.findUnique({ where: { email }, select: { passwordHash: true } });
  const unchanged = current?.passwordHash ? await bcrypt.compare(input.password, current.passwordHash) : false;
  const passwordHash = unchanged ? current!.passwordHash : await bcrypt.hash(input.password, BCRYPT_COST);
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
    const passwordChanged = !existing || existing.passwordHash !== passwordHash;
    const user = existing
      ? await tx.user.update({ where: { email }, data: { passwordHash, deactivatedAt: null }, select: { id: true, email: true } })
      : await tx.user.create({ data: { email, passwordHash }, select: { id: true, email: true } });
    if (existing && passwordChanged) await tx.session.deleteMany({ where: { userId: user.id } });
    if (input.role && input.role !== ADMINISTRATOR && existing) {
      const active = { roles: { some: { role: ADMINISTRATOR } }, deactivatedAt: null, passwordHash: { not: null } };
      const isAdmin = (await tx.user.count({ where: { id: user.id, ...active } })) > 0;
      if (isAdmin && (await tx.user.count({ where: { ...active, id: { not: user.id } } })) === 0) {
        throw new LastAdministrator(`${email} é o último administrador ativo e continua ${ROLES[ADMINISTRATOR]}.`);
      }
    }
    if (input.role) await tx.userRole.deleteMany({ where: { userId: user.id, role: { not: input.role } } });
    const role = input.role ?? (input.admin ? ADMINISTRATOR : null);
    if (role) {
      await tx.userRole.upsert({
        where: { userId_role: { userId: user.id, role } },
        create: { userId: user.id, role },
        update: {},
      });
    }
    return { ...user, created: !existing, passwordChanged };
  });
}
