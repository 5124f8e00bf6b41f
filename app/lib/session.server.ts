// Admin sessions live in the `sessions` table; the signed cookie carries only a random id.
// Sign-in creates a fresh id, sign-out deletes the row, expired rows are refused.
//
// The table stores the SHA-256 of the id, never the id itself: a leaked backup or a read of the
// database gives no usable session (the cookie must hold the id whose hash is stored, signed with
// SESSION_SECRET). A session ends after SESSION_IDLE_MS without a request, and in any case
// SESSION_MAX_AGE_MS after sign-in: `expires_at` is the sliding idle deadline, moved forward at
// most every SESSION_REFRESH_MS (not a write per request) and never past `created_at` plus the
// maximum age. The same write moves `last_seen_at`, which "Minha conta" shows with the device (its
// User-Agent) and the first part of the address each session started from.
//
// A deactivated account has no sessions (deactivating deletes them), and a session row of one
// that is somehow left is refused as well.
//
// The cookie's name: whenever the site is served over HTTPS it is `__Host-admin_session`, which
// browsers accept only with Secure, Path=/ and no Domain, so no other site on a sibling host
// (and nothing sent over plain HTTP) can set or overwrite it. Over plain HTTP (development, the
// tests, a local demo) a `__Host-` cookie would be refused, so there it is `__admin_session`.
// Served over HTTPS means SITE_URL is https, or the request came over TLS, or (with TRUST_PROXY)
// the proxy in front says so in X-Forwarded-Proto. Each name is read only where it is set: over
// HTTPS the unprefixed cookie is never read, so a cookie planted by a sibling host gives nothing.
import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { db } from "./db.server";
import { env } from "./env.server";
import { redirectWithToast } from "./toast.server";
import { roleOf, type Role } from "./admin/permissions";

export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_REFRESH_MS = 5 * 60 * 1000;

const cookieOptions = {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: SESSION_MAX_AGE_MS / 1000,
} as const;
/** The session cookie over plain HTTP. */
export const sessionCookie = createCookie("__admin_session", { ...cookieOptions, secure: env.NODE_ENV === "production" });
/** The session cookie over HTTPS: Secure, Path=/ and no Domain, as the `__Host-` prefix demands. */
const hostSessionCookie = createCookie("__Host-admin_session", { ...cookieOptions, secure: true });

/**
 * Whether `request` reached the site over HTTPS: SITE_URL is https (the public address is HTTPS,
 * whatever hop the request came through), the request itself came over TLS, or, with TRUST_PROXY,
 * the proxies in front say so (X-Forwarded-Proto, read at the hop X-Forwarded-For is read at).
 */
function servedOverHttps(request: Request | undefined): boolean {
  if (env.SITE_URL.startsWith("https:")) return true;
  if (!request) return false;
  if (new URL(request.url).protocol === "https:") return true;
  if (env.TRUST_PROXY <= 0) return false;
  const hops = (request.headers.get("X-Forwarded-Proto") ?? "")
    .split(",")
    .map((hop) => hop.trim().toLowerCase())
    .filter(Boolean);
  return (hops[hops.length - env.TRUST_PROXY] ?? hops[0]) === "https";
}

/** The session cookie this request uses (see the top of this file). */
function sessionCookieFor(request: Request | undefined) {
  return servedOverHttps(request) ? hostSessionCookie : sessionCookie;
}

export interface SessionUser {
  id: string;
  email: string;
  /** The person's role on the team (app/lib/admin/permissions.ts); null: none, the back office is closed to them. */
  role: Role | null;
  /** The session's row id (the hash of the cookie's id). */
  sessionId: string;
}

/** The row id stored for a session id. */
function sessionRowId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookieFor(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

function idleDeadline(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/**
 * Only the first part of an address, as "Minha conta" shows where a session started: an IPv4
 * address's /24 ("203.0.113.0/24"), an IPv6 address's /48, or "local". `address` is the address as the rate
 * limits count it (an IPv6 client already cut to its /64).
 */
export function addressPrefix(address: string): string {
  // This machine itself (a local setup, or a proxy in front that passes no address on): its
  // prefix ("127.0.0.0/24", "0:0:0::/48") would name no network a person knows.
  if (/^127\./.test(address) || address === "0:0:0:0::/64") return "local";
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.0/24`;
  if (address.includes(":")) {
    const groups = address
      .replace(/::\/64$|\/\d+$/, "")
      .split(":")
      .filter(Boolean);
    return `${groups.slice(0, 3).join(":")}::/48`;
  }
  return "";
}

/**
 * Starts a session for the user with a brand-new id (the session `previous` held is ended);
 * returns the Set-Cookie header value. The request's User-Agent and the address's first part
 * are kept to name the device in "Minha conta".
 */
export async function createUserSession(userId: string, previous?: Request, address = ""): Promise<string> {
  return (await openUserSession(userId, previous, address)).cookie;
}

/** createUserSession, also giving the new session's row id (for a link that ends it). */
export async function openUserSession(userId: string, previous?: Request, address = ""): Promise<{ cookie: string; rowId: string }> {
  const old = previous ? await sessionIdFrom(previous) : null;
  if (old) await db.session.deleteMany({ where: { id: sessionRowId(old) } });
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  const rowId = sessionRowId(id);
  await db.session.create({
    data: {
      id: rowId,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: idleDeadline(now, now),
      userAgent: (previous?.headers.get("User-Agent") ?? "").slice(0, 300),
      addressPrefix: addressPrefix(address),
    },
  });
  return { cookie: await sessionCookieFor(previous).serialize(id), rowId };
}

/** Ends every session of the user except `keepRowId` (the one in use); returns how many. */
export async function endSessions(userId: string, keepRowId?: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId, ...(keepRowId ? { id: { not: keepRowId } } : {}) } });
  return count;
}

/** The signed-in user of this request, or null (no cookie, unknown id, idle too long, too old). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const rowId = sessionRowId(id);
  const session = await db.session.findUnique({ where: { id: rowId }, include: { user: { include: { roles: true } } } });
  if (!session) return null;
  const now = new Date();
  if (session.expiresAt <= now || session.createdAt.getTime() + SESSION_MAX_AGE_MS <= now.getTime() || session.user.deactivatedAt) {
    await db.session.deleteMany({ where: { id: rowId } });
    return null;
  }
  const deadline = idleDeadline(session.createdAt, now);
  if (deadline.getTime() - session.expiresAt.getTime() >= SESSION_REFRESH_MS) {
    await db.session.updateMany({ where: { id: rowId }, data: { expiresAt: deadline, lastSeenAt: now } });
  }
  return {
    id: session.user.id,
    email: session.user.email,
    role: roleOf(session.user.roles),
    sessionId: session.id,
  };
}

/** Deletes this request's session row; returns the Set-Cookie header value that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request);
  if (id) await db.session.deleteMany({ where: { id: sessionRowId(id) } });
  return sessionCookieFor(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Housekeeping: drops sessions past their idle deadline or maximum age; returns how many. */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { count } = await db.session.deleteMany({
    where: { OR: [{ expiresAt: { lt: now } }, { createdAt: { lt: new Date(now.getTime() - SESSION_MAX_AGE_MS) } }] },
  });
  return count;
}

/**
 * The guard of every admin loader and action. Anonymous → redirect to /admin/login with the
 * page asked for; a signed-in user without a role on the team → session revoked, 'Acesso não autorizado'.
 * What each role may open is the admin guard's next check (app/lib/admin/guard.server.ts).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    // The address with its query, for a save too: after signing in, the admin is back at the form
    // they were saving (`?editar=<id>`), where a copy kept in the browser is offered back.
    const url = new URL(request.url);
    // React Router's own mark on a form posted to an index route is not part of the page's address.
    if (url.searchParams.has("index")) url.searchParams.delete("index");
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  if (!user.role) {
    const clear = await destroyUserSession(request);
    throw await redirectWithToast("/admin/login", { type: "error", title: "Acesso não autorizado" }, { headers: { "Set-Cookie": clear } });
  }
  return user;
}
