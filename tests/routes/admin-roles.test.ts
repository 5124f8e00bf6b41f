// Roles on the team (app/lib/admin/permissions.ts) as the guard, the team page, the dashboard,
// the activity log and the settings apply them, on this file's database (SQLite, or PostgreSQL with
// TEST_DATABASE=postgres): which role opens which admin route (page, data request and form post),
// the table that must name every admin route, the role chosen at invitation and changed later
// (refused for a role that does not exist or by a non-administrator), the last active
// administrator kept when two administrators act on each other at the same moment, a colleague's
// sessions ended, invitations withdrawn when their sender leaves, and the team's two-factor
// requirement.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUserSession } from "~/lib/session.server";
import { adminArea, adminDoors } from "~/lib/admin/guard.server";
import { mayOpen, ROUTE_RULES, ruleFor, type Role } from "~/lib/admin/permissions";
import { matchPath } from "react-router";
import { appRoutes, dataUrl } from "../helpers/app-routes";
import { cookiesFrom, formRequest, getRequest, routeArgs } from "../helpers/request";
import { call, createUser, underAdminLayout } from "./admin-fixtures";

const team = await import("~/routes/admin.equipe");
const settings = await import("~/routes/admin.configuracoes");
const dashboard = await import("~/routes/admin.dashboard");
const activityLog = await import("~/routes/admin.atividade");
const invitation = await import("~/routes/admin_.convite.$token");

const ALL: Role[] = ["admin", "editor", "atendimento"];
const CONTENT: Role[] = ["admin", "editor"];
const LEADS: Role[] = ["admin", "atendimento"];
const ADMIN_ONLY: Role[] = ["admin"];

/**
 * Who may open each admin route file, as the issue of roles defines it. A route file added under
 * the admin area fails "every admin route is in this table" until it is placed here (and, with
 * its rule, in app/lib/admin/permissions.ts).
 */
const EXPECTED: Record<string, Role[]> = {
  "admin.tsx": ALL,
  "admin._index.tsx": ALL,
  "admin.dashboard.tsx": ALL,
  "admin.conta.tsx": ALL,
  "admin.conta_.chave-de-acesso.ts": ALL,
  "admin.atividade.tsx": ALL,
  "admin.portfolio.tsx": CONTENT,
  "admin.led-panels.tsx": CONTENT,
  "admin.window-films-portfolio.tsx": CONTENT,
  "admin.window-films-testimonials.tsx": CONTENT,
  "admin.client-logos.tsx": CONTENT,
  "admin.course-testimonials.tsx": CONTENT,
  "admin.blog.tsx": CONTENT,
  "admin.blog_.$id.revisoes.tsx": CONTENT,
  "admin_.blog.preview.$id.tsx": CONTENT,
  "admin.midia.tsx": CONTENT,
  "admin.midia.enviar.ts": CONTENT,
  "admin.contatos.tsx": LEADS,
  "admin.contatos_.$id.tsx": LEADS,
  "admin.contatos_.$id_.exportar.ts": LEADS,
  "admin.estatisticas.tsx": LEADS,
  "admin.estatisticas[.]csv.ts": LEADS,
  "admin.equipe.tsx": ADMIN_ONLY,
  "admin.configuracoes.tsx": ADMIN_ONLY,
  "admin.configuracoes_.exportar.ts": ADMIN_ONLY,
};

/** The admin routes the guard runs for: under the layout, or outside it with the area's middleware (not the doors). */
async function guardedRoutes() {
  const routes = [];
  for (const route of appRoutes().filter((r) => r.admin && r.path !== "/admin")) {
    if (route.file.startsWith("admin_.")) {
      const module = (await import(`~/routes/${route.file.replace(/\.(ts|tsx)$/, "")}`)) as { middleware?: unknown };
      if (module.middleware === adminDoors) continue;
      expect(module.middleware, route.file).toBe(adminArea);
    }
    routes.push(route);
  }
  return [...routes, ...appRoutes().filter((r) => r.path === "/admin")];
}

/** A person on the team with this role (or none), signed in. */
async function member(role: Role | null, { totp = false } = {}) {
  const user = await createUser({ admin: false });
  if (role) await db.userRole.create({ data: { userId: user.id, role } });
  if (totp) await db.user.update({ where: { id: user.id }, data: { totpSecret: "JBSWY3DPEHPK3PXP" } });
  return { user, cookie: (await createUserSession(user.id)).split(";")[0]! };
}

type Outcome = { reached: true } | { reached: false; status: number; location?: string | null; body?: unknown };

/** Runs the admin area's middleware for `request` with a handler that only notes it was reached. */
async function throughGuard(request: Request): Promise<Outcome> {
  let reached = false;
  const handler = underAdminLayout(async () => {
    reached = true;
    return new Response("ok");
  });
  try {
    await handler(routeArgs(request));
  } catch (thrown) {
    if (thrown instanceof Response) return { reached: false, status: thrown.status, location: thrown.headers.get("Location") };
    const refused = thrown as { init?: ResponseInit; data?: unknown };
    if (refused.init?.status) return { reached: false, status: refused.init.status, body: refused.data };
    throw thrown;
  }
  return reached ? { reached: true } : { reached: false, status: 0 };
}

describe("the permission table", () => {
  it("names every admin route the guard protects (a new admin route without a rule fails here)", async () => {
    const routes = await guardedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) {
      expect(ruleFor(route.path), `${route.file} (${route.path}) has no rule in app/lib/admin/permissions.ts`).not.toBeNull();
      expect(EXPECTED[route.file], `${route.file}: who may open it is not in this test's table`).toBeDefined();
    }
    // And no rule names a route that does not exist (a renamed route would leave its rule behind).
    for (const pattern of Object.keys(ROUTE_RULES)) {
      expect(
        routes.some((route) => matchPath({ path: pattern, caseSensitive: false, end: true }, route.path)),
        `${pattern} matches no admin route`,
      ).toBe(true);
    }
  });

  it("gives each role what it may open, and nothing else", () => {
    const byFile = Object.fromEntries(appRoutes().map((route) => [route.file, route.path]));
    for (const [file, roles] of Object.entries(EXPECTED)) {
      for (const role of ALL) expect(mayOpen(role, byFile[file]!), `${role} ${file}`).toBe(roles.includes(role));
    }
    // A URL without a rule is for administrators only; no role, nothing.
    expect(mayOpen("editor", "/admin/algo-novo")).toBe(false);
    expect(mayOpen("admin", "/admin/algo-novo")).toBe(true);
    expect(mayOpen(null, "/admin/dashboard")).toBe(false);
  });
});

describe("the guard, for each role", () => {
  it("lets each role through to the routes it may open and answers 403 (in Portuguese) for the others: page, data request, form post", async () => {
    const routes = await guardedRoutes();
    const people = Object.fromEntries(await Promise.all(ALL.map(async (role) => [role, await member(role)] as const)));
    for (const route of routes) {
      const allowed = EXPECTED[route.file]!;
      for (const role of ALL) {
        const cookie = people[role]!.cookie;
        const attempts = [getRequest(route.path, { cookie }), getRequest(dataUrl(route.path), { cookie })];
        if (route.action)
          attempts.push(formRequest(route.path, { title: "Tentativa" }, { cookie }), formRequest(dataUrl(route.path), { title: "Tentativa" }, { cookie }));
        for (const request of attempts) {
          const outcome = await throughGuard(request);
          const label = `${role} ${request.method} ${new URL(request.url).pathname}`;
          if (allowed.includes(role)) {
            expect(outcome, label).toEqual({ reached: true });
          } else {
            expect(outcome, label).toMatchObject({
              reached: false,
              status: 403,
              body: { title: "Acesso restrito", description: expect.stringContaining("peça a um administrador") },
            });
          }
        }
      }
    }
  });

  it("keeps every role's session when it refuses a page (a 403 is not a sign-out); a session without a role is still revoked", async () => {
    const editor = await member("editor");
    expect(await throughGuard(getRequest("/admin/equipe", { cookie: editor.cookie }))).toMatchObject({ status: 403 });
    expect(await db.session.count({ where: { userId: editor.user.id } })).toBe(1);
    const outsider = await member(null);
    expect(await throughGuard(getRequest("/admin/blog", { cookie: outsider.cookie }))).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await db.session.count({ where: { userId: outsider.user.id } })).toBe(0);
  });

  it("a role change applies from the next request of a session already open", async () => {
    const person = await member("editor");
    expect(await throughGuard(getRequest("/admin/blog", { cookie: person.cookie }))).toEqual({ reached: true });
    await db.userRole.updateMany({ where: { userId: person.user.id }, data: { role: "atendimento" } });
    expect(await throughGuard(getRequest("/admin/blog", { cookie: person.cookie }))).toMatchObject({ status: 403 });
    expect(await throughGuard(getRequest("/admin/contatos", { cookie: person.cookie }))).toEqual({ reached: true });
  });
});

type Data = { data: Record<string, unknown>; init: ResponseInit | null };
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as Data).init?.status ?? 200));
const bodyOf = (result: unknown) => (result as Data).data as { roleError?: { id: string; message: string }; toast?: { description?: string } };

describe("the dashboard and the activity log, for each role", () => {
  it("shows each role only the cards of the pages it may open, and the activity of those", async () => {
    await db.activityEntry.createMany({
      data: [
        { actorEmail: "a@agencia.com.br", section: "blog", action: "create", targetLabel: "Post do blog" },
        { actorEmail: "a@agencia.com.br", section: "equipe", action: "invite", targetLabel: "segredo@agencia.com.br" },
        { actorEmail: "a@agencia.com.br", section: "contatos", action: "update", targetLabel: "Contato: Maria" },
        { actorEmail: "a@agencia.com.br", section: "login", action: "sign_in" },
      ],
    });
    const cardsOf = async (role: Role) => {
      const { cookie } = await member(role);
      const page = (await call(dashboard.loader as never, getRequest("/admin/dashboard", { cookie }))) as unknown as {
        cards: Array<{ path: string }>;
        newLeads: number | null;
        activity: Array<{ section: string }>;
        activityLink: boolean;
      };
      const log = (await call(activityLog.loader as never, getRequest("/admin/atividade", { cookie }))) as unknown as {
        entries: Array<{ section: string }>;
        sections: Array<[string, string]>;
      };
      return { paths: page.cards.map((card) => card.path), page, log };
    };
    const editor = await cardsOf("editor");
    expect(editor.paths).toEqual(expect.arrayContaining(["/admin/blog", "/admin/portfolio", "/admin/midia", "/admin/conta", "/admin/atividade"]));
    for (const hidden of ["/admin/equipe", "/admin/configuracoes", "/admin/estatisticas", "/admin/contatos"]) expect(editor.paths).not.toContain(hidden);
    expect(editor.page.newLeads).toBeNull();
    expect(new Set(editor.page.activity.map((e) => e.section))).toEqual(new Set(["blog"]));
    expect(new Set(editor.log.entries.map((e) => e.section))).toEqual(new Set(["blog"]));
    expect(editor.log.sections.map(([key]) => key)).not.toContain("equipe");

    const sales = await cardsOf("atendimento");
    expect(sales.paths).toEqual(expect.arrayContaining(["/admin/contatos", "/admin/estatisticas", "/admin/conta"]));
    for (const hidden of ["/admin/equipe", "/admin/configuracoes", "/admin/blog", "/admin/portfolio", "/admin/midia"])
      expect(sales.paths).not.toContain(hidden);
    expect(sales.page.newLeads).toBe(0);
    expect(new Set(sales.log.entries.map((e) => e.section))).toEqual(new Set(["contatos"]));

    const admin = await cardsOf("admin");
    expect(admin.paths).toEqual(expect.arrayContaining(["/admin/equipe", "/admin/configuracoes", "/admin/blog", "/admin/contatos"]));
    expect(new Set(admin.log.entries.map((e) => e.section))).toEqual(new Set(["blog", "equipe", "contatos", "login"]));
  });
});

describe("roles on the team page", () => {
  it("invites with the chosen role; a role that does not exist is refused next to the field (400)", async () => {
    const { cookie } = await member("admin");
    const invited = await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "invite", email: "atende@agencia.com.br", role: "atendimento" }, { cookie }),
    );
    expect(statusOf(invited)).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email: "atende@agencia.com.br" }, include: { roles: true } })).roles.map((r) => r.role)).toEqual([
      "atendimento",
    ]);
    const listed = (await call(team.loader as never, getRequest("/admin/equipe", { cookie }))) as unknown as {
      members: Array<{ email: string; role: string }>;
    };
    expect(listed.members.find((m) => m.email === "atende@agencia.com.br")).toMatchObject({ role: "atendimento" });

    const bad = await call(team.action as never, formRequest("/admin/equipe", { intent: "invite", email: "chefe@agencia.com.br", role: "chefe" }, { cookie }));
    expect(statusOf(bad)).toBe(400);
    expect((bad as { data: { lastResult: { error: Record<string, string[]> } } }).data.lastResult.error).toMatchObject({
      role: ["Escolha um dos perfis da lista."],
    });
    expect(await db.user.findUnique({ where: { email: "chefe@agencia.com.br" } })).toBeNull();
  });

  it("changes a colleague's role (recorded in the activity log); refuses a role that does not exist (400) and a non-administrator (403), next to the field", async () => {
    const admin = await member("admin");
    const colleague = await member("editor");
    const change = (role: string, cookie = admin.cookie) =>
      call(team.action as never, formRequest("/admin/equipe", { intent: "role", id: colleague.user.id, role }, { cookie }));

    const unknown = await change("superusuario");
    expect(statusOf(unknown)).toBe(400);
    expect(bodyOf(unknown).roleError).toEqual({ id: colleague.user.id, message: "Escolha um dos perfis da lista." });
    const inherited = await change("constructor");
    expect(statusOf(inherited)).toBe(400);

    // An editor cannot post to the team page at all: the guard answers before the action runs.
    const editor = await member("editor");
    const byEditor = await throughGuard(formRequest("/admin/equipe", { intent: "role", id: colleague.user.id, role: "admin" }, { cookie: editor.cookie }));
    expect(byEditor).toMatchObject({ status: 403 });
    // And the rule holds in the change itself: whoever asks must be an active administrator.
    const { changeMember } = await import("~/lib/team.server");
    expect((await changeMember(editor.user.id, colleague.user.id, { kind: "role", role: "admin" })).refusal).toEqual({
      message: "Só um administrador ativo pode mudar a equipe.",
      status: 403,
    });
    expect((await db.userRole.findMany({ where: { userId: colleague.user.id } })).map((r) => r.role)).toEqual(["editor"]);

    const done = (await change("atendimento")) as Response;
    expect(done.status).toBe(302);
    expect((await db.userRole.findMany({ where: { userId: colleague.user.id } })).map((r) => r.role)).toEqual(["atendimento"]);
    const entry = await db.activityEntry.findFirstOrThrow({ where: { action: "role_change", targetId: colleague.user.id } });
    expect(entry).toMatchObject({ actorEmail: admin.user.email, section: "equipe", summary: "Perfil: “Editor” → “Atendimento”" });

    // Nobody changes their own role.
    const own = await call(team.action as never, formRequest("/admin/equipe", { intent: "role", id: admin.user.id, role: "editor" }, { cookie: admin.cookie }));
    expect(statusOf(own)).toBe(409);
    expect(bodyOf(own).roleError?.message).toBe("Você não pode mudar o seu próprio perfil.");
  });

  it("two administrators deactivating, removing or demoting each other at the same moment leave one active administrator", async () => {
    const moves: Array<Record<string, string>> = [{ intent: "deactivate" }, { intent: "remove" }, { intent: "role", role: "editor" }];
    for (let round = 0; round < 12; round++) {
      // Only these two are administrators: every other account of this file loses the role first.
      await db.userRole.deleteMany({ where: { role: "admin" } });
      const a = await member("admin");
      const b = await member("admin");
      const move = moves[round % moves.length]!;
      // The guard itself may refuse the later one (403: demoted a moment ago), which `call` throws.
      const attempt = (cookie: string, id: string) =>
        call(team.action as never, formRequest("/admin/equipe", { ...move, id }, { cookie })).catch((refused: { init?: ResponseInit }) => ({
          data: null,
          init: refused.init ?? { status: 500 },
        }));
      const results = await Promise.all([attempt(a.cookie, b.user.id), attempt(b.cookie, a.user.id)]);
      const active = await db.user.count({
        where: { id: { in: [a.user.id, b.user.id] }, deactivatedAt: null, roles: { some: { role: "admin" } } },
      });
      expect(active, `round ${round}: ${move.intent}`).toBe(1);
      // One change went through (back to the team page); the other was refused with a 4xx, or found
      // its own session already ended by the first (back to the login). Never a 500.
      const outcomes = results.map((r) => (r instanceof Response ? `${r.status} ${r.headers.get("Location")}` : String(statusOf(r))));
      expect(
        outcomes.filter((o) => o === "302 /admin/equipe"),
        JSON.stringify(outcomes),
      ).toHaveLength(1);
      expect(
        outcomes.every((o) => o === "302 /admin/equipe" || o.startsWith("302 /admin/login") || /^4\d\d$/.test(o)),
        JSON.stringify(outcomes),
      ).toBe(true);
    }
  });

  it("shows a colleague's open sessions and ends one or all of them without deactivating the account (activity log: ended sessions)", async () => {
    const admin = await member("admin");
    const colleague = await member("editor");
    const phone = new Request("http://localhost/admin/login", {
      headers: {
        "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      },
    });
    await createUserSession(colleague.user.id, phone, "203.0.113.77");
    const listed = (await call(team.loader as never, getRequest("/admin/equipe", { cookie: admin.cookie }))) as unknown as {
      members: Array<{ id: string; sessions: Array<{ id: string; device: string; addressPrefix: string }> }>;
    };
    const sessions = listed.members.find((m) => m.id === colleague.user.id)!.sessions;
    expect(sessions).toHaveLength(2);
    const phoneSession = sessions.find((s) => s.device === "Safari no iPhone")!;
    expect(phoneSession.addressPrefix).toBe("203.0.113.0/24");

    const one = (await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "end-sessions", id: colleague.user.id, session: phoneSession.id }, { cookie: admin.cookie }),
    )) as Response;
    expect(one.status).toBe(302);
    expect(await db.session.count({ where: { userId: colleague.user.id } })).toBe(1);
    expect(await throughGuard(getRequest("/admin/blog", { cookie: colleague.cookie }))).toEqual({ reached: true });

    const all = (await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "end-sessions", id: colleague.user.id }, { cookie: admin.cookie }),
    )) as Response;
    expect(all.status).toBe(302);
    expect(await db.session.count({ where: { userId: colleague.user.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.user.id } })).deactivatedAt).toBeNull();
    const entries = await db.activityEntry.findMany({ where: { action: "member_sessions_end", targetId: colleague.user.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.summary)).toEqual(["1 sessão encerrada", "1 sessão encerrada"]);
    expect(entries[0]).toMatchObject({ actorEmail: admin.user.email, section: "equipe", targetLabel: colleague.user.email });
  });

  it("an invitation stops working when the administrator who sent it is deactivated (they vouched for the person); another can invite again", async () => {
    const sender = await member("admin");
    const other = await member("admin");
    const invited = (await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "invite", email: "novo@agencia.com.br", role: "editor" }, { cookie: sender.cookie }),
    )) as {
      data: { link?: { url: string } };
    };
    const token = invited.data.link!.url.split("/").pop()!;
    const stateOf = async (token: string) =>
      ((await invitation.loader(routeArgs(getRequest(`/admin/convite/${token}`), { token }) as never)) as unknown as { data: { state: string } }).data.state;
    const state = () => stateOf(token);
    expect(await state()).toBe("valid");

    const deactivated = (await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "deactivate", id: sender.user.id }, { cookie: other.cookie }),
    )) as Response;
    expect(deactivated.status).toBe(302);
    expect(await state()).not.toBe("valid");
    expect(await db.user.findUniqueOrThrow({ where: { email: "novo@agencia.com.br" } })).toMatchObject({ passwordHash: null, deactivatedAt: null });

    const again = (await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "invite", email: "novo@agencia.com.br" }, { cookie: other.cookie }),
    )) as {
      data: { link?: { url: string } };
    };
    const second = again.data.link!.url.split("/").pop()!;
    expect(await stateOf(second)).toBe("valid");
    // Sent again, the invitation keeps the role it had.
    expect((await db.userRole.findMany({ where: { user: { email: "novo@agencia.com.br" } } })).map((r) => r.role)).toEqual(["editor"]);
  });
});

describe("two-factor sign-in for the whole team", () => {
  it("only an administrator turns it on (recorded in the activity log); then a member without a second factor can open only Minha conta", async () => {
    const admin = await member("admin", { totp: true });
    const editor = await member("editor");
    expect(await throughGuard(formRequest("/admin/configuracoes?duas-etapas", { require_two_factor: "on" }, { cookie: editor.cookie }))).toMatchObject({
      status: 403,
    });
    const on = (await call(
      settings.action as never,
      formRequest("/admin/configuracoes?duas-etapas", { require_two_factor: "on" }, { cookie: admin.cookie }),
    )) as Response;
    expect(on.status).toBe(302);
    expect((await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).requireTwoFactor).toBe(true);
    expect(await db.activityEntry.findFirst({ where: { section: "configuracoes", actorEmail: admin.user.email } })).toMatchObject({
      action: "settings",
      summary: "Verificação em duas etapas obrigatória para a equipe: ligada",
    });
    const page = (await call(settings.loader as never, getRequest("/admin/configuracoes", { cookie: admin.cookie }))) as unknown as {
      requireTwoFactor: boolean;
    };
    expect(page.requireTwoFactor).toBe(true);

    // Without a second factor: every admin route (page, data, post) sends the editor to set it up.
    for (const request of [
      getRequest("/admin/dashboard", { cookie: editor.cookie }),
      getRequest("/admin/blog.data", { cookie: editor.cookie }),
      formRequest("/admin/blog", { title: "Rascunho" }, { cookie: editor.cookie }),
    ]) {
      const outcome = await throughGuard(request);
      expect(outcome, request.url).toMatchObject({ reached: false, status: 302, location: "/admin/conta" });
    }
    const redirected = await call(dashboard.loader as never, getRequest("/admin/dashboard", { cookie: editor.cookie }));
    const { getToast } = await import("~/lib/toast.server");
    expect((await getToast(getRequest("/", { cookie: cookiesFrom(redirected as Response) }))).toast).toMatchObject({
      title: "Verificação em duas etapas obrigatória",
    });
    // Minha conta (where it is set up) opens, its page and its form posts.
    expect(await throughGuard(getRequest("/admin/conta", { cookie: editor.cookie }))).toEqual({ reached: true });
    expect(await throughGuard(getRequest("/admin/conta.data", { cookie: editor.cookie }))).toEqual({ reached: true });
    expect(await throughGuard(formRequest("/admin/conta", { intent: "2fa-start" }, { cookie: editor.cookie }))).toEqual({ reached: true });
    // So do the passkeys' routes below it: a passkey is a second factor too.
    expect(await throughGuard(formRequest("/admin/conta/chave-de-acesso", {}, { cookie: editor.cookie }))).toEqual({ reached: true });
    // With an authenticator app (or a passkey), the rest opens again.
    await db.user.update({ where: { id: editor.user.id }, data: { totpSecret: "JBSWY3DPEHPK3PXP" } });
    expect(await throughGuard(getRequest("/admin/blog", { cookie: editor.cookie }))).toEqual({ reached: true });
    const withPasskey = await member("atendimento");
    await db.passkey.create({ data: { userId: withPasskey.user.id, credentialId: "cred-roles-test", publicKey: "pk", name: "Notebook" } });
    expect(await throughGuard(getRequest("/admin/contatos", { cookie: withPasskey.cookie }))).toEqual({ reached: true });
    const listed = (await call(team.loader as never, getRequest("/admin/equipe", { cookie: admin.cookie }))) as unknown as {
      members: Array<{ id: string; passkeys: number; twoFactor: boolean }>;
    };
    expect(listed.members.find((m) => m.id === withPasskey.user.id)).toMatchObject({ passkeys: 1, twoFactor: false });

    const off = (await call(settings.action as never, formRequest("/admin/configuracoes?duas-etapas", {}, { cookie: admin.cookie }))) as Response;
    expect(off.status).toBe(302);
    const later = await member("editor");
    expect(await throughGuard(getRequest("/admin/blog", { cookie: later.cookie }))).toEqual({ reached: true });
  });

  it("resetting a colleague's second factor is the administrators' (an editor gets 403), and is recorded", async () => {
    const editor = await member("editor");
    const colleague = await member("atendimento", { totp: true });
    expect(await throughGuard(formRequest("/admin/equipe", { intent: "reset-2fa", id: colleague.user.id }, { cookie: editor.cookie }))).toMatchObject({
      status: 403,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.user.id } })).totpSecret).not.toBeNull();
    const admin = await member("admin");
    const done = (await call(
      team.action as never,
      formRequest("/admin/equipe", { intent: "reset-2fa", id: colleague.user.id }, { cookie: admin.cookie }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(await db.activityEntry.findFirst({ where: { action: "two_factor_reset", targetId: colleague.user.id } })).toMatchObject({
      actorEmail: admin.user.email,
    });
  });
});
