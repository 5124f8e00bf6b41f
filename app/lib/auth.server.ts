// Admin sign-in: remix-auth with the form strategy, bcrypt password hashes, and throttling that
// holds across server instances (DB-backed counters). Unknown e-mail and wrong password fail the
// same way and cost the same work (a check against a dummy hash of the same cost).
//
// Throttling counts every attempt before its password is checked (never check-then-count, which
// a burst of parallel attempts slips through): 5 per e-mail and 20 per address (an IPv6 /64) in
// 15 minutes; a correct password clears the e-mail's count. An attempt the password checker
// refused for lack of room (a burst: password.server.ts) was never checked, so its counts are
// given back: a burst cannot lock an account out with attempts that never ran.
//
// Known devices: a browser that signed in successfully gets a signed, HttpOnly cookie naming the
// e-mail and a random device id. Its attempts for that e-mail count against that device alone
// (5 per 15 minutes), not against the e-mail or the address. So someone guessing the admin's
// password from elsewhere locks out only browsers that never signed in as the admin, while the
// admin's own browser still signs in with the right password. The cookie grants nothing by
// itself: it only chooses which counter applies, cannot be forged (it is signed with
// SESSION_SECRET), and a stolen one gives at most 5 guesses per 15 minutes.
import { createCookie } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { db } from "./db.server";
import { env } from "./env.server";
import { readFormData } from "./form-data.server";
import "./zod-locale.server";
import { checkPassword, dummyHash, PasswordCheckerBusy } from "./password.server";
import { forgive, hit, reset, type RateLimitResult } from "./rate-limit.server";
import { roleOf } from "./admin/permissions";

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;
const MAX_FAILURES_PER_DEVICE = 5;
const KNOWN_DEVICE_DAYS = 180;

interface AuthUser {
  id: string;
  email: string;
  /** Whether the account has a role on the team (app/lib/admin/permissions.ts): without one, no session. */
  isStaff: boolean;
  /** What the second step needs (app/lib/two-factor.server.ts): a key means no session yet. */
  passwordHash: string | null;
  totpSecret: string | null;
}

class InvalidCredentials extends Error {}

/**
 * The password checker's line for the attempt being verified: its address (as rate limits count
 * it). Not the e-mail: an unknown e-mail costs a check too, so a line per e-mail would give an
 * attacker as many lines as names they make up.
 */
const checkLine = new AsyncLocalStorage<string>();

// Made once, in the background, so the first unknown e-mail does not pay for it.
void dummyHash().catch(() => undefined);

function normalizeEmail(value: unknown): string {
  return String(value ?? "")
    .trim()
    .toLowerCase();
}

const authenticator = new Authenticator<AuthUser>().use(
  new FormStrategy(async ({ form }) => {
    const email = normalizeEmail(form.get("email"));
    const password = String(form.get("password") ?? "");
    const user = await db.user.findUnique({ where: { email }, include: { roles: true } });
    const valid = await checkPassword(password, user?.passwordHash ?? (await dummyHash()), checkLine.getStore());
    // A deactivated account (or an invitation not yet accepted) fails like a wrong password.
    if (!user || !valid || user.deactivatedAt) throw new InvalidCredentials();
    return {
      id: user.id,
      email: user.email,
      isStaff: roleOf(user.roles) !== null,
      passwordHash: user.passwordHash,
      totpSecret: user.totpSecret,
    };
  }),
  "form",
);

const knownDeviceCookie = createCookie("__admin_device", {
  path: "/admin/login",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
});

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The device id this request's browser holds for `email`, or null. */
async function knownDevice(request: Request, email: string): Promise<string | null> {
  const value: unknown = await knownDeviceCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { e, d } = value as Record<string, unknown>;
  return e === email && typeof d === "string" && DEVICE_ID.test(d) ? d : null;
}

export type LoginResult =
  | { ok: true; user: AuthUser; /** Set-Cookie value that marks this browser as a known device. */ deviceCookie: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterMinutes: number };

const emailKey = (email: string) => `login:email:${email}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
const deviceKey = (device: string) => `login:device:${device}`;

const throttled = (results: RateLimitResult[]): LoginResult => ({
  ok: false,
  reason: "throttled",
  retryAfterMinutes: Math.max(1, ...results.map((r) => Math.ceil(r.retryAfter / 60))),
});

/**
 * Counts the attempt, then (if still within the limits) checks the credentials. A body that is
 * not a readable form throws a 400 (readFormData), never a 500.
 */
export async function login(request: Request, ip: string): Promise<LoginResult> {
  const form = await readFormData(request.clone());
  const email = normalizeEmail(form.get("email"));
  const device = await knownDevice(request, email);

  const counted = device
    ? [hit(deviceKey(device), MAX_FAILURES_PER_DEVICE, LOGIN_WINDOW_MS)]
    : [hit(emailKey(email), MAX_FAILURES_PER_EMAIL, LOGIN_WINDOW_MS), hit(ipKey(ip), MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS)];
  const refused = (await Promise.all(counted)).filter((result) => !result.allowed);
  if (refused.length > 0) return throttled(refused);

  let user: AuthUser;
  try {
    user = await checkLine.run(ip, () => authenticator.authenticate("form", request));
  } catch (error) {
    if (error instanceof InvalidCredentials) return { ok: false, reason: "invalid" };
    if (error instanceof PasswordCheckerBusy) {
      // More checks already waiting than the server takes at once: a burst. The password was
      // never checked, so this attempt counts against nothing; try again shortly.
      await Promise.all(device ? [forgive(deviceKey(device))] : [forgive(emailKey(email)), forgive(ipKey(ip))]);
      return { ok: false, reason: "throttled", retryAfterMinutes: 1 };
    }
    throw error;
  }
  // Only failures should count: a correct password clears its e-mail's (or device's) count
  // and gives back the address's.
  if (device) await reset(deviceKey(device));
  else await Promise.all([reset(emailKey(email)), forgive(ipKey(ip))]);
  const deviceCookie = await knownDeviceCookie.serialize({ e: email, d: device ?? randomBytes(16).toString("base64url") });
  return { ok: true, user, deviceCookie };
}
