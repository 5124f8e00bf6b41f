// Who may do what in the back office, in one place. Each person on the team has one role:
//   - Administrador: everything;
//   - Editor: the site's content (the content sections, the blog with its preview and revisions,
//     the media library) and the activity of that content; not the team, the settings, the
//     insights or the leads;
//   - Atendimento: the leads inbox and the insights; not the content, the team or the settings.
// Everyone on the team opens the dashboard and their own account ("Minha conta"), and signs out.
//
// ROUTE_RULES names every admin URL the guard protects and the area it belongs to. The guard
// (app/lib/admin/guard.server.ts) refuses, before any loader or action runs, a request whose role
// is not in that area: page loads, form posts and the `.data` requests the browser makes with
// JavaScript alike. The dashboard's cards and the links between pages read `mayOpen` too, so
// nobody is shown a link they cannot open. A URL without a rule is for administrators only, and a
// test (tests/routes/admin-roles.test.ts) fails when an admin route file has no rule here.
//
// Isomorphic (no server imports): the dashboard filters its cards with it in the browser too.
import { matchPath } from "react-router";
import { ADMINISTRATOR, type Role } from "./roles.ts";
import { CONTENT_SECTIONS } from "./sections";

export { ADMINISTRATOR, isRole, ROLE_HINTS, ROLES, roleOf, type Role } from "./roles.ts";

/** The parts of the back office a rule can name, and the roles that may use each. */
const AREAS = {
  /** The dashboard, "Minha conta", the activity of what the role may open. */
  everyone: ["admin", "editor", "atendimento"],
  content: ["admin", "editor"],
  leads: ["admin", "atendimento"],
  /** The team, the settings: administrators only. */
  administration: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

type Area = keyof typeof AREAS;

/**
 * Every admin URL under the guard (as the router's route patterns: /admin/contatos/:id) and its
 * area. The content sections come from the registry of sections, so a new section is the
 * editors' as well.
 */
export const ROUTE_RULES: Readonly<Record<string, Area>> = {
  "/admin": "everyone",
  "/admin/dashboard": "everyone",
  "/admin/conta": "everyone",
  "/admin/conta/chave-de-acesso": "everyone",
  "/admin/atividade": "everyone",
  ...Object.fromEntries(CONTENT_SECTIONS.map((section) => [section.path, "content" as const])),
  "/admin/blog/:id/revisoes": "content",
  "/admin/blog/preview/:id": "content",
  "/admin/midia": "content",
  "/admin/midia/enviar": "content",
  "/admin/contatos": "leads",
  "/admin/contatos/:id": "leads",
  "/admin/contatos/:id/exportar": "leads",
  "/admin/estatisticas": "leads",
  "/admin/estatisticas.csv": "leads",
  "/admin/equipe": "administration",
  "/admin/configuracoes": "administration",
  "/admin/configuracoes/exportar": "administration",
};

/** The rule naming `path` (a URL path or a route pattern), or null when there is none. */
export function ruleFor(path: string): Area | null {
  if (Object.hasOwn(ROUTE_RULES, path)) return ROUTE_RULES[path]!;
  for (const [pattern, area] of Object.entries(ROUTE_RULES)) {
    if (matchPath({ path: pattern, caseSensitive: false, end: true }, path)) return area;
  }
  return null;
}

/** Whether `role` may open (load and post to) the admin URL `path`; a URL without a rule is for administrators. */
export function mayOpen(role: Role | null, path: string): boolean {
  if (!role) return false;
  const area = ruleFor(path.split(/[?#]/)[0]!);
  return (AREAS[area ?? "administration"] as readonly Role[]).includes(role);
}

/** Whether `role` may see the leads (the inbox, a lead's page, an e-mail about a lead). */
export function maySeeLeads(role: Role | null): boolean {
  return mayOpen(role, "/admin/contatos");
}

/** The stored roles that may see the leads, for a database query (`roles: { some: { role: { in } } }`). */
export const LEAD_ROLES: readonly Role[] = AREAS.leads;

/**
 * The activity-log sections `role` sees: those of the pages it may open that belong to a part of
 * the back office (the entries of the content for an editor, of the leads for Atendimento). The
 * sign-ins, the team's and the accounts' entries (who changed whose password) are the
 * administrators'. null means every section.
 */
export function activitySectionsFor(role: Role | null, sections: readonly string[]): string[] | null {
  if (role === ADMINISTRATOR) return null;
  return sections.filter((key) => {
    const area = ruleFor(`/admin/${key}`);
    return area !== null && area !== "everyone" && mayOpen(role, `/admin/${key}`);
  });
}

/** What a refused page says (with a 403). */
export const FORBIDDEN = {
  title: "Acesso restrito",
  description: "O seu perfil na equipe não permite abrir esta página. Se precisar dela, peça a um administrador.",
};
