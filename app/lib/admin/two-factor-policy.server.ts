// Two-factor sign-in for the whole team. An administrator can require it in "Configurações"
// (stored with the site settings, site_settings.require_two_factor). While it is required, the
// guard (app/lib/admin/guard.server.ts) sends anyone without a second factor to "Minha conta",
// where it is set up, from every other admin page: right after the password step (the sign-in
// sends people to the dashboard, which sends them on), and on any other request until it is done.
// Signing out and the recovery codes of those who have them keep working: they are doors of the
// sign-in, outside the guard.
import { db } from "../db.server";
import { errorFields, log } from "../logger.server";
import { saveSiteSettings } from "../site-settings.server";
import { defaultSiteSettings } from "../site-settings";

/** The last answer read, for a request made while the settings table does not answer. */
let lastRead = false;

/**
 * Whether every member must have a second factor. A missing settings row means no. Like the rest
 * of the site settings, an unreadable table is logged and the last answer read is used, so the
 * admin still reaches the pages that say what failed.
 */
export async function twoFactorRequired(): Promise<boolean> {
  try {
    const row = await db.siteSettings.findUnique({ where: { id: 1 }, select: { requireTwoFactor: true } });
    return (lastRead = row?.requireTwoFactor ?? false);
  } catch (error) {
    log("error", "two-factor requirement unreadable, last known answer used", errorFields(error));
    return lastRead;
  }
}

/** Turns the requirement on or off (the caller records it in the activity log). */
export async function setTwoFactorRequired(on: boolean): Promise<void> {
  if (!(await db.siteSettings.findUnique({ where: { id: 1 }, select: { id: true } }))) await saveSiteSettings(defaultSiteSettings);
  await db.siteSettings.update({ where: { id: 1 }, data: { requireTwoFactor: on } });
}

/**
 * Whether the account has a second factor: an authenticator app (TOTP) turned on, or at least one
 * passkey (a passkey alone is already two factors: the device and its lock). The one place that
 * says so: a new kind of second factor is added here.
 */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true, _count: { select: { passkeys: true } } } });
  return Boolean(user && (user.totpSecret || user._count.passkeys > 0));
}
