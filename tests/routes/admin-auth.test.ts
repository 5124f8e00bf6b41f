import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin.logout";
import { loader as layoutLoader } from "~/routes/admin.tsx";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { cookiesFrom, formRequest, getRequest } from "../helpers/request";
import { createUser, dataOf, PASSWORD, responseOf, signedIn } from "./admin-fixtures";

function withIp(request: Request, ip = "203.0.113.7") {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, requestId: "t" });
  return { request, params: {}, context, unstable_pattern: "" } as never;
}
const login = (fields: Record<string, string>, ip?: string) => loginAction(withIp(formRequest("/admin/login", fields), ip));

async function toastOf(response: Response) {
  const { getToast } = await import("~/lib/toast.server");
  return (await getToast(getRequest("/", { cookie: cookiesFrom(response) }))).toast;
}

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
    expect(await dashboardLoader(withIp(getRequest("/admin/dashboard", { cookie })))).toHaveProperty("counts");
    const again = (await loginAction(withIp(formRequest("/admin/login", { email: "ana@agencia.com.br", password: PASSWORD }, { cookie })))) as Response;
    const newCookie = cookiesFrom(again).split("; ").find((c) => c.startsWith("__admin_session="))!;
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
    const blocked = await dataOf(((args: never) => loginAction(args)) as never, formRequest("/admin/login", { email: "duda@agencia.com.br", password: PASSWORD }));
    expect(blocked.status).toBe(429);
    expect(blocked.body.toast?.title).toBe("Muitas tentativas de login");
    expect(blocked.body.toast?.description).toMatch(/Tente novamente em \d+ minutos?\./);
    expect(await db.rateLimit.count({ where: { key: "login:email:duda@agencia.com.br" } })).toBe(1);
  });

  it("throttles after 20 failures from one IP", async () => {
    await createUser({ email: "edu@agencia.com.br" });
    for (let i = 0; i < 20; i++) await login({ email: `x${i}@agencia.com.br`, password: "errada" }, "192.0.2.50");
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
