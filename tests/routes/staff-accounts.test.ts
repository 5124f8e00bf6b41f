// Staff accounts against a real SMTP server (tests/helpers/smtp-server.ts): invitations, the team
// page's rules, the forgotten-password flow and its links, two-factor sign-in, "Minha conta"'s
// password and sessions, and what the activity log keeps. The app reads SMTP_URL when its modules
// load, so the server starts first and the app's modules are imported after it.
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer, waitForMail, linkIn } from "../helpers/smtp-server";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Wind Digital <nao-responda@winddigital.com.br>";
afterAll(() => smtp.stop());

const { db } = await import("~/lib/db.server");
const { createUser, signedIn, PASSWORD, outcomeOf } = await import("./admin-fixtures");
const { formRequest, getRequest } = await import("../helpers/request");
const team = await import("~/routes/admin.equipe");
const account = await import("~/routes/admin.conta");
const forgot = await import("~/routes/admin_.esqueci-senha");
const resetRoute = await import("~/routes/admin_.redefinir-senha.$token");
const invite = await import("~/routes/admin_.convite.$token");
const login = await import("~/routes/admin_.login");
const secondStep = await import("~/routes/admin_.verificacao");
const dashboard = await import("~/routes/admin.dashboard");
const { currentTotp } = await import("~/lib/two-factor.server");
const { MIN_ANSWER_MS } = await import("~/lib/password-reset.server");
const { upsertUser } = await import("../../scripts/lib/users.ts");

const run = outcomeOf;

const post = (path: string, fields: Record<string, string>, cookie?: string) => formRequest(path, fields, { cookie });
/** Opens the dashboard with `cookie`: true when it is a live admin session. */
async function signedInWith(cookie: string): Promise<boolean> {
  const outcome = await run(dashboard.loader as never, getRequest("/admin/dashboard", { cookie }), { guarded: true });
  return outcome.status === 200;
}
const sessionCookieOf = (cookie: string) =>
  cookie
    .split("; ")
    .filter((c) => c.startsWith("__admin_session=") && c !== "__admin_session=")
    .join("; ");
const tokenOf = (link: string) => link.split("/").at(-1)!;
const NEW_PASSWORD = "outra-senha-forte-9";

async function everyStoredValue(): Promise<string> {
  const rows = await Promise.all([
    db.accountToken.findMany(),
    db.recoveryCode.findMany(),
    db.activityEntry.findMany(),
    db.user.findMany(),
    db.session.findMany(),
  ]);
  return JSON.stringify(rows);
}

describe("invitations", () => {
  it("e-mails a 72-hour, single-use link (plain text and HTML, in Portuguese) that sets the password and signs in", async () => {
    const { user: admin, cookie } = await signedIn();
    const since = Date.now();
    const invited = await run(team.action as never, post("/admin/equipe", { intent: "invite", email: "Nova@Agencia.com.br", name: "Nova Pessoa" }, cookie), {
      guarded: true,
    });
    expect(invited.status).toBe(200);
    expect(invited.body.toast).toMatchObject({ title: "Convite enviado" });
    expect(invited.body.link).toBeUndefined(); // sent by e-mail, so not offered to copy

    const mail = await waitForMail(smtp.mailboxUrl, "nova@agencia.com.br", since);
    expect(mail.subject).toBe("Convite para o painel da Wind Digital");
    expect(mail.from).toContain("nao-responda@winddigital.com.br");
    expect(mail.text).toContain(`${admin.email} convidou você`);
    expect(mail.text).toContain("72 horas");
    expect(mail.html).toContain('lang="pt-BR"');
    const link = linkIn(mail);
    expect(mail.html).toContain(link);
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/convite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    // Only the token's hash is stored.
    expect(await everyStoredValue()).not.toContain(token);
    const row = await db.accountToken.findFirstOrThrow({ where: { purpose: "invite", user: { email: "nova@agencia.com.br" } } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(71.9 * 60 * 60 * 1000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(72 * 60 * 60 * 1000);

    // The listed member is pending and cannot sign in yet.
    const listed = await run(team.loader as never, getRequest("/admin/equipe", { cookie }), { guarded: true });
    expect((listed.body.members as Array<{ email: string; status: string; name: string }>).find((m) => m.email === "nova@agencia.com.br")).toMatchObject({
      status: "invited",
      name: "Nova Pessoa",
    });

    const page = await run(invite.loader as never, getRequest(`/admin/convite/${token}`), { params: { token } });
    expect(page.body).toMatchObject({ state: "valid", email: "nova@agencia.com.br" });
    const weak = await run(invite.action as never, post(`/admin/convite/${token}`, { password: "curta", passwordConfirmation: "curta" }), {
      params: { token },
    });
    expect(weak.status).toBe(400);
    const accepted = await run(
      invite.action as never,
      post(`/admin/convite/${token}`, { name: "Nova", password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }),
      {
        params: { token },
      },
    );
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/admin/dashboard");
    expect(await signedInWith(sessionCookieOf(accepted.cookie))).toBe(true);
    expect(await db.user.findUniqueOrThrow({ where: { email: "nova@agencia.com.br" } })).toMatchObject({ name: "Nova" });

    const again = await run(invite.action as never, post(`/admin/convite/${token}`, { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }), {
      params: { token },
    });
    expect(again.status).toBe(410);
    expect(again.body.state).toBe("used");
    const entries = await db.activityEntry.findMany({ where: { section: "equipe" } });
    expect(entries.map((e) => e.action).sort()).toEqual(["accept_invite", "invite"]);
  });

  it("refuses inviting an address that already has an account", async () => {
    const { cookie } = await signedIn();
    const other = await createUser({ email: "ja-existe@agencia.com.br" });
    const refused = await run(team.action as never, post("/admin/equipe", { intent: "invite", email: other.email }, cookie), { guarded: true });
    expect(refused.status).toBe(409);
    // The database's answer is an issue of the schema on its field, with the address kept.
    expect(refused.body).toMatchObject({ lastResult: { error: { email: ["Já existe uma conta com esse e-mail."] }, initialValue: { email: other.email } } });
    // A form with another error too is refused for it alone (400): the database is asked nothing.
    const invalid = await run(team.action as never, post("/admin/equipe", { intent: "invite", email: other.email, name: "x".repeat(101) }, cookie), {
      guarded: true,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ lastResult: { error: { name: ["Use no máximo 100 caracteres"] } } });
    expect(invalid.body).not.toMatchObject({ lastResult: { error: { email: expect.anything() } } });
  });

  it("refuses inviting again a pending invitation that was deactivated, until it is reactivated", async () => {
    const { cookie } = await signedIn();
    const email = "joao@agencia.com.br";
    const inviteJoao = () => run(team.action as never, post("/admin/equipe", { intent: "invite", email }, cookie), { guarded: true });
    expect((await inviteJoao()).status).toBe(200);
    const joao = await db.user.findUniqueOrThrow({ where: { email } });
    const deactivated = await run(team.action as never, post("/admin/equipe", { intent: "deactivate", id: joao.id }, cookie), { guarded: true });
    expect(deactivated.status).toBe(302);

    // A deactivated account's links never open, so no link is made and nothing claims success.
    const since = Date.now();
    const refused = await inviteJoao();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      lastResult: { error: { email: ["Esta conta está desativada. Reative-a antes de enviar um novo convite."] }, initialValue: { email } },
    });
    expect(refused.body.toast).toBeUndefined();
    expect(refused.body.link).toBeUndefined();
    expect(await db.accountToken.count({ where: { userId: joao.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: joao.id } })).deactivatedAt).not.toBeNull();
    expect((await smtp.messages()).filter((m) => m.receivedAt >= since).flatMap((m) => m.to)).not.toContain(email);
    const listed = await run(team.loader as never, getRequest("/admin/equipe", { cookie }), { guarded: true });
    expect((listed.body.members as Array<{ email: string; status: string }>).find((m) => m.email === email)?.status).toBe("deactivated");

    // Reactivated, the invitation can be sent again, and its link opens.
    await run(team.action as never, post("/admin/equipe", { intent: "reactivate", id: joao.id }, cookie), { guarded: true });
    const since2 = Date.now();
    const again = await inviteJoao();
    expect(again.status).toBe(200);
    expect(again.body.toast).toMatchObject({ title: "Convite enviado" });
    const token = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, email, since2)));
    expect((await run(invite.loader as never, getRequest(`/admin/convite/${token}`), { params: { token } })).body).toMatchObject({ state: "valid", email });
  });

  it("gives no new-password link for a deactivated member", async () => {
    const { cookie } = await signedIn();
    const member = await createUser();
    await db.user.update({ where: { id: member.id }, data: { deactivatedAt: new Date() } });
    const refused = await run(team.action as never, post("/admin/equipe", { intent: "reset-link", id: member.id }, cookie), { guarded: true });
    expect(refused.status).toBe(409);
    expect(refused.body.toast).toMatchObject({ type: "error", description: "Só contas ativas recebem link de nova senha." });
    expect(refused.body.link).toBeUndefined();
    expect(await db.accountToken.count({ where: { userId: member.id } })).toBe(0);
  });
});

describe("the team page's rules", () => {
  it("nobody deactivates or removes themselves, nor the last active admin", async () => {
    await db.user.deleteMany();
    const { user: me, cookie } = await signedIn();
    for (const intent of ["deactivate", "remove"]) {
      const self = await run(team.action as never, post("/admin/equipe", { intent, id: me.id }, cookie), { guarded: true });
      expect(self.status).toBe(409);
      expect((self.body.toast as { description: string }).description).toMatch(/própria conta/);
    }
    // Another admin, deactivated: `me` is the last active one. Even a second session of mine cannot remove me.
    const other = await createUser();
    await db.user.update({ where: { id: other.id }, data: { deactivatedAt: new Date() } });
    expect((await db.user.findUniqueOrThrow({ where: { id: me.id } })).deactivatedAt).toBeNull();
    const { changeMember } = await import("~/lib/team.server");
    expect((await changeMember(other.id, me.id, { kind: "remove" })).refusal?.message).toBe("Não é possível remover o último administrador ativo.");
    expect((await changeMember(other.id, me.id, { kind: "deactivate" })).refusal?.message).toBe("Não é possível desativar o último administrador ativo.");
    expect((await changeMember(other.id, me.id, { kind: "role", role: "editor" })).refusal?.message).toBe(
      "O último administrador ativo não pode deixar de ser administrador.",
    );
    expect(await db.user.findUniqueOrThrow({ where: { id: me.id }, include: { roles: true } })).toMatchObject({
      deactivatedAt: null,
      roles: [{ role: "admin" }],
    });
  });

  it("deactivating ends every session of that person at once; reactivating and removing work", async () => {
    const { cookie } = await signedIn();
    const { user: colleague, cookie: theirCookie } = await signedIn();
    const { createUserSession } = await import("~/lib/session.server");
    const theirPhone = (await createUserSession(colleague.id)).split(";")[0]!;
    expect(await signedInWith(theirCookie)).toBe(true);

    const confirm = await run(team.loader as never, getRequest(`/admin/equipe?desativar=${colleague.id}`, { cookie }), { guarded: true });
    expect(confirm.body.confirming).toMatchObject({ verb: "deactivate" });
    const done = await run(team.action as never, post("/admin/equipe", { intent: "deactivate", id: colleague.id }, cookie), { guarded: true });
    expect(done.status).toBe(302);
    expect(await db.session.count({ where: { userId: colleague.id } })).toBe(0);
    // Their next request, from either device, goes to the login.
    for (const device of [theirCookie, theirPhone]) {
      const next = await run(dashboard.loader as never, getRequest("/admin/dashboard", { cookie: device }), { guarded: true });
      expect(next.location).toMatch(/^\/admin\/login/);
    }
    // The right password no longer signs in (answered like a wrong one).
    const refused = await run(login.action as never, post("/admin/login", { email: colleague.email, password: PASSWORD }));
    expect(refused.status).toBe(401);

    await run(team.action as never, post("/admin/equipe", { intent: "reactivate", id: colleague.id }, cookie), { guarded: true });
    const back = await run(login.action as never, post("/admin/login", { email: colleague.email, password: PASSWORD }), { ip: "198.51.100.77" });
    expect(back.status).toBe(302);

    await run(team.action as never, post("/admin/equipe", { intent: "remove", id: colleague.id }, cookie), { guarded: true });
    expect(await db.user.findUnique({ where: { id: colleague.id } })).toBeNull();
    const actions = (await db.activityEntry.findMany({ where: { section: "equipe", targetId: colleague.id } })).map((e) => e.action);
    expect(actions).toEqual(["deactivate", "reactivate", "remove"]);
  });
});

describe("forgotten password", () => {
  const ask = (email: string, ip = "192.0.2.10") => run(forgot.action as never, post("/admin/esqueci-senha", { email }), { ip });

  it("answers the same for an unknown address, and e-mails only an active admin a 30-minute single-use link", async () => {
    const admin = await upsertUser(db, { email: "esqueceu@agencia.com.br", password: "senha-antiga-forte-1", admin: true });
    const deactivated = await createUser({ email: "desativada@agencia.com.br" });
    await db.user.update({ where: { id: deactivated.id }, data: { deactivatedAt: new Date() } });
    const visitor = await createUser({ email: "visitante@agencia.com.br", admin: false });
    const since = Date.now();
    const known = await ask("Esqueceu@agencia.com.br", "192.0.2.11");
    const answers = await Promise.all([ask("ninguem@agencia.com.br", "192.0.2.12"), ask(deactivated.email, "192.0.2.13"), ask(visitor.email, "192.0.2.14")]);
    for (const other of answers) {
      expect(other.status).toBe(known.status);
      expect(other.body).toEqual(known.body);
    }
    expect(known).toMatchObject({ status: 200, body: { sent: true } });

    const mail = await waitForMail(smtp.mailboxUrl, admin.email, since);
    expect(mail.subject).toBe("Redefinir sua senha do painel da Wind Digital");
    expect(mail.text).toContain("30 minutos");
    expect(mail.html).toContain("Criar nova senha");
    const recipients = (await smtp.messages()).filter((m) => m.receivedAt >= since).flatMap((m) => m.to);
    expect(recipients).not.toContain("ninguem@agencia.com.br");
    expect(recipients).not.toContain(deactivated.email);
    expect(recipients).not.toContain(visitor.email);
    expect(await db.accountToken.count({ where: { userId: { in: [deactivated.id, visitor.id] } } })).toBe(0);
    const row = await db.accountToken.findFirstOrThrow({ where: { userId: admin.id, purpose: "reset" } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60 * 1000);
    expect(await everyStoredValue()).not.toContain(tokenOf(linkIn(mail)));
  });

  it("the link sets the password (same rules), ends every session, signs in; a second use, an expired or unknown link say so", async () => {
    const admin = await upsertUser(db, { email: "redefine@agencia.com.br", password: "senha-antiga-forte-2", admin: true });
    const { createUserSession } = await import("~/lib/session.server");
    const oldSession = (await createUserSession(admin.id)).split(";")[0]!;
    const since = Date.now();
    await ask(admin.email, "192.0.2.20");
    const token = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, admin.email, since)));
    const path = `/admin/redefinir-senha/${token}`;
    const use = (fields: Record<string, string>) => run(resetRoute.action as never, post(path, fields), { params: { token } });

    expect((await run(resetRoute.loader as never, getRequest(path), { params: { token } })).body).toMatchObject({ state: "valid", email: admin.email });
    const rules: Array<[Record<string, string>, string, string]> = [
      [{ password: "curta", passwordConfirmation: "curta" }, "password", "A senha deve ter pelo menos 10 caracteres"],
      [{ password: "aaaaaaaaaaaa", passwordConfirmation: "aaaaaaaaaaaa" }, "password", "Use caracteres mais variados na senha"],
      [{ password: admin.email, passwordConfirmation: admin.email }, "password", "A senha não pode ser o seu e-mail"],
      [{ password: NEW_PASSWORD, passwordConfirmation: "outra-coisa-123" }, "passwordConfirmation", "As senhas não coincidem"],
    ];
    for (const [fields, field, message] of rules) {
      const refused = await use(fields);
      expect(refused.status).toBe(400);
      expect((refused.body.lastResult as { error: Record<string, string[]> }).error[field]).toEqual([message]);
    }
    const done = await use({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/dashboard");
    expect(await signedInWith(oldSession)).toBe(false);
    expect(await signedInWith(sessionCookieOf(done.cookie))).toBe(true);
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(1);
    const signIn = await run(login.action as never, post("/admin/login", { email: admin.email, password: NEW_PASSWORD }), { ip: "198.51.100.21" });
    expect(signIn.status).toBe(302);

    const twice = await use({ password: "mais-uma-senha-77", passwordConfirmation: "mais-uma-senha-77" });
    expect(twice).toMatchObject({ status: 410, body: { state: "used" } });
    expect((await run(resetRoute.loader as never, getRequest(path), { params: { token } })).body).toMatchObject({ state: "used" });

    const since2 = Date.now();
    await ask(admin.email, "192.0.2.22");
    const late = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, admin.email, since2)));
    await db.accountToken.updateMany({ where: { userId: admin.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await run(resetRoute.loader as never, getRequest(`/admin/redefinir-senha/${late}`), { params: { token: late } })).body).toMatchObject({
      state: "expired",
    });
    const unknown = "x".repeat(43);
    const answer = await run(resetRoute.loader as never, getRequest(`/admin/redefinir-senha/${unknown}`), { params: { token: unknown } });
    expect(answer).toMatchObject({ status: 404, body: { state: "unknown" } });
  });

  it("is rate-limited per address typed from each visitor's address, and per visitor's address", async () => {
    for (let i = 0; i < 3; i++) expect((await ask("limite@agencia.com.br", "192.0.2.30")).status).toBe(200);
    expect((await ask("limite@agencia.com.br", "192.0.2.30")).status).toBe(429);
    // Another visitor asking for the same address is counted apart.
    expect((await ask("limite@agencia.com.br", "192.0.2.39")).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ask(`pessoa-${i}@agencia.com.br`, "192.0.2.40")).status).toBe(200);
    const blocked = await ask("mais-uma@agencia.com.br", "192.0.2.40");
    expect(blocked.status).toBe(429);
    expect((blocked.body.toast as { title: string }).title).toBe("Muitas solicitações");
  });

  it("takes about as long for an unknown address as for an admin's", async () => {
    await upsertUser(db, { email: "cronometro@agencia.com.br", password: "senha-forte-cronometro", admin: true });
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      await ask(email, ip);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Alternate, and compare the fastest of each: load on the machine only ever adds time.
    for (let i = 0; i < 3; i++) {
      await db.rateLimit.deleteMany({ where: { key: { startsWith: "reset:" } } });
      known.push(await timed("cronometro@agencia.com.br", `192.0.2.${50 + i}`));
      unknown.push(await timed(`ninguem-${i}@agencia.com.br`, `192.0.2.${60 + i}`));
    }
    expect(Math.min(...known)).toBeGreaterThanOrEqual(MIN_ANSWER_MS - 5);
    expect(Math.min(...unknown)).toBeGreaterThanOrEqual(MIN_ANSWER_MS - 5);
    expect(Math.min(...unknown)).toBeGreaterThan(0.8 * Math.min(...known));
    expect(Math.min(...known)).toBeGreaterThan(0.8 * Math.min(...unknown));
  });
});

describe("two-factor sign-in", () => {
  it("setup shows a server-drawn QR code and the key, is confirmed by a first code, and gives 10 one-time recovery codes", async () => {
    const { user, cookie } = await signedIn();
    const started = await run(account.action as never, post("/admin/conta", { intent: "2fa-start" }, cookie), { guarded: true });
    expect(started.location).toBe("/admin/conta?duas-etapas=configurar");
    const page = await run(account.loader as never, getRequest("/admin/conta?duas-etapas=configurar", { cookie }), { guarded: true });
    const setup = page.body.setup as { qr: string; key: string };
    expect(setup.qr).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(setup.qr).not.toMatch(/<script|on\w+=/i);
    const secret = setup.key.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await run(account.action as never, post("/admin/conta", { intent: "2fa-confirm", code: "000000" }, cookie), { guarded: true });
    expect(wrong.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret).toBeNull();
    const confirmed = await run(account.action as never, post("/admin/conta", { intent: "2fa-confirm", code: currentTotp(user.email, secret) }, cookie), {
      guarded: true,
    });
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await everyStoredValue();
    for (const code of codes) expect(stored).not.toContain(code);
    // Shown once: the page no longer has them.
    const after = await run(account.loader as never, getRequest("/admin/conta", { cookie }), { guarded: true });
    expect(after.body).toMatchObject({ twoFactor: true, recoveryLeft: 10, setup: null });
    expect(JSON.stringify(after.body)).not.toContain(codes[0]);
  });

  it("the password alone yields no session; a code or a recovery code (once) does; wrong codes are throttled", async () => {
    const user = await upsertUser(db, { email: "duas-etapas@agencia.com.br", password: "senha-forte-2fa-1", admin: true });
    const { newTotpSecret, newRecoveryCodes } = await import("~/lib/two-factor.server");
    const secret = newTotpSecret();
    await db.user.update({ where: { id: user.id }, data: { totpSecret: secret } });
    const codes = await newRecoveryCodes(user.id);
    const passwordStep = async (ip: string) => {
      const before = await db.session.count({ where: { userId: user.id } });
      const outcome = await run(login.action as never, post("/admin/login", { email: user.email, password: "senha-forte-2fa-1" }), { ip });
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe("/admin/verificacao");
      expect(sessionCookieOf(outcome.cookie)).toBe("");
      expect(await db.session.count({ where: { userId: user.id } })).toBe(before);
      return outcome.cookie.split("; ").find((c) => c.startsWith("__admin_2fa="))!;
    };
    const verify = (pending: string, code: string, ip = "203.0.113.40") =>
      run(secondStep.action as never, post("/admin/verificacao", { code }, pending), { ip });

    // Without the second step's cookie, the page sends back to the login.
    expect((await run(secondStep.loader as never, getRequest("/admin/verificacao"))).location).toBe("/admin/login");

    const pending = await passwordStep("203.0.113.41");
    expect((await run(secondStep.loader as never, getRequest("/admin/verificacao", { cookie: pending }))).body).toEqual({
      email: user.email,
      totp: true,
      passkeys: false,
    });
    expect((await verify(pending, "123456")).status).toBe(401);
    const code = currentTotp(user.email, secret);
    const withCode = await verify(pending, code);
    expect(withCode.location).toBe("/admin/dashboard");
    expect(await signedInWith(sessionCookieOf(withCode.cookie))).toBe(true);
    // A code signs in once: seen over a shoulder, it is refused while it is still current.
    expect((await verify(await passwordStep("203.0.113.44"), code)).status).toBe(401);

    const pending2 = await passwordStep("203.0.113.42");
    const withRecovery = await verify(pending2, codes[3]!.toUpperCase());
    expect(withRecovery.location).toBe("/admin/dashboard");
    const pending3 = await passwordStep("203.0.113.43");
    expect((await verify(pending3, codes[3]!)).status).toBe(401);
    expect(await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } })).toBe(9);

    // 5 wrong codes per account in 15 minutes (one was just spent), then even a right one waits.
    for (let i = 0; i < 4; i++) expect((await verify(pending3, "999999", `198.51.100.${90 + i}`)).status).toBe(401);
    const throttled = await verify(pending3, currentTotp(user.email, secret), "198.51.100.99");
    expect(throttled.status).toBe(429);
    expect((throttled.body.toast as { title: string }).title).toBe("Muitas tentativas de login");
  });

  it("turning it off needs the password and a code", async () => {
    const { user, cookie } = await signedIn();
    const { newTotpSecret } = await import("~/lib/two-factor.server");
    const secret = newTotpSecret();
    await db.user.update({ where: { id: user.id }, data: { totpSecret: secret } });
    const off = (fields: Record<string, string>) =>
      run(account.action as never, post("/admin/conta", { intent: "2fa-off", ...fields }, cookie), { guarded: true });
    expect((await off({ currentPassword: "errada-123456", code: currentTotp(user.email, secret) })).status).toBe(400);
    expect((await off({ currentPassword: PASSWORD, code: "000000" })).status).toBe(400);
    expect((await off({ currentPassword: PASSWORD, code: currentTotp(user.email, secret) })).status).toBe(302);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret).toBeNull();
    expect((await db.activityEntry.findMany({ where: { actorEmail: user.email } })).map((e) => e.action)).toEqual(["two_factor_off"]);
  });
});

describe("my account: password and sessions", () => {
  it("changing the password needs the current one and ends every other session", async () => {
    const { user, cookie } = await signedIn();
    const { createUserSession } = await import("~/lib/session.server");
    const other = (await createUserSession(user.id)).split(";")[0]!;
    const change = (fields: Record<string, string>) =>
      run(account.action as never, post("/admin/conta", { intent: "password", ...fields }, cookie), { guarded: true });
    const wrong = await change({ currentPassword: "errada-123456", password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect((wrong.body.lastResult as { error: Record<string, string[]> }).error.currentPassword).toEqual(["Senha atual incorreta"]);
    expect((await change({ currentPassword: PASSWORD, password: "curta", passwordConfirmation: "curta" })).status).toBe(400);
    const done = await change({ currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(await signedInWith(cookie)).toBe(true);
    expect(await signedInWith(other)).toBe(false);
  });

  it("a session started from this machine itself says its network is local, not a loopback prefix", async () => {
    const user = await upsertUser(db, { email: "local@agencia.com.br", password: "senha-forte-local1", admin: true });
    const signInFrom = async (ip: string) =>
      sessionCookieOf((await run(login.action as never, formRequest("/admin/login", { email: user.email, password: "senha-forte-local1" }), { ip })).cookie);
    const cookie = await signInFrom("127.0.0.1");
    await signInFrom("::1");
    const page = await run(account.loader as never, getRequest("/admin/conta", { cookie }), { guarded: true });
    expect((page.body.sessions as Array<{ address: string }>).map((s) => s.address)).toEqual(["local", "local"]);
  });

  it("lists sessions with device, last use and only the address's first part; ends one, or all the others", async () => {
    const user = await upsertUser(db, { email: "sessoes@agencia.com.br", password: "senha-forte-sessoes", admin: true });
    const signInFrom = async (ip: string, agent: string) => {
      const request = formRequest("/admin/login", { email: user.email, password: "senha-forte-sessoes" }, { headers: { "User-Agent": agent } });
      return sessionCookieOf((await run(login.action as never, request, { ip })).cookie);
    };
    const laptop = await signInFrom(
      "203.0.113.57",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
    );
    const phone = await signInFrom(
      "2001:db8:aa:bb::1",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    );
    const tablet = await signInFrom("198.51.100.3", "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0");
    const page = await run(account.loader as never, getRequest("/admin/conta", { cookie: laptop }), { guarded: true });
    const sessions = page.body.sessions as Array<{ id: string; device: string; address: string; current: boolean }>;
    expect(sessions.map((s) => [s.device, s.address, s.current]).sort()).toEqual(
      [
        ["Chrome no Windows", "203.0.113.0/24", true],
        ["Safari no iPhone", "2001:db8:aa::/48", false],
        ["Firefox no Linux", "198.51.100.0/24", false],
      ].sort(),
    );
    const phoneRow = sessions.find((s) => s.device === "Safari no iPhone")!;
    expect((await run(account.action as never, post("/admin/conta", { intent: "end-session", id: phoneRow.id }, laptop), { guarded: true })).status).toBe(302);
    expect(await signedInWith(phone)).toBe(false);
    expect(await signedInWith(tablet)).toBe(true);
    // Ending one's own session from this list is refused (the "Sair" button does that).
    const own = sessions.find((s) => s.current)!;
    await run(account.action as never, post("/admin/conta", { intent: "end-session", id: own.id }, laptop), { guarded: true });
    expect(await signedInWith(laptop)).toBe(true);

    await signInFrom("198.51.100.4", "curl/8");
    await run(account.action as never, post("/admin/conta", { intent: "end-others" }, laptop), { guarded: true });
    expect(await signedInWith(tablet)).toBe(false);
    expect(await signedInWith(laptop)).toBe(true);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    const log = (await db.activityEntry.findMany({ where: { actorEmail: user.email, section: "conta" } })).map((e) => e.action);
    expect(log).toEqual(["session_end", "sessions_end_others"]);
  });

  it("the activity log never holds a password, code or token", async () => {
    const stored = JSON.stringify(await db.activityEntry.findMany());
    for (const secret of [PASSWORD, NEW_PASSWORD, "senha-forte-sessoes", "senha-forte-2fa-1", "senha-antiga-forte-2"]) expect(stored).not.toContain(secret);
  });
});
