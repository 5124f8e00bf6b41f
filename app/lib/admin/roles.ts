// The roles of the team as stored in `user_roles.role`, with their names on screen. What each may
// open is app/lib/admin/permissions.ts; this file has no imports, so the operator's command
// (`npm run user:create -- --role ...`) reads the same names.
//
// Administrador is stored as "admin", the value every account had before roles were split, so
// those accounts keep it without a migration.
export const ROLES = {
  admin: "Administrador",
  editor: "Editor",
  atendimento: "Atendimento",
} as const;

export type Role = keyof typeof ROLES;

export const ADMINISTRATOR: Role = "admin";

/** What each role is for, as the team page explains it. */
export const ROLE_HINTS: Record<Role, string> = {
  admin: "Tudo, inclusive a equipe e as configurações.",
  editor: "Conteúdo do site, blog e biblioteca de mídia.",
  atendimento: "Contatos e estatísticas.",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && Object.hasOwn(ROLES, value);
}

/**
 * The role of someone whose stored roles are `stored` (rows of user_roles), or null when none
 * is a staff role (such an account cannot use the back office). Should an account hold more than
 * one, the broadest counts.
 */
export function roleOf(stored: ReadonlyArray<string | { role: string }>): Role | null {
  const roles = stored.map((entry) => (typeof entry === "string" ? entry : entry.role));
  return (Object.keys(ROLES) as Role[]).find((role) => roles.includes(role)) ?? null;
}
