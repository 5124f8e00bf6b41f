// "Esqueci minha senha": a reset link by e-mail for an active member of the team, and for anyone else the same
// answer, with the same status, after about the same time, so the form tells nobody which
// addresses have an account. The message is handed to the mail server in the background (an SMTP
// round trip would make a known address slower), and every answer waits until MIN_ANSWER_MS has
// passed since the request began, so the little work that only a known address costs (writing
// its link) does not show either.
//
// Limits, counted before anything is looked up, the visitor's address first (an address past its
// limit counts against nothing else):
//   - per visitor's address: 10 requests per 15 minutes;
//   - per e-mail typed and address together: 3 per hour, so the owner's own requests are counted
//     apart from a stranger's, and a stranger asking for someone's e-mail never uses up the
//     owner's turns;
//   - per e-mail typed, from addresses the account has never signed in from: 10 per hour, which
//     bounds how many messages strangers on many addresses can make the owner receive. Requests
//     from a network the account has signed in from (its sessions, its sign-in history) do not
//     count there, so even strangers using up that bound never lock the owner out at their usual
//     places.
// Each request that gets through makes a new link and leaves the earlier ones valid until used
// or expired (account-tokens.server.ts): a later request never spoils the link already in the
// owner's mailbox.
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "./db.server";
import { createAccountToken, tokenLifetimeMinutes } from "./account-tokens.server";
import { sendPasswordReset } from "./account-mail.server";
import { hit, type RateLimitResult } from "./rate-limit.server";
import { addressPrefix } from "./session.server";
import { signedInFrom } from "./sign-in-history.server";

export const MIN_ANSWER_MS = 400;
const ADDRESS_LIMIT = 10;
const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
const PAIR_LIMIT = 3;
const PAIR_WINDOW_MS = 60 * 60 * 1000;
const STRANGERS_LIMIT = 10;
const STRANGERS_WINDOW_MS = 60 * 60 * 1000;

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterMinutes: number };

const refusal = (result: RateLimitResult): ResetRequestResult => ({ ok: false, retryAfterMinutes: Math.max(1, Math.ceil(result.retryAfter / 60)) });

export async function requestPasswordReset(email: string, ip: string): Promise<ResetRequestResult> {
  const started = performance.now();
  const result = await answer(email, ip);
  const left = MIN_ANSWER_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
  return result;
}

async function answer(email: string, ip: string): Promise<ResetRequestResult> {
  const byAddress = await hit(`reset:ip:${ip}`, ADDRESS_LIMIT, ADDRESS_WINDOW_MS);
  if (!byAddress.allowed) return refusal(byAddress);
  const byPair = await hit(`reset:pair:${email}:${ip}`, PAIR_LIMIT, PAIR_WINDOW_MS);
  if (!byPair.allowed) return refusal(byPair);

  const user = await db.user.findUnique({ where: { email }, include: { roles: true } });
  // Every e-mail typed is counted alike (an unknown one included), unless the account has signed in from this network.
  if (!(user && (await signedInFrom(user, addressPrefix(ip))))) {
    const byEmail = await hit(`reset:email:${email}`, STRANGERS_LIMIT, STRANGERS_WINDOW_MS);
    if (!byEmail.allowed) return refusal(byEmail);
  }
  // Any member of the team (an account with a role) may reset a forgotten password.
  if (user && user.passwordHash && !user.deactivatedAt && user.roles.length > 0) {
    const token = await createAccountToken(user.id, "reset");
    void sendPasswordReset(user.email, token, tokenLifetimeMinutes("reset"));
  }
  return { ok: true };
}
