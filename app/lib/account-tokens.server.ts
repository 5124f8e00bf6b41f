// The single-use links sent by e-mail: an invitation to the team (choose a first password, valid
// 72 hours) and a password reset (valid 30 minutes). The link carries a random token; the database
// keeps only its SHA-256, so a dump of the database holds no working link. A new link of the same
// kind replaces the person's earlier one, and using a link marks it used in the same statement
// that checks it, so two requests racing with one link cannot both use it.
import { createHash, randomBytes } from "node:crypto";
import { db } from "./db.server";
import { env } from "./env.server";

export type TokenPurpose = "invite" | "reset";

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  invite: 72 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
};

const PATHS: Record<TokenPurpose, string> = { invite: "/admin/convite/", reset: "/admin/redefinir-senha/" };

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A fresh link for the person (their earlier unused link of this kind stops working); returns its token. */
export async function createAccountToken(userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.accountToken.deleteMany({ where: { userId, purpose } }),
    db.accountToken.create({ data: { userId, purpose, tokenHash: hashOf(token), expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]) } }),
  ]);
  return token;
}

/** The absolute address of a link (SITE_URL's origin), as the e-mail and the team page give it. */
export function accountLink(purpose: TokenPurpose, token: string): string {
  return `${env.SITE_URL}${PATHS[purpose]}${token}`;
}

export type TokenState =
  { state: "valid"; user: { id: string; email: string; name: string; deactivatedAt: Date | null } } | { state: "used" | "expired" | "unknown" };

/** What a link is worth now, without using it (the page shows the form, or says why not). */
export async function inspectAccountToken(token: string, purpose: TokenPurpose): Promise<TokenState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { state: "unknown" };
  const row = await db.accountToken.findUnique({
    where: { tokenHash: hashOf(token) },
    include: { user: { select: { id: true, email: true, name: true, deactivatedAt: true } } },
  });
  if (!row || row.purpose !== purpose) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt <= new Date() || row.user.deactivatedAt) return { state: "expired" };
  return { state: "valid", user: row.user };
}

/** Uses the link: true once for a valid link, false for every later (or concurrent) try. */
export async function consumeAccountToken(token: string, purpose: TokenPurpose, userId: string): Promise<boolean> {
  const now = new Date();
  const { count } = await db.accountToken.updateMany({
    where: { tokenHash: hashOf(token), purpose, userId, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Housekeeping: links expired for a day are of no more use, not even to say "this link was used". */
export async function sweepAccountTokens(now = new Date()): Promise<number> {
  return (await db.accountToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60 * 1000) } } })).count;
}
