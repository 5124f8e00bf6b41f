// The account rules of the security review, against a real SMTP server (tests/helpers/smtp-server.ts):
// new passwords that are easy to guess are refused everywhere one is chosen; every change of a
// credential ends the account's outstanding links and is told by e-mail; a sign-in from a new
// device is told with a link that ends that session; password reset requests are limited by
// address first and never let a stranger spoil or block the owner's own; failed sign-ins and
// lockouts are in the activity log. The app reads SMTP_URL when its modules load, so the server
// starts first and the app's modules are imported after it.
import { afterAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { linkIn, startSmtpServer, waitForMail, type ReceivedMail } from "../helpers/smtp-server";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Wind Digital <nao-responda@winddigital.com.br>";
afterAll(() => smtp.stop());

const { db } = await import("~/lib/db.server");
const { outcomeOf } = await import("./admin-fixtures");
const { formRequest, getRequest } = await import("../helpers/request");
const account = await import("~/routes/admin.conta");
const forgot = await import("~/routes/admin_.esqueci-senha");
const resetRoute = await import("~/routes/admin_.redefinir-senha.$token");
const invite = await import("~/routes/admin_.convite.$token");
const login = await import("~/routes/admin_.login");
const secondStep = await import("~/routes/admin_.verificacao");
const endSession = await import("~/routes/admin_.encerrar-sessao.$token");
const { createAccountToken } = await import("~/lib/account-tokens.server");
const { currentTotp, newTotpSecret } = await import("~/lib/two-factor.server");
const team = await import("~/routes/admin.equipe");
const { upsertUser } = await import("../../scripts/lib/users.ts");

type Outcome = import("./admin-fixtures").Outcome;
const run = outcomeOf;

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const STRONG = "tucano-azul-pimenta-47";

let made = 0;
/** An admin with `password` (cost 4: these tests time nothing). */
async function admin(password = STRONG, name = "") {
  const email = `conta-${++made}-${Date.now()}@agencia.com.br`;
  return db.user.create({ data: { email, name, passwordHash: bcrypt.hashSync(password, 4), roles: { create: { role: "admin" } } } });
}

/** Signs in through the login form from `ip` with `userAgent`; the outcome carries the cookies it set. */
function signIn(
  email: string,
  password: string,
  { ip = "198.51.100.5", userAgent = CHROME_WINDOWS, cookie }: { ip?: string; userAgent?: string; cookie?: string } = {},
) {
  return run(login.action as never, formRequest("/admin/login", { email, password }, { cookie, headers: { "User-Agent": userAgent } }), { ip });
}
const sessionOf = (cookie: string) =>
  cookie
    .split("; ")
    .filter((c) => c.startsWith("__admin_session=") && c !== "__admin_session=")
    .join("; ");
/** The account page's action, signed in with `cookie`. */
const onAccount = (cookie: string, fields: Record<string, string>) =>
  run(account.action as never, formRequest("/admin/conta", fields, { cookie }), { guarded: true });
const fieldError = (outcome: Outcome, field: string) => (outcome.body.lastResult as { error?: Record<string, string[]> } | null)?.error?.[field]?.[0] ?? "";
const tokenOf = (link: string) => link.split("/").at(-1)!;
const messagesTo = async (to: string, since: number) => (await smtp.messages()).filter((m) => m.to.includes(to) && m.receivedAt >= since);
const ask = (email: string, ip: string) => run(forgot.action as never, formRequest("/admin/esqueci-senha", { email }), { ip });
const linkState = async (purpose: "reset" | "invite", token: string) =>
  (await run((purpose === "reset" ? resetRoute : invite).loader as never, getRequest(`/admin/x/${token}`), { params: { token } })).body.state;

describe("new passwords", () => {
  it("Minha conta refuses a guessable one with why and how, next to the field (400); an existing weak password still signs in", async () => {
    const user = await admin("palmeiras123", "Maria Souza");
    const signed = await signIn(user.email, "palmeiras123");
    expect(signed.status, "an existing password keeps working").toBe(302);
    const cookie = sessionOf(signed.cookie);
    const cases: Array<[string, RegExp]> = [
      ["palmeiras123", /^Senha fraca\. .+ Dica: /],
      ["qwerty123456", /senha comumente usada/],
      ["mariasouza1990", /não deve conter os seus dados/],
      ["WindDigital2026!", /não deve conter os seus dados \(nome, e-mail\) nem o nome da agência/],
      [`${user.email.split("@")[0]}2026`, /não deve conter os seus dados/],
    ];
    for (const [password, message] of cases) {
      const refused = await onAccount(cookie, { intent: "password", currentPassword: "palmeiras123", password, passwordConfirmation: password });
      expect(refused.status, password).toBe(400);
      expect(fieldError(refused, "password"), password).toMatch(message);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(user.passwordHash);
    const changed = await onAccount(cookie, { intent: "password", currentPassword: "palmeiras123", password: STRONG, passwordConfirmation: STRONG });
    expect(changed.status).toBe(302);
  });

  it("a reset link and an invitation refuse a guessable one and stay usable for a better one", async () => {
    const user = await admin(STRONG, "Joana Prado");
    const token = await createAccountToken(user.id, "reset");
    const use = (password: string) =>
      run(resetRoute.action as never, formRequest(`/admin/redefinir-senha/${token}`, { password, passwordConfirmation: password }), { params: { token } });
    const weak = await use("joanaprado2026");
    expect(weak.status).toBe(400);
    expect(fieldError(weak, "password")).toMatch(/^Senha fraca\. A senha não deve conter os seus dados/);
    expect(await linkState("reset", token)).toBe("valid");
    expect((await use("mar-aberto-farol-19")).status).toBe(302);

    const invited = await db.user.create({ data: { email: `convidada-${Date.now()}@agencia.com.br`, roles: { create: { role: "admin" } } } });
    const inviteToken = await createAccountToken(invited.id, "invite");
    const accept = (name: string, password: string) =>
      run(invite.action as never, formRequest(`/admin/convite/${inviteToken}`, { name, password, passwordConfirmation: password }), {
        params: { token: inviteToken },
      });
    // The name typed in the same form counts as the person's.
    const named = await accept("Renata Queiroz", "renataqueiroz!7");
    expect(named.status).toBe(400);
    expect(fieldError(named, "password")).toMatch(/não deve conter os seus dados/);
    expect((await accept("Renata Queiroz", "qwertyuiop123")).status).toBe(400);
    expect((await accept("Renata Queiroz", "caneca-verde-ponte-81")).status).toBe(302);
  });
});

describe("a credential change", () => {
  it("ends the reset links made before it (and the invitation), so they fail after it", async () => {
    const user = await admin();
    const { cookie } = await signIn(user.email, STRONG).then((o) => ({ cookie: sessionOf(o.cookie) }));
    const before = await createAccountToken(user.id, "reset");
    const alsoBefore = await createAccountToken(user.id, "reset");
    expect(await linkState("reset", before)).toBe("valid");
    expect(
      (await onAccount(cookie, { intent: "password", currentPassword: STRONG, password: "lanterna-rio-sal-36", passwordConfirmation: "lanterna-rio-sal-36" }))
        .status,
    ).toBe(302);
    expect(await linkState("reset", before)).toBe("expired");
    expect(await linkState("reset", alsoBefore)).toBe("expired");
    const late = await run(
      resetRoute.action as never,
      formRequest(`/admin/redefinir-senha/${before}`, { password: "outra-coisa-forte-58", passwordConfirmation: "outra-coisa-forte-58" }),
      { params: { token: before } },
    );
    expect(late.status).toBe(410);
    expect(await bcrypt.compare("lanterna-rio-sal-36", (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!)).toBe(true);
  });

  it("by two-factor or e-mail ends them too, and using one reset link ends the others", async () => {
    const user = await admin();
    const cookie = sessionOf((await signIn(user.email, STRONG)).cookie);
    const first = await createAccountToken(user.id, "reset");
    await onAccount(cookie, { intent: "2fa-start" });
    const pending = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpPending!;
    expect((await onAccount(cookie, { intent: "2fa-confirm", code: currentTotp(user.email, pending) })).status).toBe(200);
    expect(await linkState("reset", first)).toBe("expired");

    const second = await createAccountToken(user.id, "reset");
    const newEmail = `mudou-${Date.now()}@agencia.com.br`;
    expect((await onAccount(cookie, { intent: "email", email: newEmail, currentPassword: STRONG })).status).toBe(302);
    expect(await linkState("reset", second)).toBe("expired");

    const a = await createAccountToken(user.id, "reset");
    const b = await createAccountToken(user.id, "reset");
    const used = await run(
      resetRoute.action as never,
      formRequest(`/admin/redefinir-senha/${a}`, { password: STRONG + "x", passwordConfirmation: STRONG + "x" }),
      {
        params: { token: a },
      },
    );
    expect(used.status).toBe(302);
    expect(await linkState("reset", b)).toBe("expired");
  });
});

describe("told by e-mail", () => {
  const expectNotice = (mail: ReceivedMail, subject: string, text: RegExp) => {
    expect(mail.subject).toBe(subject);
    expect(mail.text).toMatch(text);
    expect(mail.text).toMatch(/Se não foi você/);
    expect(mail.html).toContain('lang="pt-BR"');
  };

  it("a password change, two-factor on and off, and an e-mail change (at the old address and the new one)", async () => {
    const user = await admin(STRONG, "Ana");
    const cookie = sessionOf((await signIn(user.email, STRONG)).cookie);
    let since = Date.now();
    await onAccount(cookie, { intent: "password", currentPassword: STRONG, password: "farol-sereno-aveia-22", passwordConfirmation: "farol-sereno-aveia-22" });
    expectNotice(await waitForMail(smtp.mailboxUrl, user.email, since), "Sua senha do painel da Wind Digital foi alterada", /^Olá, Ana!/);

    since = Date.now();
    await onAccount(cookie, { intent: "2fa-start" });
    const pending = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpPending!;
    await onAccount(cookie, { intent: "2fa-confirm", code: currentTotp(user.email, pending) });
    expectNotice(await waitForMail(smtp.mailboxUrl, user.email, since), "Verificação em duas etapas ativada na sua conta", /aplicativo autenticador/);

    since = Date.now();
    const secret = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret!;
    expect((await onAccount(cookie, { intent: "2fa-off", currentPassword: "farol-sereno-aveia-22", code: currentTotp(user.email, secret) })).status).toBe(302);
    expectNotice(await waitForMail(smtp.mailboxUrl, user.email, since), "Verificação em duas etapas desativada na sua conta", /volta a pedir só a senha/);

    since = Date.now();
    const newEmail = `novo-${Date.now()}@agencia.com.br`;
    const taken = await onAccount(cookie, { intent: "email", email: "ninguem", currentPassword: "farol-sereno-aveia-22" });
    expect(taken.status).toBe(400);
    expect(fieldError(taken, "email")).toBe("E-mail inválido");
    const wrong = await onAccount(cookie, { intent: "email", email: newEmail, currentPassword: "errada-errada" });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong, "currentPassword")).toBe("Senha incorreta");
    expect((await onAccount(cookie, { intent: "email", email: newEmail, currentPassword: "farol-sereno-aveia-22" })).status).toBe(302);
    for (const to of [user.email, newEmail]) {
      expectNotice(await waitForMail(smtp.mailboxUrl, to, since), "O e-mail da sua conta do painel foi alterado", new RegExp(`alterado para ${newEmail}`));
    }
    expect((await signIn(newEmail, "farol-sereno-aveia-22")).status).toBe(302);
    expect((await signIn(user.email, "farol-sereno-aveia-22")).status).toBe(401);
    expect(await db.activityEntry.findFirst({ where: { actorEmail: newEmail, action: "email_change" } })).toMatchObject({
      summary: `${user.email} → ${newEmail}`,
    });
  });

  it("a colleague's two-factor reset from the team page: the colleague is told, and their outstanding links end", async () => {
    const me = await admin();
    const cookie = sessionOf((await signIn(me.email, STRONG)).cookie);
    const colleague = await admin(STRONG, "Bruno");
    await db.user.update({ where: { id: colleague.id }, data: { totpSecret: newTotpSecret() } });
    const link = await createAccountToken(colleague.id, "reset");
    const since = Date.now();
    const done = await run(team.action as never, formRequest("/admin/equipe", { intent: "reset-2fa", id: colleague.id }, { cookie }), { guarded: true });
    expect(done.status).toBe(302);
    expectNotice(await waitForMail(smtp.mailboxUrl, colleague.email, since), "Verificação em duas etapas desativada na sua conta", /^Olá, Bruno!/);
    expect(await linkState("reset", link)).toBe("expired");
  });

  it("a sign-in from a new device, with its browser, system and network and a link that ends that session once; a known device sends nothing", async () => {
    const user = await admin();
    const since = Date.now();
    // The account's first sign-in is news to nobody.
    const home = await signIn(user.email, STRONG, { ip: "198.51.100.5", userAgent: CHROME_WINDOWS });
    expect(home.status).toBe(302);
    const away = await signIn(user.email, STRONG, { ip: "203.0.113.9", userAgent: FIREFOX_LINUX });
    expect(away.status).toBe(302);
    const mail = await waitForMail(smtp.mailboxUrl, user.email, since);
    expect(mail.subject).toBe("Novo acesso à sua conta do painel da Wind Digital");
    expect(mail.text).toContain("Firefox no Linux, rede 203.0.113.0/24");
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/encerrar-sessao\/[A-Za-z0-9_.-]+$/);
    expect(mail.html).toContain("Não fui eu: encerrar essa sessão");

    // The same browser, system and network again (another session of it) is not news.
    expect((await signIn(user.email, STRONG, { ip: "198.51.100.77", userAgent: CHROME_WINDOWS })).status).toBe(302);
    // A later message of this account's, to know that one would have had its time to arrive.
    const marker = Date.now();
    const changed = "vela-cacau-norte-73";
    await onAccount(sessionOf(home.cookie), { intent: "password", currentPassword: STRONG, password: changed, passwordConfirmation: changed });
    await waitForMail(smtp.mailboxUrl, user.email, marker);
    expect((await messagesTo(user.email, since)).filter((m) => m.subject.startsWith("Novo acesso"))).toHaveLength(1);

    // The password change ended that session: its link says so.
    const gone = tokenOf(link);
    expect((await run(endSession.loader as never, getRequest(`/admin/encerrar-sessao/${gone}`), { params: { token: gone } })).status).toBe(410);

    // Opening the link shows the session and ends nothing; its button ends it; then it says so.
    const next = Date.now();
    const again = await signIn(user.email, changed, { ip: "192.0.2.200", userAgent: FIREFOX_LINUX });
    expect(again.status).toBe(302);
    const token = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, user.email, next)));
    const shown = await run(endSession.loader as never, getRequest(`/admin/encerrar-sessao/${token}`), { params: { token } });
    expect(shown).toMatchObject({ status: 200, body: { state: "open", session: { device: "Firefox no Linux", address: "192.0.2.0/24" } } });
    expect(await db.session.count({ where: { userId: user.id, addressPrefix: "192.0.2.0/24" } })).toBe(1);
    const ended = await run(endSession.action as never, formRequest(`/admin/encerrar-sessao/${token}`, {}), { params: { token } });
    expect(ended.body.state).toBe("ended");
    expect(await db.session.count({ where: { userId: user.id, addressPrefix: "192.0.2.0/24" } })).toBe(0);
    expect(await db.session.count({ where: { userId: user.id } })).toBeGreaterThan(0);
    expect((await run(endSession.action as never, formRequest(`/admin/encerrar-sessao/${token}`, {}), { params: { token } })).status).toBe(410);
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await run(endSession.loader as never, getRequest(`/admin/encerrar-sessao/${forged}`), { params: { token: forged } })).status).toBe(410);
  });
});

describe("password reset requests", () => {
  it("leave the earlier link valid, and a stranger's requests from many addresses never lock the owner out where they sign in", async () => {
    const user = await upsertUser(db, { email: `dono-${Date.now()}@agencia.com.br`, password: STRONG, admin: true });
    // The owner has signed in from their office network.
    expect((await signIn(user.email, STRONG, { ip: "198.51.100.30" })).status).toBe(302);

    let since = Date.now();
    expect((await ask(user.email, "198.51.100.31")).status).toBe(200);
    const first = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, user.email, since)));
    since = Date.now();
    expect((await ask(user.email, "198.51.100.31")).status).toBe(200);
    const second = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, user.email, since)));
    expect(second).not.toBe(first);
    expect(await linkState("reset", first)).toBe("valid");
    expect(await linkState("reset", second)).toBe("valid");

    // Strangers on many addresses, each within its own limits, use up what the e-mail allows them.
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await ask(user.email, `192.0.2.${150 + i}`)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers.slice(10)).toEqual([429, 429]);
    // The owner, from the network they sign in from, still gets a link, and the first one still works.
    since = Date.now();
    expect((await ask(user.email, "198.51.100.32")).status).toBe(200);
    const third = tokenOf(linkIn(await waitForMail(smtp.mailboxUrl, user.email, since)));
    expect(await linkState("reset", first)).toBe("valid");
    expect(
      (
        await run(
          resetRoute.action as never,
          formRequest(`/admin/redefinir-senha/${first}`, { password: "caju-neblina-trem-64", passwordConfirmation: "caju-neblina-trem-64" }),
          {
            params: { token: first },
          },
        )
      ).status,
    ).toBe(302);
    expect(await linkState("reset", third)).toBe("expired");
  });

  it("count the visitor's address first: an address past its limit counts nothing against the e-mail", async () => {
    const email = `limite-${Date.now()}@agencia.com.br`;
    for (let i = 0; i < 10; i++) expect((await ask(`outro-${i}-${email}`, "192.0.2.240")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ask(email, "192.0.2.240")).status).toBe(429);
    // Those five refusals did not use the e-mail's turns: from another address it is asked three times.
    for (let i = 0; i < 3; i++) expect((await ask(email, "192.0.2.241")).status).toBe(200);
  });
});

describe("the session cookie", () => {
  it("is __admin_session over plain HTTP: a proxy's X-Forwarded-Proto is not believed without TRUST_PROXY", async () => {
    const user = await admin();
    const response = await run(
      login.action as never,
      formRequest("/admin/login", { email: user.email, password: STRONG }, { headers: { "X-Forwarded-Proto": "https" } }),
    );
    expect(response.status).toBe(302);
    expect(response.cookie).toMatch(/(^|; )__admin_session=[^;]+/);
    expect(response.cookie).not.toContain("__Host-");
  });
});

describe("the activity log", () => {
  it("records failed sign-ins (the e-mail typed, with device and network, never the password) and the lockout once", async () => {
    const user = await admin();
    for (let i = 0; i < 7; i++) await signIn(user.email, `errada-secreta-${i}`, { ip: "203.0.113.77", userAgent: FIREFOX_LINUX });
    const entries = await db.activityEntry.findMany({ where: { actorEmail: user.email }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.action)).toEqual([...Array(5).fill("sign_in_failed"), "sign_in_locked"]);
    expect(entries[0]).toMatchObject({ section: "login", summary: "Firefox no Linux · rede 203.0.113.0/24" });
    expect(JSON.stringify(entries)).not.toMatch(/errada-secreta/);
    await signIn("ninguem-tem@exemplo.com", "chute-qualquer", { ip: "203.0.113.78" });
    expect(await db.activityEntry.findFirst({ where: { actorEmail: "ninguem-tem@exemplo.com" } })).toMatchObject({ action: "sign_in_failed" });
  });

  it("records wrong codes at the second step (never the code) and its lockout once", async () => {
    const user = await admin();
    const key = newTotpSecret();
    await db.user.update({ where: { id: user.id }, data: { totpSecret: key } });
    const first = await signIn(user.email, STRONG, { ip: "203.0.113.79", userAgent: FIREFOX_LINUX });
    expect(first.location).toMatch(/^\/admin\/verificacao/);
    const wrong = String((Number(currentTotp(user.email, key)) + 500_000) % 1_000_000).padStart(6, "0");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const request = formRequest("/admin/verificacao", { code: wrong }, { cookie: first.cookie, headers: { "User-Agent": FIREFOX_LINUX } });
      statuses.push((await run(secondStep.action as never, request, { ip: "203.0.113.79" })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const entries = await db.activityEntry.findMany({ where: { actorEmail: user.email, section: "login" }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.action)).toEqual([...Array(5).fill("sign_in_failed"), "sign_in_locked"]);
    expect(entries[0]!.summary).toBe("Verificação em duas etapas · Firefox no Linux · rede 203.0.113.0/24");
    expect(JSON.stringify(entries)).not.toContain(wrong);
  });
});
