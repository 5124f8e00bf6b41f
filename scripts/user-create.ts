// `npm run user:create -- --email E --password P [--role administrador|editor|atendimento]`:
// creates the user or sets their password; --role makes it their one role on the team
// (app/lib/admin/permissions.ts says what each may open), --admin is --role administrador.
// Weak input or a role that does not exist is refused with a clear message and exit 2.
import { parseArgs } from "node:util";
import type { Role } from "../app/lib/admin/roles.ts";
import { credentialProblem } from "./lib/users.ts";

const USAGE = "usage: npm run user:create -- --email E --password P [--role administrador|editor|atendimento] [--admin]";

/** The roles as an operator types them (the team page's names, in lower case), and as stored. */
const CLI_ROLES: Record<string, Role> = { administrador: "admin", editor: "editor", atendimento: "atendimento" };

function fail(message: string): never {
  console.error(`user:create: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string; password?: string; admin?: boolean; role?: string };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, admin: { type: "boolean", default: false }, role: { type: "string" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}

const problem = credentialProblem(values.email, values.password);
if (problem) fail(problem);

let role: Role | undefined;
if (values.role !== undefined) {
  const typed = values.role.trim().toLowerCase();
  role = Object.hasOwn(CLI_ROLES, typed) ? CLI_ROLES[typed] : undefined;
  if (!role) fail(`perfil inválido: "${values.role}". Use --role administrador, editor ou atendimento.`);
  if (values.admin && role !== "admin") fail(`--admin é o mesmo que --role administrador: não use junto com --role ${values.role}.`);
} else if (values.admin) {
  role = "admin";
}

// The database is opened only for valid input (and after env validation in db.server.ts).
const { db, dbReady } = await import("../app/lib/db.server.ts");
const { newPasswordProblem, upsertUser } = await import("./lib/users.ts");
try {
  await dbReady;
  // Hard to guess, as on the site (unless it is already the account's password).
  const weak = await newPasswordProblem(db, values.email, values.password);
  if (weak) fail(weak);
  const user = await upsertUser(db, { email: values.email!, password: values.password!, role });
  const roles = await db.userRole.findMany({ where: { userId: user.id }, select: { role: true } });
  console.log(
    `user:create: ${user.email} ${user.created ? "created" : "updated"}` + (roles.length ? ` (roles: ${roles.map((r) => r.role).join(", ")})` : " (no roles)"),
  );
} catch (error) {
  console.error(`user:create failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
