// The roles over real HTTP (the built production server on this file's database): for every admin
// route under the guard, read from app/routes so a route added later is covered too, an Editor and
// Atendimento open what their role may (no 403, no trip to the login) and get a 403 "Acesso
// restrito" page for the rest: the page, its data URL (what the browser fetches with JavaScript)
// and its form post. The rule is the one of the route the router matched, whatever the spelling.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUserSession } from "~/lib/session.server";
import { mayOpen, type Role } from "~/lib/admin/permissions";
import { appRoutes, dataUrl } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { createUser } from "./admin-fixtures";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const DOORS = /^admin_\.(login|logout|verificacao|esqueci-senha|convite|redefinir-senha|encerrar-sessao|chave-de-acesso)\b/;
const guarded = appRoutes().filter((route) => route.admin && !DOORS.test(route.file));

async function signedIn(role: Role): Promise<string> {
  const user = await createUser({ admin: false });
  await db.userRole.create({ data: { userId: user.id, role } });
  return (await createUserSession(user.id)).split(";")[0]!;
}

function send(path: string, cookie: string, method = "GET") {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(method === "POST" ? { origin: server.baseUrl } : {}) },
    body: method === "POST" ? new URLSearchParams({ title: "Tentativa" }) : undefined,
    redirect: "manual",
  });
}

describe("each role over HTTP", () => {
  it("finds the routes (pages with and without actions, outside the layout too)", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    expect(guarded.map((route) => route.path)).toEqual(expect.arrayContaining(["/admin/equipe", "/admin/contatos", "/admin/blog/preview/exemplo"]));
  });

  for (const role of ["editor", "atendimento"] as const) {
    it(`${role}: 403 with "Acesso restrito" where the role may not go, and through elsewhere (page, data, post)`, async () => {
      const cookie = await signedIn(role);
      for (const route of guarded) {
        const attempts: Array<[string, string]> = [
          [route.path, "GET"],
          [dataUrl(route.path), "GET"],
        ];
        if (route.action) attempts.push([route.path, "POST"], [dataUrl(route.path), "POST"]);
        for (const [path, method] of attempts) {
          const response = await send(path, cookie, method);
          const label = `${role} ${method} ${path}: ${response.status}`;
          const body = await response.text();
          if (mayOpen(role, route.path)) {
            expect(response.status, label).not.toBe(403);
            expect(response.headers.get("location") ?? "", label).not.toMatch(/^\/admin\/login/);
            expect(body, label).not.toContain("/admin/login");
          } else {
            expect(response.status, label).toBe(403);
            if (route.page && method === "GET" && !path.endsWith(".data")) expect(body, label).toMatch(/<h1[^>]*>Acesso restrito<\/h1>/);
            if (path.endsWith(".data")) expect(body, label).toContain("peça a um administrador");
          }
        }
      }
      // Refused pages are no sign-out: the session is still good.
      expect((await send("/admin/dashboard", cookie)).status).toBe(200);
    });
  }

  it("applies the matched route's rule to any spelling the router accepts", async () => {
    const cookie = await signedIn("editor");
    for (const path of ["/ADMIN/EQUIPE", "/admin/Equipe/", "/admin/%65quipe"]) {
      const response = await send(path, cookie);
      expect([403, 404], `${path}: ${response.status}`).toContain(response.status);
    }
    expect((await send("/Admin/Blog", cookie)).status).toBe(200);
  });
});
