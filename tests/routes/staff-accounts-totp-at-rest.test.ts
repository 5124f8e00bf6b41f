// Two-factor keys at rest: encrypted (AES-256-GCM, a key derived from SESSION_SECRET), never in
// base32 in the database; SESSION_SECRET rotates (the first secret encrypts, any decrypts, and a
// key read with an older one, or stored in base32 before encryption, is encrypted again with the
// first on its next use or by resealTotpSecrets).
import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Secret } from "otpauth";

// A rotation under way: the new secret first, the one the tests otherwise use second.
const OLD_SECRET = "test-secret-0123456789";
process.env.SESSION_SECRET = `rotated-secret-0123456789,${OLD_SECRET}`;

const { db } = await import("~/lib/db.server");
const { underAdminLayout, signedIn, createUser } = await import("./admin-fixtures");
const { formRequest, getRequest } = await import("../helpers/request");
const account = await import("~/routes/admin.conta");
const { checkSecondFactor, currentTotp, newRecoveryCodes, openTotpSecret, resealTotpSecrets } = await import("~/lib/two-factor.server");

/** A key stored as the app stores it, encrypted with `secret` (the format is the contract the database holds). */
function sealedWith(secret: string, base32: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "wind-digital", "totp secret at rest v1", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

const base32 = () => new Secret({ size: 20 }).base32;
const stored = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id } })).totpSecret;

async function call(handler: unknown, request: Request) {
  const { RouterContextProvider } = await import("react-router");
  const { requestInfoContext } = await import("~/lib/request-info.server");
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.70", requestId: "t" });
  try {
    return await underAdminLayout(handler as never)({ request, params: {}, context, unstable_pattern: "" } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("two-factor keys at rest", () => {
  it("a key set up from “Minha conta” is stored encrypted with the first secret: neither the pending nor the active key is in the database in base32", async () => {
    const { user, cookie } = await signedIn();
    await call(account.action, formRequest("/admin/conta", { intent: "2fa-start" }, { cookie }));
    const page = (await call(account.loader, getRequest("/admin/conta?duas-etapas=configurar", { cookie }))) as { setup: { key: string } };
    const key = page.setup.key.replace(/\s+/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const pending = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpPending!;
    expect(pending).toMatch(/^v1:/);
    expect(pending).not.toContain(key);

    const confirmed = await call(account.action, formRequest("/admin/conta", { intent: "2fa-confirm", code: currentTotp(user.email, key) }, { cookie }));
    expect((confirmed as { data: { recoveryCodes: string[] } }).data.recoveryCodes).toHaveLength(10);
    const active = (await stored(user.id))!;
    expect(active).toMatch(/^v1:/);
    expect(JSON.stringify(await db.user.findMany())).not.toContain(key);
    expect(openTotpSecret(active)).toEqual({ secret: key, current: true });
  });

  it("a key stored in base32 (before encryption) still signs in, and is encrypted by that use", async () => {
    const user = await createUser();
    const key = base32();
    await db.user.update({ where: { id: user.id }, data: { totpSecret: key } });
    expect(await checkSecondFactor({ ...user, totpSecret: key }, currentTotp(user.email, key))).toBe("totp");
    const now = (await stored(user.id))!;
    expect(now).toMatch(/^v1:/);
    expect(openTotpSecret(now)).toEqual({ secret: key, current: true });
  });

  it("a key encrypted with an older secret of the list still signs in, and is encrypted again with the first", async () => {
    const user = await createUser();
    const key = base32();
    const old = sealedWith(OLD_SECRET, key);
    await db.user.update({ where: { id: user.id }, data: { totpSecret: old } });
    expect(openTotpSecret(old)).toEqual({ secret: key, current: false });
    expect(await checkSecondFactor({ ...user, totpSecret: old }, currentTotp(user.email, key))).toBe("totp");
    const now = (await stored(user.id))!;
    expect(now).not.toBe(old);
    expect(openTotpSecret(now)).toEqual({ secret: key, current: true });
  });

  it("resealTotpSecrets encrypts every key not stored with the first secret, and leaves the others as they are", async () => {
    const [plain, older, current] = await Promise.all([createUser(), createUser(), createUser()]);
    const keys = [base32(), base32(), base32()];
    const currentValue = sealedWith("rotated-secret-0123456789", keys[2]!);
    await db.user.update({ where: { id: plain.id }, data: { totpSecret: keys[0] } });
    await db.user.update({ where: { id: older.id }, data: { totpSecret: sealedWith(OLD_SECRET, keys[1]!), totpPending: keys[2] } });
    await db.user.update({ where: { id: current.id }, data: { totpSecret: currentValue } });
    expect(await resealTotpSecrets()).toBeGreaterThanOrEqual(3);
    for (const [user, key] of [
      [plain, keys[0]],
      [older, keys[1]],
      [current, keys[2]],
    ] as const) {
      expect(openTotpSecret((await stored(user.id))!)).toEqual({ secret: key, current: true });
    }
    expect(openTotpSecret((await db.user.findUniqueOrThrow({ where: { id: older.id } })).totpPending!)).toEqual({ secret: keys[2], current: true });
    expect(await stored(current.id)).toBe(currentValue);
    expect(await resealTotpSecrets()).toBe(0);
  });

  it("a key no secret of the list opens takes no code, and a recovery code still signs in", async () => {
    const user = await createUser();
    const key = base32();
    const lost = sealedWith("a-secret-nobody-kept-anymore", key);
    await db.user.update({ where: { id: user.id }, data: { totpSecret: lost } });
    const [recovery] = await newRecoveryCodes(user.id);
    expect(openTotpSecret(lost)).toBeNull();
    expect(await checkSecondFactor({ ...user, totpSecret: lost }, currentTotp(user.email, key))).toBeNull();
    expect(await checkSecondFactor({ ...user, totpSecret: lost }, recovery!)).toBe("recovery");
    expect(await stored(user.id)).toBe(lost);
  });
});
