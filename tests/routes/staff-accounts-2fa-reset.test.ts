// A lost phone: an admin resets a colleague's two-factor sign-in on the team page (after a
// confirmation), which deletes the key, the recovery codes and the passkeys, ends that colleague's sessions and
// is logged with who and whom; the colleague then signs in with the password alone and may set it
// up again. Nobody resets their own there.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";

const { db } = await import("~/lib/db.server");
const { requestInfoContext } = await import("~/lib/request-info.server");
const { underAdminLayout, createUser, signedIn, PASSWORD, toastOf } = await import("./admin-fixtures");
const { formRequest, getRequest } = await import("../helpers/request");
const { createUserSession } = await import("~/lib/session.server");
const team = await import("~/routes/admin.equipe");
const login = await import("~/routes/admin_.login");
const { newRecoveryCodes, newTotpSecret, startSecondStep, pendingSignIn } = await import("~/lib/two-factor.server");

async function call(handler: unknown, request: Request, guarded = true): Promise<unknown> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.80", requestId: "t" });
  const args = { request, params: {}, context, unstable_pattern: "" } as never;
  try {
    return await (guarded ? underAdminLayout(handler as never) : (handler as (a: never) => unknown))(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200));

/** A colleague with two-factor on, recovery codes, two open sessions and a sign-in waiting for its code. */
async function colleagueWithTwoFactor() {
  const user = await createUser();
  const key = newTotpSecret();
  await db.user.update({ where: { id: user.id }, data: { totpSecret: key } });
  const codes = await newRecoveryCodes(user.id);
  await createUserSession(user.id);
  await createUserSession(user.id);
  const waiting = (await startSecondStep({ ...user, passwordHash: user.passwordHash }, "/admin/dashboard")).split(";")[0]!;
  return { user, key, codes, waiting };
}

describe("resetting a colleague's two-factor sign-in", () => {
  it("asks first, then deletes the key and codes, ends the sessions, logs who and whom, and the password alone signs in", async () => {
    const { user: admin, cookie } = await signedIn();
    const { user, key, codes, waiting } = await colleagueWithTwoFactor();

    const page = (await call(team.loader, getRequest(`/admin/equipe?redefinir-duas-etapas=${user.id}`, { cookie }))) as {
      confirming: { verb: string; member: { id: string } };
      members: { id: string; twoFactor: boolean }[];
    };
    expect(page.confirming).toMatchObject({ verb: "reset-2fa", member: { id: user.id } });
    expect(page.members.find((member) => member.id === user.id)?.twoFactor).toBe(true);

    const done = (await call(team.action, formRequest("/admin/equipe", { intent: "reset-2fa", id: user.id }, { cookie }))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/equipe");
    expect(await toastOf(done)).toMatchObject({ type: "success", title: "Verificação em duas etapas redefinida" });

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.totpSecret).toBeNull();
    expect(after.totpPending).toBeNull();
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    // The admin's own session is untouched.
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(1);
    // A sign-in that was waiting for its code no longer goes on.
    expect(await pendingSignIn(getRequest("/admin/verificacao", { cookie: waiting }))).toBeNull();

    const entries = await db.activityEntry.findMany({ where: { action: "two_factor_reset" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, section: "equipe", targetId: user.id, targetLabel: user.email });
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(key);
    for (const code of codes) expect(logged).not.toContain(code);

    // The password alone now opens a session (no second step), and two-factor can be set up again.
    const signIn = (await call(login.action, formRequest("/admin/login", { email: user.email, password: PASSWORD }), false)) as Response;
    expect(signIn.headers.get("Location")).toBe("/admin/dashboard");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("also resets a colleague whose only second factor is a passkey (it may live on the lost phone)", async () => {
    const { cookie } = await signedIn();
    const user = await createUser();
    await db.passkey.create({ data: { userId: user.id, credentialId: `perdida-${user.id}`, publicKey: "chave", name: "Celular perdido" } });
    await createUserSession(user.id);

    const page = (await call(team.loader, getRequest("/admin/equipe", { cookie }))) as { members: { id: string; passkeys: number }[] };
    expect(page.members.find((member) => member.id === user.id)?.passkeys).toBe(1);
    const done = (await call(team.action, formRequest("/admin/equipe", { intent: "reset-2fa", id: user.id }, { cookie }))) as Response;
    expect(done.status).toBe(302);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.activityEntry.count({ where: { action: "two_factor_reset", targetId: user.id } })).toBe(1);
  });

  it("is refused for one's own account (409, nothing changes) and for an account without two-factor", async () => {
    const { user: me, cookie } = await signedIn();
    await db.user.update({ where: { id: me.id }, data: { totpSecret: newTotpSecret() } });
    const own = await call(team.action, formRequest("/admin/equipe", { intent: "reset-2fa", id: me.id }, { cookie }));
    expect(statusOf(own)).toBe(409);
    expect((own as { data: { toast: { description: string } } }).data.toast.description).toBe(
      "Você não pode redefinir a sua própria verificação em duas etapas por aqui. Use Minha conta.",
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: me.id } })).totpSecret).not.toBeNull();

    const without = await createUser();
    expect(statusOf(await call(team.action, formRequest("/admin/equipe", { intent: "reset-2fa", id: without.id }, { cookie })))).toBe(409);
    expect(await db.activityEntry.count({ where: { action: "two_factor_reset", actorEmail: me.email } })).toBe(0);
  });
});
