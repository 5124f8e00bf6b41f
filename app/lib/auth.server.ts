// Admin sign-in: remix-auth with the form strategy, bcrypt password hashes, and throttling
// that holds across server instances (DB-backed counters: 5 failures per e-mail or 20 per IP
// in 15 minutes). Unknown e-mail and wrong password fail the same way.
import bcrypt from "bcryptjs";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "./db.server";
import { readFormData } from "./form-data.server";
import "./zod-locale.server";
import { hit, peek, reset } from "./rate-limit.server";
import { ADMIN_ROLE } from "./session.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

class InvalidCredentials extends Error {}

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", 10);

export function normalizeEmail(value: unknown): string {
  return String(value ?? "").trim().toLowerCase();
}

export const authenticator = new Authenticator<AuthUser>().use(
  new FormStrategy(async ({ form }) => {
    const email = normalizeEmail(form.get("email"));
    const password = String(form.get("password") ?? "");
    const user = await db.user.findUnique({ where: { email }, include: { roles: true } });
    const valid = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) throw new InvalidCredentials();
    return { id: user.id, email: user.email, isAdmin: user.roles.some((r) => r.role === ADMIN_ROLE) };
  }),
  "form",
);

export type LoginResult =
  | { ok: true; user: AuthUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterMinutes: number };

const emailKey = (email: string) => `login:email:${email}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

async function throttled(email: string, ip: string): Promise<boolean> {
  const [byEmail, byIp] = await Promise.all([peek(emailKey(email)), peek(ipKey(ip))]);
  return byEmail >= MAX_FAILURES_PER_EMAIL || byIp >= MAX_FAILURES_PER_IP;
}

async function retryAfterMinutes(email: string, ip: string): Promise<number> {
  const rows = await db.rateLimit.findMany({ where: { key: { in: [emailKey(email), ipKey(ip)] } } });
  const latest = Math.max(Date.now(), ...rows.map((r) => r.resetAt.getTime()));
  return Math.max(1, Math.ceil((latest - Date.now()) / 60_000));
}

/**
 * Checks the throttle, then the credentials; counts a failure against the e-mail and the IP.
 * A body that is not a readable form throws a 400 (readFormData), never a 500.
 */
export async function login(request: Request, ip: string): Promise<LoginResult> {
  const form = await readFormData(request.clone());
  const email = normalizeEmail(form.get("email"));
  if (await throttled(email, ip)) return { ok: false, reason: "throttled", retryAfterMinutes: await retryAfterMinutes(email, ip) };
  try {
    const user = await authenticator.authenticate("form", request);
    await reset(emailKey(email));
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof InvalidCredentials)) throw error;
    await hit(emailKey(email), MAX_FAILURES_PER_EMAIL, LOGIN_WINDOW_MS);
    await hit(ipKey(ip), MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS);
    return { ok: false, reason: "invalid" };
  }
}
