// `npm run user:create -- --email E --password P [--admin]`: creates the user or sets their
// password; --admin adds the admin role. Weak input is refused with a clear message and exit 2.
import { parseArgs } from "node:util";
import { credentialProblem } from "./lib/users.ts";

const USAGE = "usage: npm run user:create -- --email E --password P [--admin]";

function fail(message: string): never {
  console.error(`user:create: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string; password?: string; admin?: boolean };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, admin: { type: "boolean", default: false } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}

const problem = credentialProblem(values.email, values.password);
if (problem) fail(problem);

// The database is opened only for valid input (and after env validation in db.server.ts).
const { db, dbReady } = await import("../app/lib/db.server.ts");
const { newPasswordProblem, upsertUser } = await import("./lib/users.ts");
try {
  await dbReady;
  // Hard to guess, as on the site (unless it is already the account's password).
  const weak = await newPasswordProblem(db, values.email, values.password);
  if (weak) fail(weak);
  const user = await upsertUser(db, { email: values.email!, password: values.password!, admin: values.admin ?? false });
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
