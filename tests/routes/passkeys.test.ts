// Passkeys against the real WebAuthn verification (@simplewebauthn/server), with a software
// authenticator that signs with ES256 keys (tests/helpers/soft-authenticator.ts): adding one in
// "Minha conta" (the password again, an e-mail to the person), signing in with one alone, as the
// second step after the password, and every refusal (a tampered answer, a replayed challenge, a
// passkey of another account, an unknown one) as a 4xx with a Portuguese message. Also: the
// sign-in form's body is read once, by the form strategy.
import { afterAll, describe, expect, it, vi } from "vitest";
import { startSmtpServer, waitForMail } from "../helpers/smtp-server";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Wind Digital <nao-responda@winddigital.com.br>";
afterAll(() => smtp.stop());

const { db } = await import("~/lib/db.server");
const { createUser, signedIn, PASSWORD, outcomeOf } = await import("./admin-fixtures");
const { formRequest, getRequest, ORIGIN } = await import("../helpers/request");
const { createCredential, assert } = await import("../helpers/soft-authenticator");
const passkeyRoute = await import("~/routes/admin_.chave-de-acesso");
const accountPasskeyRoute = await import("~/routes/admin.conta_.chave-de-acesso");
const login = await import("~/routes/admin_.login");
const secondStep = await import("~/routes/admin_.verificacao");
const account = await import("~/routes/admin.conta");
const dashboard = await import("~/routes/admin.dashboard");
const { newTotpSecret } = await import("~/lib/two-factor.server");
const { setTwoFactorRequired } = await import("~/lib/admin/two-factor-policy.server");

type Outcome = import("./admin-fixtures").Outcome;
const run = (handler: (args: never) => unknown, request: Request, options: { ip?: string; guarded?: boolean } = {}) =>
  outcomeOf(handler, request, { ip: "203.0.113.90", ...options });

function jsonRequest(path: string, body: Record<string, unknown>, cookie?: string): Request {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

/** A JSON post to the sign-in's passkey endpoint (or, for register steps, "Minha conta"'s, behind the admin guard), as the browser's fetch sends it. */
function ceremony(body: Record<string, unknown>, cookie?: string, ip?: string): Promise<Outcome> {
  if (String(body.step).startsWith("register")) {
    return run(accountPasskeyRoute.action as never, jsonRequest("/admin/conta/chave-de-acesso", body, cookie), { ip, guarded: true });
  }
  return run(passkeyRoute.action as never, jsonRequest("/admin/chave-de-acesso", body, cookie), { ip });
}

const sessionOf = (cookie: string) =>
  cookie
    .split("; ")
    .filter((c) => c.startsWith("__admin_session=") && c !== "__admin_session=")
    .join("; ");

async function signedInWith(cookie: string): Promise<boolean> {
  return (await run(dashboard.loader as never, getRequest("/admin/dashboard", { cookie }), { guarded: true })).status === 200;
}

/** Adds a passkey to a signed-in account through the endpoint, as "Minha conta" does. */
async function addPasskey(cookie: string, name = "Notebook") {
  const options = await ceremony({ step: "register-options", password: PASSWORD }, cookie);
  expect(options.status).toBe(200);
  const made = createCredential(options.body as never);
  const added = await ceremony({ step: "register", response: made.response, name }, cookie);
  expect(added.status).toBe(200);
  return { ...made, added };
}

async function signInOptions(ip?: string): Promise<string> {
  const options = await ceremony({ step: "sign-in-options" }, undefined, ip);
  expect(options.status).toBe(200);
  return String(options.body.challenge);
}

describe("adding a passkey", () => {
  it("needs the session and the password again, stores the key, tells the person by e-mail and logs it", async () => {
    const { user, cookie } = await signedIn();
    // No session: the admin guard sends it to the sign-in.
    const anonymous = await ceremony({ step: "register-options", password: PASSWORD });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    // A wrong password: no options, no challenge.
    const wrong = await ceremony({ step: "register-options", password: "outra-coisa" }, cookie);
    expect(wrong).toMatchObject({ status: 400, body: { error: "Senha incorreta." } });

    const since = Date.now();
    const { added, credential } = await addPasskey(cookie, "  Notebook   do escritório ");
    expect(added.body.redirectTo).toBe("/admin/conta");
    expect(added.cookie).toMatch(/toast/);
    const stored = await db.passkey.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ credentialId: credential.id, name: "Notebook do escritório", transports: "internal", counter: 0 });
    const mail = await waitForMail(smtp.mailboxUrl, user.email, since);
    expect(mail.subject).toBe("Nova chave de acesso na sua conta");
    expect(mail.text).toContain("Notebook do escritório");
    expect(await db.activityEntry.count({ where: { actorEmail: user.email, action: "passkey_add" } })).toBe(1);

    // "Minha conta" lists it.
    const page = await run(account.loader as never, getRequest("/admin/conta", { cookie }), { guarded: true });
    expect((page.body.passkeys as { name: string }[]).map((p) => p.name)).toEqual(["Notebook do escritório"]);
  });

  it("refuses a replayed registration, a tampered one and one answering another account's challenge", async () => {
    const { user, cookie } = await signedIn();
    const options = await ceremony({ step: "register-options", password: PASSWORD }, cookie);
    const made = createCredential(options.body as never);
    // Tampered: the signed-over data changed after the authenticator made it (another origin).
    const tampered = structuredClone(made.response) as { response: { clientDataJSON: string } };
    const clientData = JSON.parse(Buffer.from(tampered.response.clientDataJSON, "base64url").toString());
    tampered.response.clientDataJSON = Buffer.from(JSON.stringify({ ...clientData, origin: "https://evil.example" })).toString("base64url");
    const refused = await ceremony({ step: "register", response: tampered, name: "x" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Não foi possível verificar a chave de acesso. Tente de novo.");
    // The challenge went with that try: the genuine answer to it is now a replay.
    const replay = await ceremony({ step: "register", response: made.response, name: "x" }, cookie);
    expect(replay).toMatchObject({ status: 400, body: { error: "Este pedido de chave de acesso expirou ou já foi usado. Tente de novo." } });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);

    // A challenge handed to one account does not register a key for another.
    const other = await signedIn();
    const theirs = createCredential((await ceremony({ step: "register-options", password: PASSWORD }, other.cookie)).body as never);
    expect((await ceremony({ step: "register", response: theirs.response, name: "x" }, cookie)).status).toBe(400);
    expect(await db.passkey.count({ where: { userId: { in: [user.id, other.user.id] } } })).toBe(0);
  });

  it("refuses a body that is not the expected JSON with 400, never a 500", async () => {
    const request = new Request(`${ORIGIN}/admin/chave-de-acesso`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    const broken = await run(passkeyRoute.action as never, request);
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/Não foi possível ler os dados enviados/);
    expect((await ceremony({ step: "sign-in", response: { id: "x" } })).status).toBe(400);
    expect((await ceremony({ step: "what" })).status).toBe(400);
  });
});

describe("signing in with a passkey alone", () => {
  it("opens a session (the same sign-in end: lastSignInAt, the activity log, the toast), with no password and no code", async () => {
    const { user, cookie } = await signedIn();
    const { credential } = await addPasskey(cookie);
    const challenge = await signInOptions();
    const outcome = await ceremony({ step: "sign-in", response: assert(credential, challenge), redirectTo: "/admin/conta" });
    expect(outcome.status).toBe(200);
    expect(outcome.body.redirectTo).toBe("/admin/conta");
    expect(await signedInWith(sessionOf(outcome.cookie))).toBe(true);
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { passkeys: true } });
    expect(row.lastSignInAt).not.toBeNull();
    expect(row.passkeys[0]!.counter).toBe(1);
    expect(row.passkeys[0]!.lastUsedAt).not.toBeNull();
    expect(await db.activityEntry.count({ where: { actorEmail: user.email, action: "sign_in" } })).toBe(1);
  });

  it("refuses a replayed challenge: the same answer again, and a new signature over a used challenge", async () => {
    const { cookie } = await signedIn();
    const { credential } = await addPasskey(cookie);
    const challenge = await signInOptions();
    const answer = assert(credential, challenge);
    expect((await ceremony({ step: "sign-in", response: answer })).status).toBe(200);
    const again = await ceremony({ step: "sign-in", response: answer });
    expect(again).toMatchObject({ status: 400, body: { error: "Este pedido de chave de acesso expirou ou já foi usado. Tente de novo." } });
    expect(sessionOf(again.cookie)).toBe("");
    const resigned = await ceremony({ step: "sign-in", response: assert(credential, challenge) });
    expect(resigned.status).toBe(400);
    expect(sessionOf(resigned.cookie)).toBe("");
  });

  it("refuses a tampered answer: a bad signature, changed authenticator data, no user verification", async () => {
    const { cookie } = await signedIn();
    const { credential } = await addPasskey(cookie);
    const cases: ((answer: { response: Record<string, string> }) => void)[] = [
      (answer) => {
        const signature = Buffer.from(answer.response.signature!, "base64url");
        signature[signature.length - 1]! ^= 0x01;
        answer.response.signature = signature.toString("base64url");
      },
      (answer) => {
        const data = Buffer.from(answer.response.authenticatorData!, "base64url");
        data.writeUInt32BE(999, 33); // the counter, after the signature was made
        answer.response.authenticatorData = data.toString("base64url");
      },
    ];
    for (const tamper of cases) {
      const answer = assert(credential, await signInOptions()) as { response: Record<string, string> };
      tamper(answer);
      const outcome = await ceremony({ step: "sign-in", response: answer });
      expect(outcome).toMatchObject({ status: 400, body: { error: "Não foi possível verificar a chave de acesso. Tente de novo." } });
      expect(sessionOf(outcome.cookie)).toBe("");
    }
    // Alone, a passkey must have checked the person (fingerprint, face, PIN): presence is not enough.
    const unverified = await ceremony({ step: "sign-in", response: assert(credential, await signInOptions(), { userVerified: false }) });
    expect(unverified.status).toBe(400);
    expect(sessionOf(unverified.cookie)).toBe("");
  });

  it("refuses an unknown passkey, and one of a deactivated account", async () => {
    const { cookie } = await signedIn();
    const options = await ceremony({ step: "register-options", password: PASSWORD }, cookie);
    const neverAdded = createCredential(options.body as never).credential;
    const unknown = await ceremony({ step: "sign-in", response: assert(neverAdded, await signInOptions()) });
    expect(unknown).toMatchObject({ status: 401, body: { error: "Chave de acesso não reconhecida. Entre com e-mail e senha, ou use outra chave." } });

    const { user, cookie: theirs } = await signedIn();
    const { credential } = await addPasskey(theirs);
    await db.user.update({ where: { id: user.id }, data: { deactivatedAt: new Date() } });
    const inactive = await ceremony({ step: "sign-in", response: assert(credential, await signInOptions()) });
    expect(inactive.status).toBe(403);
    expect(sessionOf(inactive.cookie)).toBe("");
  });
});

describe("a passkey as the second step", () => {
  const PASSWORD_FIELDS = (email: string) => ({ email, password: PASSWORD });
  const passwordStep = async (email: string, ip: string) => {
    const outcome = await run(login.action as never, formRequest("/admin/login", PASSWORD_FIELDS(email)), { ip });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/verificacao");
    expect(sessionOf(outcome.cookie)).toBe("");
    return outcome.cookie.split("; ").find((c) => c.startsWith("__admin_2fa="))!;
  };

  it("after the password of an account with two-factor on, its own passkey opens the session beside the code; another account's is refused", async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { totpSecret: newTotpSecret() } });
    const mine = await addPasskey(cookie);
    const other = await signedIn();
    const theirs = await addPasskey(other.cookie);

    const pending = await passwordStep(user.email, "203.0.113.91");
    const page = await run(secondStep.loader as never, getRequest("/admin/verificacao", { cookie: pending }));
    expect(page.body).toEqual({ email: user.email, totp: true, passkeys: true });

    // Without the password step's cookie, nothing to answer.
    expect((await ceremony({ step: "second-step-options" })).status).toBe(401);

    const options = await ceremony({ step: "second-step-options" }, pending);
    expect(options.status).toBe(200);
    expect((options.body.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([mine.credential.id]);
    const challenge = String(options.body.challenge);
    // Another account's passkey (signing this account's challenge) is refused.
    const foreign = await ceremony({ step: "second-step", response: assert(theirs.credential, challenge) }, pending);
    expect(foreign).toMatchObject({ status: 403, body: { error: "Esta chave de acesso é de outra conta. Use uma chave da conta que está entrando." } });
    expect(sessionOf(foreign.cookie)).toBe("");
    // A sign-in page's challenge is not a second step's.
    const wrongKind = await ceremony({ step: "second-step", response: assert(mine.credential, await signInOptions()) }, pending);
    expect(wrongKind.status).toBe(400);

    const fresh = String((await ceremony({ step: "second-step-options" }, pending)).body.challenge);
    const opened = await ceremony({ step: "second-step", response: assert(mine.credential, fresh) }, pending);
    expect(opened.status).toBe(200);
    expect(opened.body.redirectTo).toBe("/admin/dashboard");
    expect(await signedInWith(sessionOf(opened.cookie))).toBe(true);
    // The second step's cookie is cleared with the session's start.
    expect(opened.cookie).toMatch(/__admin_2fa=(;|$)/);
  });

  it("a passkey without two-factor is another way in: the password alone still signs in, unless the team requires two-factor", async () => {
    const { user, cookie } = await signedIn();
    const mine = await addPasskey(cookie);
    const alone = await run(login.action as never, formRequest("/admin/login", PASSWORD_FIELDS(user.email)), { ip: "203.0.113.95" });
    expect(alone.location).toBe("/admin/dashboard");

    await setTwoFactorRequired(true);
    try {
      const pending = await passwordStep(user.email, "203.0.113.95");
      const page = await run(secondStep.loader as never, getRequest("/admin/verificacao", { cookie: pending }));
      expect(page.body).toEqual({ email: user.email, totp: false, passkeys: true });
      // A code cannot finish it (there is no app key): only the passkey.
      expect((await run(secondStep.action as never, formRequest("/admin/verificacao", { code: "123456" }, { cookie: pending }))).status).toBe(401);
      const challenge = String((await ceremony({ step: "second-step-options" }, pending)).body.challenge);
      const opened = await ceremony({ step: "second-step", response: assert(mine.credential, challenge) }, pending);
      expect(opened.status).toBe(200);
      expect(await signedInWith(sessionOf(opened.cookie))).toBe(true);
    } finally {
      await setTwoFactorRequired(false);
    }
  });

  it("an account without a passkey signs in with the password exactly as before: 'Login realizado!'", async () => {
    const user = await createUser();
    const outcome = await run(login.action as never, formRequest("/admin/login", PASSWORD_FIELDS(user.email)), { ip: "203.0.113.92" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/dashboard");
    expect(await signedInWith(sessionOf(outcome.cookie))).toBe(true);
  });
});

describe("a passkey as the team's required second factor", () => {
  it("counts: while two-factor is required, a member with only a passkey uses the panel; one without any is sent to set one up", async () => {
    const withPasskey = await signedIn();
    await addPasskey(withPasskey.cookie);
    const without = await signedIn();
    await setTwoFactorRequired(true);
    try {
      const open = await run(dashboard.loader as never, getRequest("/admin/dashboard", { cookie: withPasskey.cookie }), { guarded: true });
      expect(open.status).toBe(200);
      const sent = await run(dashboard.loader as never, getRequest("/admin/dashboard", { cookie: without.cookie }), { guarded: true });
      expect(sent.location).toBe("/admin/conta");
      // ...where adding a passkey is open to them (its route is part of the setup page).
      const options = await ceremony({ step: "register-options", password: PASSWORD }, without.cookie);
      expect(options.status).toBe(200);
    } finally {
      await setTwoFactorRequired(false);
    }
  });
});

describe("renaming and removing passkeys in Minha conta", () => {
  const post = (fields: Record<string, string>, cookie: string) => formRequest("/admin/conta", fields, { cookie });

  it("renames (a blank name refused next to the field), removes with an e-mail, and never touches another account's", async () => {
    const { user, cookie } = await signedIn();
    await addPasskey(cookie, "Celular");
    const passkey = await db.passkey.findFirstOrThrow({ where: { userId: user.id } });
    const blank = await run(account.action as never, post({ intent: "passkey-rename", id: passkey.id, name: "   " }, cookie), { guarded: true });
    expect(blank.status).toBe(400);
    expect((blank.body.lastResult as { error: Record<string, string[]> }).error.name).toEqual(["Digite um nome para a chave"]);
    const renamed = await run(account.action as never, post({ intent: "passkey-rename", id: passkey.id, name: "Celular pessoal" }, cookie), { guarded: true });
    expect(renamed.status).toBe(302);
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).name).toBe("Celular pessoal");

    // Someone else's session cannot rename or remove it.
    const other = await signedIn();
    await run(account.action as never, post({ intent: "passkey-rename", id: passkey.id, name: "Meu" }, other.cookie), { guarded: true });
    await run(account.action as never, post({ intent: "passkey-remove", id: passkey.id }, other.cookie), { guarded: true });
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).name).toBe("Celular pessoal");

    // The removal's confirmation says it is the last one.
    const confirm = await run(account.loader as never, getRequest(`/admin/conta?remover-chave=${passkey.id}`, { cookie }), { guarded: true });
    expect((confirm.body.removingPasskey as { id: string }).id).toBe(passkey.id);
    const since = Date.now();
    const removed = await run(account.action as never, post({ intent: "passkey-remove", id: passkey.id }, cookie), { guarded: true });
    expect(removed.status).toBe(302);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect((await waitForMail(smtp.mailboxUrl, user.email, since)).subject).toBe("Chave de acesso removida da sua conta");
    // With its last passkey gone, the password alone signs in again.
    const outcome = await run(login.action as never, formRequest("/admin/login", { email: user.email, password: PASSWORD }), { ip: "203.0.113.93" });
    expect(outcome.location).toBe("/admin/dashboard");
  });
});

describe("the sign-in form's body", () => {
  it("is read once, by the form strategy, whatever the outcome", async () => {
    const user = await createUser();
    const reads = vi.spyOn(Request.prototype, "formData");
    try {
      for (const password of ["errada-errada", PASSWORD]) {
        reads.mockClear();
        await run(login.action as never, formRequest("/admin/login", { email: user.email, password }), { ip: "203.0.113.94" });
        expect(reads).toHaveBeenCalledTimes(1);
      }
      reads.mockClear();
      const invalid = await run(login.action as never, formRequest("/admin/login", { email: "not-an-email", password: "x" }), { ip: "203.0.113.94" });
      expect(invalid.status).toBe(400);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });
});
