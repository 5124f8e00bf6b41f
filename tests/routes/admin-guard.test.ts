// The admin guard over real HTTP (the built production server on this file's database): every
// route under the admin layout, read from app/routes so a route added later is covered too,
// refuses anonymous visitors (redirect to the login with the page asked for) and sessions without
// the admin role (revoked, redirect to the login), for its page, its data URL (/admin/x.data, what
// the browser fetches with JavaScript) and its action, by form or by the upload XHR.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { appRoutes, dataUrl } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { signedIn } from "./admin-fixtures";

let server: RunningServer;
beforeAll(async () => {
  // The server reads this file's database and signs cookies with this file's secret, so sessions
  // made here open (or are refused by) the server.
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

// admin_.login and admin_.logout sit outside the layout on purpose: they must work without a session.
const guarded = appRoutes().filter((route) => route.admin && !route.file.startsWith("admin_."));

/** `upload`: a multipart body with a file, as the upload XHR sends to the data URL. */
function send(path: string, init: { method?: string; cookie?: string; upload?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  let body: FormData | URLSearchParams | undefined;
  if (init.method === "POST") {
    if (init.upload) {
      body = new FormData();
      body.set("title", "Tentativa");
      body.set("image", new File([new Uint8Array(16)], "x.png", { type: "image/png" }));
    } else {
      body = new URLSearchParams({ title: "Tentativa" });
    }
  }
  return fetch(`${server.baseUrl}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
}

/** Where the answer sends the browser: a redirect for pages, a single-fetch redirect (202) for data URLs. */
async function redirectOf(response: Response, data: boolean): Promise<string> {
  if (!data) {
    expect(response.status).toBe(302);
    return response.headers.get("location")!;
  }
  expect(response.status).toBe(202);
  const body = await response.text();
  const target = /"(\/admin\/login[^"]*)"/.exec(body);
  expect(target, body).toBeTruthy();
  return target![1]!;
}

describe("every admin route", () => {
  it("is found (the list below is not empty, and includes pages with and without actions)", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    expect(guarded.some((route) => route.action)).toBe(true);
    expect(guarded.map((route) => route.path)).toEqual(expect.arrayContaining(["/admin", "/admin/dashboard", "/admin/blog", "/admin/configuracoes"]));
  });

  for (const route of guarded) {
    it(`${route.path}: anonymous → login with the page asked for (page, data${route.action ? ", action" : ""})`, async () => {
      const login = `/admin/login?redirectTo=${encodeURIComponent(route.path)}`;
      expect(await redirectOf(await send(route.path), false)).toBe(login);
      expect(await redirectOf(await send(dataUrl(route.path)), true)).toBe(login);
      if (route.action) {
        expect(await redirectOf(await send(route.path, { method: "POST" }), false)).toBe(login);
        expect(await redirectOf(await send(dataUrl(route.path), { method: "POST" }), true)).toBe(login);
        expect(await redirectOf(await send(dataUrl(route.path), { method: "POST", upload: true }), true)).toBe(login);
      }
    });

    it(`${route.path}: a session without the admin role is revoked and refused (page, data${route.action ? ", action" : ""})`, async () => {
      const attempts: Array<{ path: string; method?: string; data: boolean }> = [
        { path: route.path, data: false },
        { path: dataUrl(route.path), data: true },
      ];
      if (route.action) attempts.push({ path: route.path, method: "POST", data: false }, { path: dataUrl(route.path), method: "POST", data: true });
      for (const attempt of attempts) {
        const { user, cookie } = await signedIn({ admin: false });
        const response = await send(attempt.path, { method: attempt.method, cookie });
        expect(await redirectOf(response, attempt.data), `${attempt.method ?? "GET"} ${attempt.path}`).toBe("/admin/login");
        expect(response.headers.getSetCookie().join(";")).toContain("__admin_session=;");
        expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
      }
    });
  }

  it("answers the upload XHR of a refused session with the redirect to the login and the cookie ending the session", async () => {
    const route = guarded.find((r) => r.action)!;
    const { user, cookie } = await signedIn({ admin: false });
    const response = await send(dataUrl(route.path), { method: "POST", upload: true, cookie });
    expect(await redirectOf(response, true)).toBe("/admin/login");
    expect(response.headers.getSetCookie().join(";")).toContain("__admin_session=;");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
