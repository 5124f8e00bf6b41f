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
import "./zod-locale.server";
import { checkPassword, dummyHash, PasswordCheckerBusy } from "./password.server";
import { forgive, hit, reset, type RateLimitResult } from "./rate-limit.server";
import { roleOf } from "./admin/permissions";
import { recordActivity } from "./activity.server";
import { addressPrefix } from "./session.server";
import { deviceLabel } from "./sign-in-history.server";

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

/**
 * The attempt the form strategy is verifying: the address it comes from (rate limits and the
 * password checker's line count by it) and the route's check of the form's fields. The strategy
 * is the only reader of the body (it parses the form once and hands it to its verify callback),
 * so what the route needs back from the form (its validated fields) comes out of the strategy.
 * The password checker's line is the address, not the e-mail: an unknown e-mail costs a check
 * too, so a line per e-mail would give an attacker as many lines as names they make up.
 */
interface Attempt {
  ip: string;
  validate: (form: FormData) => Validated<unknown>;
}
const attempt = new AsyncLocalStorage<Attempt>();

/** The route's verdict on the form: its submission (to answer with) and, when valid, the credentials. */
export interface Validated<S> {
  submission: S;
  credentials: { email: string; password: string } | null;
}

/** Something the verify callback threw: the strategy's own failures (an unreadable body) are told apart from it. */
class VerifyFailed {
  readonly cause: unknown;
  constructor(cause: unknown) {
    this.cause = cause;
  }
}

// Made once, in the background, so the first unknown e-mail does not pay for it.
void dummyHash().catch(() => undefined);

function normalizeEmail(value: unknown): string {
  return String(value ?? "")
    .trim()
    .toLowerCase();
}

const authenticator = new Authenticator<Validated<unknown> & { result: LoginResult | null }>().use(
  new FormStrategy(async ({ form, request }) => {
    const { ip, validate } = attempt.getStore()!;
    try {
      const validated = validate(form);
      return { ...validated, result: validated.credentials ? await checkCredentials(request, ip, validated.credentials) : null };
    } catch (error) {
      throw new VerifyFailed(error);
    }
  }),
  "form",
);

/** The account whose password this is, or null; a deactivated account (or a pending invitation) is none. */
async function verifyPassword(email: string, password: string, ip: string, knownDevice = false): Promise<AuthUser | null> {
  const user = await db.user.findUnique({ where: { email }, include: { roles: true } });
  // A known device's check goes before the ordinary ones (password.server.ts): a stream of
  // attempts from elsewhere never keeps the owner's own browser out.
  const valid = await checkPassword(password, user?.passwordHash ?? (await dummyHash()), ip, knownDevice);
  if (!user || !valid || user.deactivatedAt) return null;
  return {
    id: user.id,
    email: user.email,
    isStaff: roleOf(user.roles) !== null,
    passwordHash: user.passwordHash,
    totpSecret: user.totpSecret,
  };
}

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
 * Counts the attempt, then (if still within the limits) checks the credentials. Run by the form
 * strategy's verify callback, with the fields it parsed.
 */
async function checkCredentials(request: Request, ip: string, credentials: { email: string; password: string }): Promise<LoginResult> {
  const email = normalizeEmail(credentials.email);
  const device = await knownDevice(request, email);

  const counted = device
    ? [hit(deviceKey(device), MAX_FAILURES_PER_DEVICE, LOGIN_WINDOW_MS)]
    : [hit(emailKey(email), MAX_FAILURES_PER_EMAIL, LOGIN_WINDOW_MS), hit(ipKey(ip), MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS)];
  const refused = (await Promise.all(counted)).filter((result) => !result.allowed);
  if (refused.length > 0) {
    // Logged once per lockout: the attempt that first went past a limit.
    if (refused.some((result) => result.count === result.limit + 1)) await recordSignInFailure(request, email, ip, "sign_in_locked");
    return throttled(refused);
  }

  let user: AuthUser | null;
  try {
    user = await verifyPassword(email, credentials.password, ip, device !== null);
  } catch (error) {
    if (error instanceof PasswordCheckerBusy) {
      // More checks already waiting than the server takes at once: a burst. The password was
      // never checked, so this attempt counts against nothing; try again shortly.
      await Promise.all(device ? [forgive(deviceKey(device))] : [forgive(emailKey(email)), forgive(ipKey(ip))]);
      return { ok: false, reason: "throttled", retryAfterMinutes: 1 };
    }
    throw error;
  }
  if (!user) {
    await recordSignInFailure(request, email, ip, "sign_in_failed");
    return { ok: false, reason: "invalid" };
  }
  // Only failures should count: a correct password clears its e-mail's (or device's) count
  // and gives back the address's.
  if (device) await reset(deviceKey(device));
  else await Promise.all([reset(emailKey(email)), forgive(ipKey(ip))]);
  const deviceCookie = await knownDeviceCookie.serialize({ e: email, d: device ?? randomBytes(16).toString("base64url") });
  return { ok: true, user, deviceCookie };
}

/**
 * Signs in with the posted form: the form strategy reads the body (once), `validate` checks its
 * fields (the route's schema), and a valid form's credentials are counted and checked. Answers
 * the route's submission with the result (null when the fields were not valid), or null when the
 * body is not a readable form (the route answers 400).
 */
export async function login<S>(
  request: Request,
  ip: string,
  validate: (form: FormData) => Validated<S>,
): Promise<{ submission: S; result: LoginResult | null } | null> {
  try {
    const outcome = await attempt.run({ ip, validate }, () => authenticator.authenticate("form", request));
    return outcome as { submission: S; result: LoginResult | null };
  } catch (error) {
    if (error instanceof VerifyFailed) throw error.cause;
    // The strategy could not read the body as a form (a wrong content type, a broken body).
    return null;
  }
}

/**
 * A failed sign-in or a lockout in the activity log: the e-mail typed (never the password or the
 * code), the device and the network it came from, and the step (the password, or the second
 * step's code). Attempts are bounded by the limits of each step, so a flood cannot fill the log
 * faster than they allow.
 */
export async function recordSignInFailure(
  request: Request,
  email: string,
  ip: string,
  action: "sign_in_failed" | "sign_in_locked",
  step: "password" | "second" = "password",
): Promise<void> {
  const device = deviceLabel(request.headers.get("User-Agent") ?? "", addressPrefix(ip));
  await recordActivity(
    { actor: email.slice(0, 254) || "(e-mail em branco)", section: "login" },
    { action, summary: step === "second" ? `Verificação em duas etapas · ${device}` : device },
  );
}
