// Signing in with a passkey: the server half of the browser's WebAuthn calls, as JSON (a passkey
// needs JavaScript; without it the sign-in pages never show the buttons that post here). Each
// ceremony is two posts: the options (a fresh single-use challenge) and the browser's answer.
//   sign-in-options / sign-in          the sign-in page: a passkey alone opens the session
//   second-step-options / second-step  after the password, beside the 6-digit code
// A door into the admin area, outside its layout: there is no session yet. Every refusal is a
// 4xx with a Portuguese `error`; a sign-in answers `redirectTo` with the session's cookie (and
// its toast) already set, and the page goes there. Adding a passkey is "Minha conta"'s
// (admin.conta_.chave-de-acesso.ts), behind the admin guard.
import { z } from "zod";
import type { Route } from "./+types/admin_.chave-de-acesso";
import { adminDoors } from "~/lib/admin/guard.server";
import { roleOf } from "~/lib/admin/permissions";
import { db } from "~/lib/db.server";
import { authenticationOptions, ceremonyError, credentialJson, readCeremony, redirectAsJson, refusalResponse, verifyPasskey } from "~/lib/passkeys.server";
import { forgive, hit, reset } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-info.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { openSession, throttledToast } from "~/lib/sign-in.server";
import { pendingSignIn } from "~/lib/two-factor.server";

export const middleware: Route.MiddlewareFunction[] = adminDoors;

const WINDOW_MS = 15 * 60 * 1000;
/** Ceremonies an address may start, and answers it may send, per 15 minutes. */
const MAX_OPTIONS_PER_ADDRESS = 60;
const MAX_ANSWERS_PER_ADDRESS = 20;
/** Second-step answers per account: counted with its 6-digit codes (the same limit, the same key). */
const MAX_SECOND_STEPS_PER_ACCOUNT = 5;
const EXPIRED = "A verificação expirou. Entre com seu e-mail e senha novamente.";

const body = z.discriminatedUnion("step", [
  z.object({ step: z.literal("sign-in-options") }),
  z.object({ step: z.literal("sign-in"), response: credentialJson, redirectTo: z.string().max(2000).optional() }),
  z.object({ step: z.literal("second-step-options") }),
  z.object({ step: z.literal("second-step"), response: credentialJson }),
]);

function targetFrom(value: unknown): string {
  const path = safeRedirectPath(value, "/admin/dashboard");
  return path.startsWith("/admin/") && !path.startsWith("/admin/login") ? path : "/admin/dashboard";
}

async function overLimit(key: string, limit: number): Promise<Response | null> {
  const result = await hit(key, limit, WINDOW_MS);
  if (result.allowed) return null;
  const toast = throttledToast(Math.max(1, Math.ceil(result.retryAfter / 60)));
  return ceremonyError(toast.description ?? toast.title, 429);
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = requestInfo(context).ip;
  const input = await readCeremony(request, body);
  if (input instanceof Response) return input;

  switch (input.step) {
    case "sign-in-options": {
      const limited = await overLimit(`passkey-options:ip:${ip}`, MAX_OPTIONS_PER_ADDRESS);
      return limited ?? Response.json(await authenticationOptions(request, null));
    }
    case "sign-in": {
      const addressKey = `passkey:ip:${ip}`;
      const limited = await overLimit(addressKey, MAX_ANSWERS_PER_ADDRESS);
      if (limited) return limited;
      const result = await verifyPasskey(input.response as never, request, null);
      if (!result.ok) return refusalResponse(result.reason);
      const user = await db.user.findUnique({ where: { id: result.userId }, include: { roles: true } });
      if (!user || user.deactivatedAt) return refusalResponse("inactive");
      if (roleOf(user.roles) === null) return ceremonyError("Acesso não autorizado", 403);
      await forgive(addressKey);
      // The passkey proved both factors (the device, and the fingerprint, face or PIN that unlocked
      // it): the session opens here, through the same end as the second step's.
      return redirectAsJson(await openSession(user, request, ip, { redirectTo: targetFrom(input.redirectTo) }));
    }
    case "second-step-options": {
      const pending = await pendingSignIn(request);
      if (!pending) return ceremonyError(EXPIRED, 401);
      return Response.json(await authenticationOptions(request, pending.user.id));
    }
    case "second-step": {
      const pending = await pendingSignIn(request);
      if (!pending) return ceremonyError(EXPIRED, 401);
      const accountKey = `2fa:user:${pending.user.id}`;
      const limited = await overLimit(accountKey, MAX_SECOND_STEPS_PER_ACCOUNT);
      if (limited) return limited;
      const result = await verifyPasskey(input.response as never, request, pending.user.id);
      if (!result.ok) return refusalResponse(result.reason);
      if (!pending.user.isStaff) return ceremonyError("Acesso não autorizado", 403);
      await reset(accountKey);
      return redirectAsJson(await openSession(pending.user, request, ip, { redirectTo: pending.redirectTo }));
    }
  }
}
