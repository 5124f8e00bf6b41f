// "Esqueci minha senha": a reset link by e-mail for an active admin, and for anyone else the same
// answer, with the same status, after about the same time, so the form tells nobody which
// addresses have an account. The message is handed to the mail server in the background (an SMTP
// round trip would make a known address slower), and every answer waits until MIN_ANSWER_MS has
// passed since the request began, so the little work that only a known address costs (writing
// its link) does not show either.
//
// Requests are limited per visitor's address (10 per 15 minutes) and per e-mail typed (3 per
// hour, whether or not it has an account), counted before anything is looked up.
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "./db.server";
import { createAccountToken } from "./account-tokens.server";
import { sendPasswordReset } from "./account-mail.server";
import { hit } from "./rate-limit.server";
import { ADMIN_ROLE } from "./session.server";

export const MIN_ANSWER_MS = 400;
const ADDRESS_LIMIT = 10;
const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
const EMAIL_LIMIT = 3;
const EMAIL_WINDOW_MS = 60 * 60 * 1000;

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterMinutes: number };

export async function requestPasswordReset(email: string, ip: string): Promise<ResetRequestResult> {
  const started = performance.now();
  const counted = await Promise.all([hit(`reset:ip:${ip}`, ADDRESS_LIMIT, ADDRESS_WINDOW_MS), hit(`reset:email:${email}`, EMAIL_LIMIT, EMAIL_WINDOW_MS)]);
  const refused = counted.filter((result) => !result.allowed);
  if (refused.length > 0) return { ok: false, retryAfterMinutes: Math.max(1, ...refused.map((r) => Math.ceil(r.retryAfter / 60))) };

  const user = await db.user.findUnique({ where: { email }, include: { roles: true } });
  if (user && user.passwordHash && !user.deactivatedAt && user.roles.some((role) => role.role === ADMIN_ROLE)) {
    const token = await createAccountToken(user.id, "reset");
    void sendPasswordReset(user.email, token);
  }
  const left = MIN_ANSWER_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
  return { ok: true };
}
