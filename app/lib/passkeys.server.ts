// Passkeys (WebAuthn) with @simplewebauthn/server: an account adds them in "Minha conta", and
// each then signs in alone (the device holds the key and checked a fingerprint, face or PIN:
// two factors in one) or is the second step after the password.
//
// Challenges live on the server, in `webauthn_challenges`: each is handed out for one purpose
// (register, sign-in, second-step), for one account where one is known, for 5 minutes, and is
// deleted as it is checked, so a response recorded once (or a challenge read by anyone else)
// never passes twice. The library calls our check with the challenge the authenticator signed
// before it verifies the rest, so even a response that then fails has used its challenge up.
//
// The relying party is the host the browser is on (the request's URL): a passkey belongs to the
// site's domain, and the browser refuses a ceremony for any other. The expected origin is that
// host's or SITE_URL's (the same pair the cross-site check accepts).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import { db } from "./db.server";
import { UNREADABLE_FORM } from "./form-data.server";
import { env } from "./env.server";
import { log } from "./logger.server.ts";

const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = "Painel Wind Digital";
/** As the name field allows (app/components/account/passkeys-section.tsx). */
const PASSKEY_NAME_MAX = 60;

type Purpose = "register" | "sign-in" | "second-step";

/** Why a ceremony was refused; each has its Portuguese message (passkeyRefusal). */
export type PasskeyRefusal = "challenge" | "unknown" | "other-account" | "invalid" | "duplicate" | "inactive";

const REFUSALS: Record<PasskeyRefusal, { status: number; message: string }> = {
  challenge: { status: 400, message: "Este pedido de chave de acesso expirou ou já foi usado. Tente de novo." },
  unknown: { status: 401, message: "Chave de acesso não reconhecida. Entre com e-mail e senha, ou use outra chave." },
  "other-account": { status: 403, message: "Esta chave de acesso é de outra conta. Use uma chave da conta que está entrando." },
  invalid: { status: 400, message: "Não foi possível verificar a chave de acesso. Tente de novo." },
  duplicate: { status: 409, message: "Esta chave de acesso já está cadastrada." },
  inactive: { status: 403, message: "Esta conta não pode entrar no painel." },
};

function relyingParty(request: Request): { rpID: string; origins: string[] } {
  const own = new URL(request.url);
  const origins = new Set([own.origin, new URL(env.SITE_URL).origin]);
  return { rpID: own.hostname, origins: [...origins] };
}

/** Keeps a challenge for its purpose (and account); expired ones go on the way, so the table stays small. */
async function keepChallenge(challenge: string, purpose: Purpose, userId: string | null): Promise<void> {
  const now = new Date();
  await db.webauthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.webauthnChallenge.create({ data: { challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_MS) } });
}

/** True once for a live challenge handed out for this purpose (and account): it is gone afterwards. */
async function useChallenge(challenge: string, purpose: Purpose, userId: string | null): Promise<boolean> {
  const { count } = await db.webauthnChallenge.deleteMany({ where: { challenge, purpose, userId, expiresAt: { gt: new Date() } } });
  return count === 1;
}

const transportsOf = (stored: string) => (stored ? (stored.split(",") as AuthenticatorTransport[]) : undefined);
const userHandleOf = (userId: string) => Buffer.from(userId, "utf8").toString("base64url");

export function listPasskeys(userId: string) {
  return db.passkey.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
  });
}

/** A name the person can read; blank is refused by the form, this only trims and clips. */
export function cleanPasskeyName(value: unknown): string {
  return String(value ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PASSKEY_NAME_MAX);
}

/** The options the browser needs to make a passkey for the account (its existing ones excluded). */
export async function registrationOptions(
  user: { id: string; email: string; name?: string },
  request: Request,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(request);
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { credentialId: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    // A discoverable credential is what lets the sign-in page ask for "a passkey of this site"
    // without an e-mail first; user verification is what makes it two factors.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(options.challenge, "register", user.id);
  return options;
}

/** Verifies the browser's new credential against the account's challenge and stores it. */
export async function addPasskey(
  user: { id: string },
  response: RegistrationResponseJSON,
  name: string,
  request: Request,
): Promise<{ ok: true; id: string } | { ok: false; reason: PasskeyRefusal }> {
  const { rpID, origins } = relyingParty(request);
  let challengeFresh = true;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => (challengeFresh = await useChallenge(challenge, "register", user.id)),
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    log("warn", "passkey registration refused", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, reason: challengeFresh ? "invalid" : "challenge" };
  }
  if (!verified.verified) return { ok: false, reason: "invalid" };
  const { credential } = verified.registrationInfo;
  if (await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) return { ok: false, reason: "duplicate" };
  const row = await db.passkey.create({
    data: {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(","),
      name,
    },
  });
  return { ok: true, id: row.id };
}

/**
 * Options for signing in: with no account (the sign-in page: any passkey of this site, the
 * browser lists them) or for the account waiting for its second step (its passkeys only).
 */
export async function authenticationOptions(request: Request, forUser: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(request);
  const allow = forUser ? await db.passkey.findMany({ where: { userId: forUser }, select: { credentialId: true, transports: true } }) : [];
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: forUser ? "preferred" : "required",
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
  });
  await keepChallenge(options.challenge, forUser ? "second-step" : "sign-in", forUser);
  return options;
}

/**
 * Checks a passkey's answer to a challenge: the passkey's account id, or why not. `forUser` is
 * the account of a second step (its challenge was made for it, and a passkey of another account
 * is refused); null on the sign-in page, where the passkey alone must prove both factors, so the
 * authenticator must have verified the person.
 */
export async function verifyPasskey(
  response: AuthenticationResponseJSON,
  request: Request,
  forUser: string | null,
): Promise<{ ok: true; userId: string } | { ok: false; reason: PasskeyRefusal }> {
  const { rpID, origins } = relyingParty(request);
  const passkey = await db.passkey.findUnique({ where: { credentialId: String(response.id) } });
  if (!passkey) return { ok: false, reason: "unknown" };
  if (forUser && passkey.userId !== forUser) return { ok: false, reason: "other-account" };
  // A discoverable credential names its account: it must be the one the passkey was made for.
  if (response.response?.userHandle && response.response.userHandle !== userHandleOf(passkey.userId)) return { ok: false, reason: "unknown" };
  let challengeFresh = true;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => (challengeFresh = await useChallenge(challenge, forUser ? "second-step" : "sign-in", forUser)),
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, "base64url"),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: !forUser,
    });
  } catch (error) {
    log("warn", "passkey sign-in refused", { userId: passkey.userId, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, reason: challengeFresh ? "invalid" : "challenge" };
  }
  if (!verified.verified) return { ok: false, reason: "invalid" };
  await db.passkey.update({ where: { id: passkey.id }, data: { counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() } });
  return { ok: true, userId: passkey.userId };
}

/** Renames one of the account's passkeys; false when it is not one of them (removed meanwhile, or another account's). */
export async function renamePasskey(userId: string, id: string, name: string): Promise<boolean> {
  const { count } = await db.passkey.updateMany({ where: { id, userId }, data: { name } });
  return count === 1;
}

/** Removes one of the account's passkeys; its name, or null when it is not one of them. */
export async function removePasskey(userId: string, id: string): Promise<string | null> {
  const passkey = await db.passkey.findFirst({ where: { id, userId }, select: { name: true } });
  if (!passkey) return null;
  const { count } = await db.passkey.deleteMany({ where: { id, userId } });
  return count === 1 ? passkey.name : null;
}

// The ceremonies travel as JSON (the browser's fetch), answered by two resource routes: the
// sign-in's door (app/routes/admin_.chave-de-acesso.ts) and "Minha conta"'s
// (app/routes/admin.conta_.chave-de-acesso.ts). What they share:

/** What the browser sends back; the library checks every field, this only makes sure it is an object of that shape. */
export const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** The posted JSON, read by `schema`; or the 400 to answer (never a 500) when the body is not it. */
export async function readCeremony<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S> | Response> {
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  return parsed.success ? parsed.data : ceremonyError(UNREADABLE_FORM, 400);
}

export const ceremonyError = (message: string, status: number) => Response.json({ error: message }, { status });

export function refusalResponse(reason: PasskeyRefusal): Response {
  const { message, status } = REFUSALS[reason];
  return ceremonyError(message, status);
}

/** A redirect as JSON, its cookies kept: fetch would follow it, and the page must go there itself. */
export function redirectAsJson(response: Response): Response {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ redirectTo: response.headers.get("Location") ?? "/admin/dashboard" }, { headers });
}
