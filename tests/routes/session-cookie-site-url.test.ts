// With SITE_URL on https the site is served over HTTPS whatever hop a request came through (a
// proxy that terminates TLS and says nothing): the session cookie is `__Host-admin_session`.
import { expect, it } from "vitest";

process.env.SITE_URL = "https://www.exemplo.com.br";
const { db } = await import("~/lib/db.server");
const { createUserSession, getSessionUser } = await import("~/lib/session.server");
const { formRequest, getRequest } = await import("../helpers/request");
const { routeArgs } = await import("./admin-fixtures");
const login = await import("~/routes/admin_.login");
const { upsertUser } = await import("../../scripts/lib/users.ts");

it("SITE_URL https: the sign-in sets __Host-admin_session (Secure, Path=/, no Domain), which is read back", async () => {
  const user = await upsertUser(db, { email: "site@agencia.com.br", password: "tucano-azul-pimenta-47", admin: true });
  const response = (await login.action(routeArgs(formRequest("/admin/login", { email: user.email, password: "tucano-azul-pimenta-47" })))) as Response;
  expect(response.status).toBe(302);
  const line = response.headers.getSetCookie().find((c) => c.includes("admin_session="))!;
  expect(line).toMatch(/^__Host-admin_session=[^;]+;.*; Path=\/(;|$)/);
  expect(line).toMatch(/; Secure/);
  expect(line).not.toMatch(/Domain=/i);
  expect(await getSessionUser(getRequest("/admin/dashboard", { cookie: line.split(";")[0]! }))).toMatchObject({ email: user.email });
  // A session made outside a request (scripts, tests) follows SITE_URL too.
  expect(await createUserSession(user.id)).toMatch(/^__Host-admin_session=/);
});
