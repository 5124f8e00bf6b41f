// The admin the seed creates or updates from ADMIN_EMAIL / ADMIN_PASSWORD. Only when NODE_ENV says
// development or test do the documented demo values fill in; in production (NODE_ENV unset
// included) a missing ADMIN_PASSWORD means no admin at all.
import type { Db } from "../../../app/lib/db.server.ts";
import { isProduction } from "../../../app/lib/mode.ts";
import { newPasswordProblem, upsertUser } from "../users.ts";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "./demo-admin.ts";

export interface AdminSource {
  NODE_ENV?: string;
  ADMIN_EMAIL?: string;
  ADMIN_PASSWORD?: string;
}

function adminCredentials(source: AdminSource): { email: string; password: string } | null {
  const production = isProduction(source);
  const email = source.ADMIN_EMAIL?.trim() || DEMO_ADMIN_EMAIL;
  const password = source.ADMIN_PASSWORD || (production ? undefined : DEMO_ADMIN_PASSWORD);
  return password ? { email, password } : null;
}

export async function seedAdmin(db: Db, source: AdminSource): Promise<string> {
  const credentials = adminCredentials(source);
  if (!credentials) return "admin: ADMIN_PASSWORD is not set in production, no admin created";
  // A new password is held to the site's rule (an unchanged one keeps working).
  const weak = await newPasswordProblem(db, credentials.email, credentials.password);
  if (weak) throw new Error(`ADMIN_PASSWORD refused: ${weak}`);
  const user = await upsertUser(db, { ...credentials, admin: true });
  return `admin: ${user.email} ${user.created ? "created" : user.passwordChanged ? "password updated" : "already up to date"}`;
}
