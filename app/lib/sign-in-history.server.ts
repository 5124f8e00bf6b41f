// Where an account has signed in from, as the activity log and the open sessions remember it: the
// device (browser and system, read from the User-Agent) and the first part of the address (an
// IPv4 /24, an IPv6 /48). It answers two questions:
//   - is this sign-in from a new device? Then the person is told by e-mail (sign-in.server.ts).
//     New means no open session of the account and no sign-in of it in the activity log (a year
//     of it) with the same browser, system and network; an account's very first sign-in is not
//     news to anyone and sends nothing;
//   - has the account ever signed in from this network? Then a password reset asked from there
//     is the owner's own (password-reset.server.ts).
// Each sign-in's entry in the activity log carries the same words (deviceLabel), so the log reads
// "Entrou no painel: Chrome no Windows · rede 203.0.113.0/24" and this file finds it again.
// The browser and system are what the User-Agent claims: enough to tell a person "a new device",
// not a proof of anything, which is why the check is only ever used to tell, never to let in.
import { db } from "./db.server";
import { describeDevice } from "./user-agent";

/** The words a sign-in's activity entry carries: "Chrome no Windows · rede 203.0.113.0/24". */
export function deviceLabel(userAgent: string, prefix: string): string {
  return prefix ? `${describeDevice(userAgent)} · rede ${prefix}` : describeDevice(userAgent);
}

/** Whether the account has an open session, or a sign-in in the log, from the network `prefix`. */
export async function signedInFrom(user: { id: string; email: string }, prefix: string): Promise<boolean> {
  // "local" (this machine, or a proxy passing no address on) names no network of the person's.
  if (!prefix || prefix === "local") return false;
  const [session, entry] = await Promise.all([
    db.session.findFirst({ where: { userId: user.id, addressPrefix: prefix }, select: { id: true } }),
    db.activityEntry.findFirst({
      where: { actorEmail: user.email, section: "login", action: "sign_in", summary: { endsWith: ` · rede ${prefix}` } },
      select: { id: true },
    }),
  ]);
  return Boolean(session || entry);
}

/** Whether signing in with `userAgent` from `prefix` is news to the account (see the top of this file). */
export async function isNewDevice(user: { id: string; email: string; lastSignInAt: Date | null }, userAgent: string, prefix: string): Promise<boolean> {
  if (!user.lastSignInAt) return false;
  const device = describeDevice(userAgent);
  const [sessions, entry] = await Promise.all([
    db.session.findMany({ where: { userId: user.id, addressPrefix: prefix }, select: { userAgent: true } }),
    db.activityEntry.findFirst({
      where: { actorEmail: user.email, section: "login", action: "sign_in", summary: deviceLabel(userAgent, prefix) },
      select: { id: true },
    }),
  ]);
  return !entry && !sessions.some((session) => describeDevice(session.userAgent) === device);
}
