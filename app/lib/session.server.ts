// Admin sessions live in the `sessions` table; the signed cookie carries only a random id.
// Sign-in creates a fresh id, sign-out deletes the row, expired rows are refused.
import { randomBytes } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { db } from "./db.server";
import { env } from "./env.server";
import { redirectWithToast } from "./toast.server";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const ADMIN_ROLE = "admin";

export const sessionCookie = createCookie("__admin_session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: SESSION_TTL_MS / 1000,
});

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
}

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Starts a session for the user with a brand-new id; returns the Set-Cookie header value. */
export async function createUserSession(userId: string, previous?: Request): Promise<string> {
  const old = previous ? await sessionIdFrom(previous) : null;
  if (old) await db.session.deleteMany({ where: { id: old } });
  await db.session.deleteMany({ where: { userId, expiresAt: { lt: new Date() } } });
  const id = randomBytes(32).toString("base64url");
  await db.session.create({ data: { id, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) } });
  return sessionCookie.serialize(id);
}

/** The signed-in user of this request, or null (no cookie, unknown id, or expired). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const session = await db.session.findUnique({ where: { id }, include: { user: { include: { roles: true } } } });
  if (!session) return null;
  if (session.expiresAt <= new Date()) {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  return {
    id: session.user.id,
    email: session.user.email,
    isAdmin: session.user.roles.some((r) => r.role === ADMIN_ROLE),
    sessionId: session.id,
  };
}

/** Deletes this request's session row; returns the Set-Cookie header value that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request);
  if (id) await db.session.deleteMany({ where: { id } });
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * The guard of every admin loader and action. Anonymous → redirect to /admin/login with the
 * page asked for; a signed-in user without the admin role → session revoked, 'Acesso não autorizado'.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const target = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(target)}`);
  }
  if (!user.isAdmin) {
    const clear = await destroyUserSession(request);
    throw await redirectWithToast(
      "/admin/login",
      { type: "error", title: "Acesso não autorizado" },
      { headers: { "Set-Cookie": clear } },
    );
  }
  return user;
}
