import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as adminLayoutLoader } from "~/routes/admin.tsx";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as blogAction } from "~/routes/admin.blog";
import { createHash } from "node:crypto";
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SESSION_REFRESH_MS, sessionCookie } from "~/lib/session.server";
import { cookiesFrom, formRequest, getRequest } from "../helpers/request";
import bcrypt from "bcryptjs";
import { BCRYPT_COST, dummyHash } from "~/lib/password.server";
import { hit, rateLimitKey } from "~/lib/rate-limit.server";
import { upsertUser } from "../../scripts/lib/users.ts";
import { createUser, dataOf, PASSWORD, responseOf, signedIn, toastOf, underAdminLayout } from "./admin-fixtures";

/** The admin layout's loader behind its middleware (the guard), as the server runs it. */
const layoutLoader = underAdminLayout(adminLayoutLoader as never);

function withIp(request: Request, ip = "203.0.113.7") {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, requestId: "t" });
  return { request, params: {}, context, unstable_pattern: "" } as never;
}
const login = (fields: Record<string, string>, ip?: string) => loginAction(withIp(formRequest("/admin/login", fields), ip));

describe("admin sign-in", () => {
  it("signs an admin in: fresh session row, HttpOnly SameSite=Lax cookie with only an id, toast, dashboard", async () => {
    const user = await createUser({ email: "ana@agencia.com.br" });
    const response = (await login({ email: "ANA@agencia.com.br ", password: PASSWORD })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__admin_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=\d+/);
    expect(setCookie).not.toContain(user.id);
    const sessions = await db.session.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await toastOf(response)).toMatchObject({ title: "Login realizado!", description: "Bem-vindo ao painel administrativo." });

    // The session opens the dashboard; a second sign-in replaces the id.
    const cookie = cookiesFrom(response);
    expect(await underAdminLayout(dashboardLoader as never)(withIp(getRequest("/admin/dashboard", { cookie })))).toHaveProperty("counts");
    const again = (await loginAction(withIp(formRequest("/admin/login", { email: "ana@agencia.com.br", password: PASSWORD }, { cookie })))) as Response;
    const newCookie = cookiesFrom(again)
      .split("; ")
      .find((c) => c.startsWith("__admin_session="))!;
    expect(newCookie).not.toBe(cookie.split("; ").find((c) => c.startsWith("__admin_session=")));
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("goes back to the admin page first asked for, same-origin paths only", async () => {
    await createUser({ email: "bia@agencia.com.br" });
    const ok = (await login({ email: "bia@agencia.com.br", password: PASSWORD, redirectTo: "/admin/blog?editar=1" })) as Response;
    expect(ok.headers.get("Location")).toBe("/admin/blog?editar=1");
    for (const evil of ["//evil.example/admin", "https://evil.example/admin/x", "/\\evil.example"]) {
      const response = (await login({ email: "bia@agencia.com.br", password: PASSWORD, redirectTo: evil })) as Response;
      expect(response.headers.get("Location")).toBe("/admin/dashboard");
    }
  });

  it("answers unknown e-mail and wrong password identically", async () => {
    await createUser({ email: "caio@agencia.com.br" });
    const unknown = await dataOf(loginAction as never, formRequest("/admin/login", { email: "ninguem@agencia.com.br", password: PASSWORD }));
    const wrong = await dataOf(loginAction as never, formRequest("/admin/login", { email: "caio@agencia.com.br", password: "errada" }));
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body.toast).toEqual({ type: "error", title: "Erro no login", description: "Credenciais inválidas" });
    expect(wrong.body.toast).toEqual(unknown.body.toast);
  });

  it("refuses a signed-in user without the admin role, and creates no session", async () => {
    const user = await createUser({ admin: false, email: "visitante@agencia.com.br" });
    const { status, body } = await dataOf(loginAction as never, formRequest("/admin/login", { email: "visitante@agencia.com.br", password: PASSWORD }));
    expect(status).toBe(403);
    expect(body.toast?.title).toBe("Acesso não autorizado");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("requires e-mail and password (400 with field errors)", async () => {
    const { status, body } = await dataOf(loginAction as never, formRequest("/admin/login", { email: "", password: "" }));
    expect(status).toBe(400);
    expect(body.lastResult?.error).toMatchObject({ email: ["E-mail é obrigatório"], password: ["Senha é obrigatória"] });
  });

  it("throttles after 5 failures for one e-mail, even with the right password, across instances", async () => {
    await createUser({ email: "duda@agencia.com.br" });
    for (let i = 0; i < 5; i++) await login({ email: "duda@agencia.com.br", password: "errada" }, `198.51.100.${i}`);
    const blocked = await dataOf(
      ((args: never) => loginAction(args)) as never,
      formRequest("/admin/login", { email: "duda@agencia.com.br", password: PASSWORD }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.toast?.title).toBe("Muitas tentativas de login");
    expect(blocked.body.toast?.description).toMatch(/Tente novamente em \d+ minutos?\./);
    expect(await db.rateLimit.count({ where: { key: rateLimitKey("login:email:duda@agencia.com.br") } })).toBe(1);
  });

  it("throttles after 20 failures from one IP", async () => {
    await createUser({ email: "edu@agencia.com.br" });
    // 17 failures already counted, then three more at once: each counts before its password is
    // checked, so parallel ones count too (three fit in the password checker's line at once).
    for (let i = 0; i < 17; i++) await hit("login:ip:192.0.2.50", 20, 15 * 60 * 1000);
    await Promise.all(Array.from({ length: 3 }, (_, i) => login({ email: `x${i}@agencia.com.br`, password: "errada" }, "192.0.2.50")));
    const result = (await login({ email: "edu@agencia.com.br", password: PASSWORD }, "192.0.2.50")) as unknown as { init: ResponseInit };
    expect(result.init.status).toBe(429);
    const elsewhere = (await login({ email: "edu@agencia.com.br", password: PASSWORD }, "192.0.2.51")) as Response;
    expect(elsewhere.status).toBe(302);
  });
});

describe("admin guard and sign-out", () => {
  it("redirects anonymous visitors of the admin layout to the login with the page asked for", async () => {
    const response = await responseOf(layoutLoader as never, getRequest("/admin/portfolio?editar=abc"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/portfolio?editar=abc")}`);
  });

  it("sends a save whose session ended to the login, and back to the form it was saving", async () => {
    for (const [path, target] of [
      ["/admin/blog?editar=7", "/admin/blog?editar=7"],
      ["/admin/blog?index&editar=7", "/admin/blog?editar=7"],
    ]) {
      const response = await responseOf(underAdminLayout(blogAction as never), formRequest(path!, { title: "Texto que não pode se perder" }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(target!)}`);
    }
  });

  it("refuses a session whose user lost the admin role and revokes it", async () => {
    const { user, cookie } = await signedIn({ admin: true });
    await db.userRole.deleteMany({ where: { userId: user.id } });
    const response = await responseOf(layoutLoader as never, getRequest("/admin/dashboard", { cookie }));
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(await toastOf(response)).toMatchObject({ title: "Acesso não autorizado" });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses an expired session", async () => {
    const { user, cookie } = await signedIn();
    await db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await responseOf(layoutLoader as never, getRequest("/admin/dashboard", { cookie }));
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it("the login page sends a signed-in admin to the dashboard", async () => {
    const { cookie } = await signedIn();
    const response = await responseOf(loginLoader as never, getRequest("/admin/login", { cookie }));
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("signs out: the session row is deleted, the cookie cleared, toast and home", async () => {
    const { user, cookie } = await signedIn();
    const response = (await logoutAction(withIp(formRequest("/admin/logout", {}, { cookie })))) as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join(";")).toMatch(/__admin_session=;/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await toastOf(response)).toMatchObject({ title: "Logout realizado", description: "Até logo!" });
    const after = await responseOf(layoutLoader as never, getRequest("/admin/dashboard", { cookie }));
    expect(after.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});

describe("session storage and lifetime", () => {
  const HOUR = 60 * 60 * 1000;
  const rawIdOf = async (cookie: string) => (await sessionCookie.parse(cookie)) as string;
  const open = (cookie: string) => responseOf(layoutLoader as never, getRequest("/admin/dashboard", { cookie })).catch(() => null);
  const signedInAs = async (cookie: string) => (await layoutLoader(withIp(getRequest("/admin/dashboard", { cookie })))) as unknown;

  it("stores only the SHA-256 of the cookie's id: a row id from a leaked backup opens nothing", async () => {
    const { user, cookie } = await signedIn();
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    const rawId = await rawIdOf(cookie);
    expect(row.id).not.toBe(rawId);
    expect(row.id).toBe(createHash("sha256").update(rawId).digest("base64url"));
    // Even signed with the real secret, the stored value is not a session id.
    const forged = (await sessionCookie.serialize(row.id)).split(";")[0]!;
    const response = await open(forged);
    expect(response?.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("ends a session idle for longer than the idle timeout", async () => {
    const { user, cookie } = await signedIn();
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_IDLE_MS);
    await db.session.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await open(cookie))?.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("moves the idle deadline forward on use, at most every few minutes", async () => {
    const { user, cookie } = await signedIn();
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    // Just refreshed: a request writes nothing.
    await signedInAs(cookie);
    expect((await db.session.findUniqueOrThrow({ where: { id: row.id } })).expiresAt).toEqual(row.expiresAt);
    // Last seen 11 hours ago: still signed in, and the deadline is 12 hours from now again.
    await db.session.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() + HOUR) } });
    await signedInAs(cookie);
    const refreshed = (await db.session.findUniqueOrThrow({ where: { id: row.id } })).expiresAt.getTime();
    expect(refreshed).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - SESSION_REFRESH_MS);
  });

  it("ends a session at its maximum age however active, and never extends it past that", async () => {
    const { user, cookie } = await signedIn();
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    const createdAt = new Date(Date.now() - SESSION_MAX_AGE_MS + HOUR);
    await db.session.update({ where: { id: row.id }, data: { createdAt, expiresAt: new Date(Date.now() + 10 * 60_000) } });
    await signedInAs(cookie);
    const capped = (await db.session.findUniqueOrThrow({ where: { id: row.id } })).expiresAt.getTime();
    expect(capped).toBe(createdAt.getTime() + SESSION_MAX_AGE_MS);
    await db.session.update({ where: { id: row.id }, data: { createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 1000) } });
    expect((await open(cookie))?.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("sign-in throttling", () => {
  const statusOf = (result: unknown) => (result instanceof Response ? result.status : (result as { init: ResponseInit }).init.status);
  const deviceCookieOf = (response: Response) =>
    cookiesFrom(response)
      .split("; ")
      .find((c) => c.startsWith("__admin_device="))!;
  const loginWith = (fields: Record<string, string>, cookie: string, ip = "203.0.113.90") =>
    loginAction(withIp(formRequest("/admin/login", fields, { cookie }), ip));

  it("checks an unknown e-mail against a dummy hash as costly as real ones", async () => {
    const dummy = await dummyHash();
    expect(bcrypt.getRounds(dummy)).toBe(BCRYPT_COST);
    const user = await upsertUser(db, { email: "custo@agencia.com.br", password: "uma-senha-forte-1", admin: true });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(bcrypt.getRounds(stored.passwordHash!)).toBe(bcrypt.getRounds(dummy));
  });

  it("40 parallel wrong passwords for one account: at most 5 are checked, the rest refused", async () => {
    await createUser({ email: "rajada@agencia.com.br" });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => dataOf(loginAction as never, formRequest("/admin/login", { email: "rajada@agencia.com.br", password: "errada" }))),
    );
    const checked = results.filter((r) => r.status === 401);
    const refused = results.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + refused.length).toBe(40);
    for (const r of refused) expect(r.body.toast?.title).toBe("Muitas tentativas de login");
  });

  it("counts an IPv6 client by its /64 for the per-address limit", async () => {
    for (let i = 0; i < 17; i++) await hit("login:ip:2001:db8:5:6::/64", 20, 15 * 60 * 1000);
    await Promise.all(
      Array.from({ length: 3 }, (_, i) => login({ email: `v6-${i}@agencia.com.br`, password: "errada" }, `2001:db8:5:6::${(i + 1).toString(16)}`)),
    );
    await createUser({ email: "v6@agencia.com.br" });
    expect(statusOf(await login({ email: "v6@agencia.com.br", password: PASSWORD }, "2001:db8:5:6:ffff::1"))).toBe(429);
    expect(statusOf(await login({ email: "v6@agencia.com.br", password: PASSWORD }, "2001:db8:5:7::1"))).toBe(302);
  });

  it("lets the admin's known device through with the right password while their e-mail is locked by someone else", async () => {
    await createUser({ email: "dona@agencia.com.br" });
    const first = (await loginWith({ email: "dona@agencia.com.br", password: PASSWORD }, "")) as Response;
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first);
    const setDevice = first.headers.getSetCookie().find((c) => c.startsWith("__admin_device="))!;
    expect(setDevice).toMatch(/HttpOnly/i);
    expect(setDevice).toMatch(/Path=\/admin\/login/i);

    // Someone else guesses from elsewhere until the e-mail is locked.
    for (let i = 0; i < 5; i++) await login({ email: "dona@agencia.com.br", password: "chute" }, `198.51.100.${60 + i}`);
    expect(statusOf(await loginWith({ email: "dona@agencia.com.br", password: PASSWORD }, ""))).toBe(429);
    // The admin's browser has its own budget: the right password still signs in.
    expect(statusOf(await loginWith({ email: "dona@agencia.com.br", password: PASSWORD }, device))).toBe(302);
    // A device cookie only speaks for the e-mail it was given for.
    await createUser({ email: "outra@agencia.com.br" });
    for (let i = 0; i < 5; i++) await login({ email: "outra@agencia.com.br", password: "chute" }, `198.51.100.${70 + i}`);
    expect(statusOf(await loginWith({ email: "outra@agencia.com.br", password: PASSWORD }, device))).toBe(429);
  });

  it("gives a known device 5 wrong passwords of its own, which do not lock the e-mail for others", async () => {
    await createUser({ email: "aparelho@agencia.com.br" });
    const device = deviceCookieOf((await loginWith({ email: "aparelho@agencia.com.br", password: PASSWORD }, "")) as Response);
    for (let i = 0; i < 5; i++) expect(statusOf(await loginWith({ email: "aparelho@agencia.com.br", password: "errada" }, device))).toBe(401);
    expect(statusOf(await loginWith({ email: "aparelho@agencia.com.br", password: PASSWORD }, device))).toBe(429);
    expect(statusOf(await loginWith({ email: "aparelho@agencia.com.br", password: PASSWORD }, "", "203.0.113.91"))).toBe(302);
    // A forged device cookie (not signed with the secret) is just no device.
    const forged = `__admin_device=${Buffer.from(JSON.stringify({ e: "aparelho@agencia.com.br", d: "a".repeat(22) })).toString("base64")}`;
    for (let i = 0; i < 5; i++) await login({ email: "aparelho@agencia.com.br", password: "chute" }, `198.51.100.${80 + i}`);
    expect(statusOf(await loginWith({ email: "aparelho@agencia.com.br", password: PASSWORD }, forged))).toBe(429);
  });
});
