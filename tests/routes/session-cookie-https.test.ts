// The session cookie is `__Host-admin_session` (Secure, Path=/, no Domain) whenever the site is
// served over HTTPS, here known from a trusted proxy's X-Forwarded-Proto (TRUST_PROXY=1), and
// `__admin_session` over plain HTTP; each is read only where it is set. The case of SITE_URL
// being https is session-cookie-site-url.test.ts; a proxy's header without TRUST_PROXY is ignored
// (account-security.test.ts).
import { describe, expect, it } from "vitest";

process.env.TRUST_PROXY = "1";
const { db } = await import("~/lib/db.server");
const { getSessionUser } = await import("~/lib/session.server");
const { formRequest, getRequest } = await import("../helpers/request");
const { routeArgs } = await import("./admin-fixtures");
const login = await import("~/routes/admin_.login");
const logout = await import("~/routes/admin_.logout");
const { upsertUser } = await import("../../scripts/lib/users.ts");

const PASSWORD = "tucano-azul-pimenta-47";
const HTTPS = { "X-Forwarded-Proto": "https" };

async function signIn(email: string, headers: Record<string, string>) {
  const args = routeArgs(formRequest("/admin/login", { email, password: PASSWORD }, { headers }));
  return (await login.action(args)) as Response;
}
const sessionLine = (response: Response) => response.headers.getSetCookie().find((line) => /^(__Host-)?admin_session=|^__admin_session=/.test(line))!;

describe("the session cookie", () => {
  it("behind a proxy that says https: __Host-admin_session, Secure, Path=/, no Domain; read only over https", async () => {
    const user = await upsertUser(db, { email: "https@agencia.com.br", password: PASSWORD, admin: true });
    const response = await signIn(user.email, HTTPS);
    expect(response.status).toBe(302);
    const line = sessionLine(response);
    expect(line).toMatch(/^__Host-admin_session=[^;]+;/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).not.toMatch(/Domain=/i);
    const pair = line.split(";")[0]!;
    expect(await getSessionUser(getRequest("/admin/dashboard", { cookie: pair, headers: HTTPS }))).toMatchObject({ email: user.email });
    // The same id under the other name, or the same cookie over plain HTTP, is nobody's session.
    const value = pair.slice(pair.indexOf("=") + 1);
    expect(await getSessionUser(getRequest("/admin/dashboard", { cookie: `__admin_session=${value}`, headers: HTTPS }))).toBeNull();
    expect(await getSessionUser(getRequest("/admin/dashboard", { cookie: pair }))).toBeNull();

    const out = (await logout.action(routeArgs(formRequest("/admin/logout", {}, { cookie: pair, headers: HTTPS })))) as Response;
    expect(out.headers.getSetCookie().join("\n")).toMatch(/^__Host-admin_session=; .*Max-Age=0/m);
  });

  it("over plain HTTP (the proxy says http, or says nothing): __admin_session, without Secure outside production", async () => {
    const user = await upsertUser(db, { email: "http@agencia.com.br", password: PASSWORD, admin: true });
    for (const headers of [{ "X-Forwarded-Proto": "http" }, {}] as Array<Record<string, string>>) {
      const response = await signIn(user.email, headers);
      expect(response.status).toBe(302);
      const line = sessionLine(response);
      expect(line).toMatch(/^__admin_session=[^;]+;/);
      expect(line).not.toMatch(/Secure/);
      expect(await getSessionUser(getRequest("/admin/dashboard", { cookie: line.split(";")[0]!, headers }))).toMatchObject({ email: user.email });
    }
  });
});
