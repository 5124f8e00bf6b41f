// Two-factor sign-in with TOTP (the 6-digit codes of authenticator apps) and one-time recovery codes.
//
// Setup: a new key is kept as "pending" until the person types a first code from it, so a key
// that was shown but never reached an app does not lock anyone out; the QR code is drawn on the
// server as SVG (no script, no third party sees the key). Confirming turns two-factor on and
// gives 10 recovery codes, shown once: only their SHA-256 is stored (each has 80 random bits, so
// the hash cannot be reversed by trying), and each works once.
//
// Sign-in: a correct password for an account with two-factor on (an authenticator app's key, or
// a passkey while the team requires two-factor sign-in) yields no session. It yields a signed, HttpOnly, short-lived cookie naming the
// account (and a fingerprint of its password hash, so a password change voids it); only the
// second step, given that cookie and a valid code (or one of its passkeys), creates the session.
// Codes are throttled like passwords: 5 wrong codes per account and 20 per address in 15
// minutes, counted before each check.
//
// The key at rest: the server must compute codes from it, so it cannot be hashed like a password;
// it is encrypted instead (AES-256-GCM), with a key derived (HKDF-SHA256) from SESSION_SECRET, so
// a copy of the database (a backup, a leaked dump) does not give the keys to anyone without the
// server's secret. SESSION_SECRET is a comma-separated list for rotation: the first secret
// encrypts, any of them decrypts, and a key read with an older secret (or stored in base32 before
// encryption existed) is encrypted again with the first the next time it is used, or by
// `resealTotpSecrets` (the background housekeeping runs it).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { roleOf } from "./admin/permissions";
import { twoFactorRequired } from "./admin/two-factor-policy.server";
import { db } from "./db.server";
import { derivedKeys } from "./derived-keys.server.ts";
import { env } from "./env.server";
import { errorFields, log } from "./logger.server.ts";
import { forgive, hit, reset } from "./rate-limit.server";

const ISSUER = "Wind Digital";
const RECOVERY_CODE_COUNT = 10;
const SECOND_STEP_MS = 10 * 60 * 1000;
const CODE_WINDOW_MS = 15 * 60 * 1000;
const MAX_CODES_PER_ACCOUNT = 5;
const MAX_CODES_PER_ADDRESS = 20;

/** What marks a stored key as encrypted (a base32 key never contains ':'). */
const SEALED = "v1:";
const sealingKeys = derivedKeys("totp secret at rest v1");

/** The key as it is stored: "v1:" and base64url of the 12-byte IV, the 16-byte tag and the ciphertext. */
export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKeys[0]!, iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/**
 * The base32 key a stored value holds, and whether it is stored as it should be now (encrypted
 * with the first secret); null when no secret of SESSION_SECRET opens it.
 */
export function openTotpSecret(stored: string): { secret: string; current: boolean } | null {
  if (!stored.startsWith(SEALED)) return { secret: stored, current: false };
  const raw = Buffer.from(stored.slice(SEALED.length), "base64url");
  const [iv, tag, body] = [raw.subarray(0, 12), raw.subarray(12, 28), raw.subarray(28)];
  for (const [index, key] of sealingKeys.entries()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return { secret: Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8"), current: index === 0 };
    } catch {
      // Not this secret: try the next.
    }
  }
  return null;
}

/** The base32 key of a stored value (its QR code, the key shown to type), or null when it cannot be opened. */
export function storedTotpKey(stored: string): string | null {
  return openTotpSecret(stored)?.secret ?? null;
}

/**
 * Encrypts again, with the first secret, every stored key that is not (base32 from before
 * encryption, or a secret since rotated away); returns how many. A row changed meanwhile is left
 * as it now is.
 */
export async function resealTotpSecrets(): Promise<number> {
  const users = await db.user.findMany({
    where: { OR: [{ totpSecret: { not: null } }, { totpPending: { not: null } }] },
    select: { id: true, totpSecret: true, totpPending: true },
  });
  let resealed = 0;
  for (const user of users) {
    for (const column of ["totpSecret", "totpPending"] as const) {
      const stored = user[column];
      if (stored && (await reseal(user.id, column, stored))) resealed++;
    }
  }
  return resealed;
}

async function reseal(userId: string, column: "totpSecret" | "totpPending", stored: string): Promise<boolean> {
  const opened = openTotpSecret(stored);
  if (!opened) {
    log("warn", "a two-factor key cannot be decrypted with any SESSION_SECRET", { userId, column });
    return false;
  }
  if (opened.current) return false;
  const { count } = await db.user.updateMany({ where: { id: userId, [column]: stored }, data: { [column]: sealTotpSecret(opened.secret) } });
  return count === 1;
}

function totp(email: string, secret: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A new random key (160 bits, base32 as apps expect it), encrypted as it is stored. */
export function newTotpSecret(): string {
  return sealTotpSecret(new Secret({ size: 20 }).base32);
}

/** The key as people type it into an app by hand: groups of four. */
export function formatSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The otpauth:// address and its QR code as an SVG document. */
export async function totpQrSvg(email: string, secret: string): Promise<string> {
  return QRCode.toString(totp(email, secret).toString(), { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

/** Whether `code` is the stored key's current code (or the one just before or after, for clock drift). */
export function verifyTotp(email: string, stored: string, code: string): boolean {
  const secret = storedTotpKey(stored);
  return secret !== null && totpStep(email, secret, code) !== null;
}

/** The 30-second step whose code `code` is, within one step of now; null when it is none. */
function totpStep(email: string, secret: string, code: string): number | null {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp(email, secret).validate({ token: digits, window: 1 });
  return delta === null ? null : Math.floor(Date.now() / 30_000) + delta;
}

/**
 * A code signs in once: someone who saw it (over a shoulder, in a screen share) cannot reuse it
 * within the minute it stays valid. Its use is recorded as an atomic insert keyed by account and
 * step in the rate-limit table (shared by every instance, swept by the housekeeping once its
 * window, longer than the code's validity, is over), so only the first use counts.
 */
async function firstUseOfTotp(userId: string, step: number): Promise<boolean> {
  return (await hit(`totp-used:${userId}:${step}`, 1, 3 * 30_000)).allowed;
}

/** The current code of a key, stored or in base32 (tests, and people checking their app). */
export function currentTotp(email: string, stored: string): string {
  return totp(email, storedTotpKey(stored) ?? stored).generate();
}

const codeHash = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("base64url");
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read from paper

function recoveryCode(): string {
  // 16 characters from 31: about 79 bits.
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return chars.replace(/(.{4})(?=.)/g, "$1-");
}

/** Replaces the account's recovery codes with 10 new ones; returns them (the only time they exist in clear). */
export async function newRecoveryCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: codeHash(code) })) }),
  ]);
  return codes;
}

/** Uses a recovery code of the account: true once per code. */
async function useRecoveryCode(userId: string, code: string): Promise<boolean> {
  if (normalizeRecoveryCode(code).length !== 16) return false;
  const { count } = await db.recoveryCode.updateMany({ where: { userId, codeHash: codeHash(code), usedAt: null }, data: { usedAt: new Date() } });
  return count === 1;
}

export async function unusedRecoveryCodes(userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

/** Turns two-factor off: the key and the recovery codes go. */
export async function disableTwoFactor(userId: string): Promise<void> {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { totpSecret: null, totpPending: null } }),
    db.recoveryCode.deleteMany({ where: { userId } }),
  ]);
}

/** Which kind of code `code` is for the account: a valid 6-digit code, one of its unused recovery codes (now used up), or neither. */
export async function checkSecondFactor(user: { id: string; email: string; totpSecret: string | null }, code: string): Promise<"totp" | "recovery" | null> {
  if (!user.totpSecret) return null;
  const opened = openTotpSecret(user.totpSecret);
  // A key that no secret opens (SESSION_SECRET replaced without keeping the old one) takes no
  // code; the recovery codes still sign in, and two-factor can then be set up again.
  if (!opened) log("warn", "a two-factor key cannot be decrypted with any SESSION_SECRET", { userId: user.id });
  else if (!opened.current)
    await reseal(user.id, "totpSecret", user.totpSecret).catch((error: unknown) => log("error", "two-factor key re-encryption failed", errorFields(error)));
  const step = opened ? totpStep(user.email, opened.secret, code) : null;
  if (step !== null) return (await firstUseOfTotp(user.id, step)) ? "totp" : null;
  return (await useRecoveryCode(user.id, code)) ? "recovery" : null;
}

const secondStepCookie = createCookie("__admin_2fa", {
  path: "/admin",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: SECOND_STEP_MS / 1000,
});

const fingerprint = (passwordHash: string | null) =>
  createHash("sha256")
    .update(passwordHash ?? "")
    .digest("base64url")
    .slice(0, 16);

/** The cookie that lets this browser take the second step for the account (no session yet). */
export function startSecondStep(user: { id: string; passwordHash: string | null }, redirectTo: string): Promise<string> {
  return secondStepCookie.serialize({ u: user.id, p: fingerprint(user.passwordHash), r: redirectTo, t: Date.now() + SECOND_STEP_MS });
}

export function clearSecondStep(): Promise<string> {
  return secondStepCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

export interface PendingSignIn {
  user: { id: string; email: string; totpSecret: string | null; isStaff: boolean };
  /** How many passkeys the account has: the second step offers them beside the code. */
  passkeys: number;
  redirectTo: string;
}

/** The account waiting for its second step in this browser, or null (no cookie, expired, password changed since). */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value: unknown = await secondStepCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { u, p, r, t } = value as Record<string, unknown>;
  if (typeof u !== "string" || typeof p !== "string" || typeof r !== "string" || typeof t !== "number" || t < Date.now()) return null;
  const user = await db.user.findUnique({ where: { id: u }, include: { roles: true, _count: { select: { passkeys: true } } } });
  if (!user || user.deactivatedAt || fingerprint(user.passwordHash) !== p) return null;
  if (!user.totpSecret && (user._count.passkeys === 0 || !(await twoFactorRequired()))) return null;
  return {
    user: { id: user.id, email: user.email, totpSecret: user.totpSecret, isStaff: roleOf(user.roles) !== null },
    passkeys: user._count.passkeys,
    redirectTo: r,
  };
}

/**
 * Whether a correct password is only the first step for this account: it has the authenticator
 * app's key (the second step then offers its passkeys beside the code), or only passkeys while
 * the team requires two-factor sign-in (a passkey is then that second factor). A passkey the
 * person added on their own, with two-factor off, is another way in, not a new requirement: the
 * password alone keeps working on a device that does not hold the passkey, as before.
 */
export async function needsSecondStep(account: { id: string; totpSecret: string | null }): Promise<boolean> {
  if (account.totpSecret) return true;
  return (await db.passkey.count({ where: { userId: account.id } })) > 0 && (await twoFactorRequired());
}

export type SecondStepResult =
  | { ok: true; method: "totp" | "recovery" }
  | { ok: false; reason: "invalid" }
  /** `justLocked`: this attempt is the first one past a limit (the lockout is logged once). */
  | { ok: false; reason: "throttled"; retryAfterMinutes: number; justLocked: boolean };

/** Counts the attempt, then (within the limits) checks the code. */
export async function verifySecondStep(pending: PendingSignIn, code: string, ip: string): Promise<SecondStepResult> {
  const accountKey = `2fa:user:${pending.user.id}`;
  const addressKey = `2fa:ip:${ip}`;
  const counted = await Promise.all([hit(accountKey, MAX_CODES_PER_ACCOUNT, CODE_WINDOW_MS), hit(addressKey, MAX_CODES_PER_ADDRESS, CODE_WINDOW_MS)]);
  const refused = counted.filter((result) => !result.allowed);
  if (refused.length > 0) {
    return {
      ok: false,
      reason: "throttled",
      retryAfterMinutes: Math.max(1, ...refused.map((r) => Math.ceil(r.retryAfter / 60))),
      justLocked: refused.some((r) => r.count === r.limit + 1),
    };
  }
  const method = await checkSecondFactor(pending.user, code);
  if (!method) return { ok: false, reason: "invalid" };
  await Promise.all([reset(accountKey), forgive(addressKey)]);
  return { ok: true, method };
}
