// The single-use links sent by e-mail: an invitation to the team (choose a first password, valid
// 72 hours) and a password reset (valid 30 minutes). The link carries a random token; the database
// keeps only its SHA-256, so a dump of the database holds no working link. A new invitation
// replaces the person's earlier one (the team page sends it again); a new reset link leaves the
// earlier ones valid until used or expired, so a stranger asking for links for someone's e-mail
// never spoils the link the owner is about to use. Using a link marks it used in the same
// statement that checks it, so two requests racing with one link cannot both use it, and every
// change of a credential (password, e-mail, second factor) ends all the account's unused links:
// a link mailed before the change is not a way around it.
//
// Also here: the link of a new-device notice that ends that one session (see endSessionLink).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { db } from "./db.server";
import { keyedHash } from "./derived-keys.server";
import { env } from "./env.server";

export type TokenPurpose = "invite" | "reset";

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  invite: 72 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
};

const PATHS: Record<TokenPurpose, string> = { invite: "/admin/convite/", reset: "/admin/redefinir-senha/" };

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Minutes a link of `purpose` is valid for, as its e-mail says. */
export const tokenLifetimeMinutes = (purpose: TokenPurpose) => TOKEN_LIFETIME_MS[purpose] / 60_000;

/**
 * A fresh link for the person; returns its token. An invitation replaces the earlier one; a reset
 * link is added to the ones still valid.
 */
export async function createAccountToken(userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const create = db.accountToken.create({ data: { userId, purpose, tokenHash: hashOf(token), expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]) } });
  if (purpose === "invite") await db.$transaction([db.accountToken.deleteMany({ where: { userId, purpose } }), create]);
  else await create;
  return token;
}

/**
 * Ends every unused link of the account (reset and invitation alike): called on every change of a
 * credential. They then read as expired. Returns how many were ended.
 */
export async function endAccountLinks(userId: string): Promise<number> {
  const now = new Date();
  const { count } = await db.accountToken.updateMany({ where: { userId, usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
  return count;
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

// The link in a new-device notice: "Não fui eu: encerrar essa sessão". It names the session's row
// id (the SHA-256 of the cookie's id: it signs nobody in) and when it stops working, signed with a
// key derived from SESSION_SECRET, so it cannot be made for another session. It works without
// signing in (the person may no longer know their password) and once: the session it ends is gone.
const END_SESSION_PURPOSE = "end-session-link";
const END_SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const signatureOf = (payload: string) => keyedHash(END_SESSION_PURPOSE, payload, 43);

/** The absolute address of the link that ends the session `sessionRowId`. */
export function endSessionLink(sessionRowId: string, now = Date.now()): string {
  const payload = `${sessionRowId}.${(now + END_SESSION_LIFETIME_MS).toString(36)}`;
  return `${env.SITE_URL}/admin/encerrar-sessao/${payload}.${signatureOf(payload)}`;
}

/** The session row id a link's token names, if its signature holds and it has not expired. */
export function readEndSessionToken(token: string, now = Date.now()): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, rowId, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signatureOf(`${rowId}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  return parseInt(expires, 36) > now ? rowId : null;
}
