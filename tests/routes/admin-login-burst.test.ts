// A burst of sign-in attempts against the built production server: attempts are counted before
// any password is checked, so a parallel burst on one account gets at most the limit checked;
// and checks run off the event loop with a bounded queue, so public pages keep answering while
// bcrypt (cost 12) works through a burst spread over many accounts and addresses.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { MAX_FAILURES_PER_EMAIL } from "~/lib/auth.server";
import { peek } from "~/lib/rate-limit.server";
import { upsertUser } from "../../scripts/lib/users.ts";
import { startServer, type RunningServer } from "../helpers/platform-server";

// The real cost (the other tests use the least): the accounts below and the server started here,
// which inherits it, check passwords as slowly as production does.
vi.hoisted(() => {
  process.env.BCRYPT_COST = "12";
});

let server: RunningServer;
const PASSWORD = "senha-forte-do-teste-1";

beforeAll(async () => {
  const owner = await upsertUser(db, { email: "rajada@agencia.com.br", password: PASSWORD, admin: true });
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
  // More accounts with a real cost-12 hash (the same one: hashing eight times would only slow the test).
  for (let i = 0; i < 8; i++) await db.user.create({ data: { email: `conta${i}@agencia.com.br`, passwordHash } });
  await upsertUser(db, { email: "dona@agencia.com.br", password: PASSWORD, admin: true });
  await upsertUser(db, { email: "alvo@agencia.com.br", password: PASSWORD, admin: true });
  await upsertUser(db, { email: "dono-do-aparelho@agencia.com.br", password: PASSWORD, admin: true });
  // One trusted proxy: each attempt can then come from its own address (X-Forwarded-For).
  // The rate limits' keys are hashed with SESSION_SECRET: the server and this file read them alike.
  server = await startServer({ TRUST_PROXY: "1", SESSION_SECRET: process.env.SESSION_SECRET });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function signIn(email: string, password: string, address: string, cookie?: string) {
  const response = await fetch(`${server.baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.baseUrl,
      "X-Forwarded-For": address,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const device = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("__admin_device="));
  return { status: response.status, text: await response.text(), device };
}

describe("sign-in bursts against the production server", () => {
  // Generous time limits: cost-12 bcrypt on a shared two-core machine.
  it("40 parallel wrong passwords for one account from one address: at most the limit are checked", { timeout: 120_000 }, async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => signIn("rajada@agencia.com.br", "errada", "203.0.113.40")));
    const checked = results.filter((r) => r.status === 401);
    const refused = results.filter((r) => r.status === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES_PER_EMAIL);
    expect(checked.length + refused.length).toBe(40);
    for (const r of checked) expect(r.text).toContain("Credenciais inválidas");
    for (const r of refused) expect(r.text).toContain("Muitas tentativas de login");
  });

  it("public pages keep answering quickly during a burst of password checks", { timeout: 120_000 }, async () => {
    const page = `${server.baseUrl}/servicos`;
    for (let i = 0; i < 3; i++) await (await fetch(page)).text(); // rendered and cached

    let done = false;
    // 8 accounts × 5 wrong passwords, each from its own address: all within the limits.
    const burst = Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`conta${i % 8}@agencia.com.br`, `errada-${i}`, `198.51.100.${i + 1}`))).finally(
      () => (done = true),
    );

    const latencies: number[] = [];
    while (!done || latencies.length < 5) {
      const started = performance.now();
      const response = await fetch(page);
      await response.text();
      expect(response.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const results = await burst;
    // The burst really made the server check passwords (and refused what it could not take yet).
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // Nine in ten page loads within a second (the odd one may wait while the burst's own 40
    // requests arrive, or on a busy machine); with bcrypt on the main thread they took seconds
    // each, up to the length of the whole burst.
    const sorted = [...latencies].sort((a, b) => a - b);
    const p90 = sorted[Math.floor(sorted.length * 0.9)]!;
    expect(p90, `page latencies (ms): ${latencies.map(Math.round).join(", ")}`).toBeLessThan(1000);
  });

  it(
    "during a 20-address burst, a correct password from an address not taking part signs in, and refusals for capacity never count",
    { timeout: 180_000 },
    async () => {
      // 20 addresses with made-up e-mails (each costs a check against the dummy hash): more than
      // one line of checks could ever hold.
      const attempts = Array.from({ length: 20 }, (_, i) => signIn(`intruso${i}@exemplo.com`, "chute", `192.0.2.${i + 1}`));
      // Once one answer is back, the burst is at the server.
      await Promise.race(attempts);

      const [owner, tries] = await Promise.all([
        signIn("dona@agencia.com.br", PASSWORD, "198.51.100.150"),
        // Five wrong passwords at once from one address: more than its line holds.
        Promise.all(Array.from({ length: MAX_FAILURES_PER_EMAIL }, () => signIn("alvo@agencia.com.br", "errada", "198.51.100.160"))),
      ]);
      expect(owner.status, owner.text.slice(0, 200)).toBe(302);

      const checked = tries.filter((r) => r.status === 401).length;
      const refused = tries.filter((r) => r.status === 429);
      expect(checked).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(r.text).toContain("Muitas tentativas de login");
      // Only the attempts whose password was checked count, against the account and the address.
      expect(await peek("login:email:alvo@agencia.com.br")).toBe(checked);
      expect(await peek("login:ip:198.51.100.160")).toBe(checked);
      // So the account is not locked: its owner signs in from elsewhere.
      const alvo = await signIn("alvo@agencia.com.br", PASSWORD, "198.51.100.161");
      expect(alvo.status, alvo.text.slice(0, 200)).toBe(302);

      const results = await Promise.all(attempts);
      expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    },
  );

  it(
    "under a steady stream of attempts from 20 addresses, the owner's correct password from a known device always signs in",
    { timeout: 180_000 },
    async () => {
      // The owner's browser signed in before: it holds the known-device cookie.
      const first = await signIn("dono-do-aparelho@agencia.com.br", PASSWORD, "198.51.100.200");
      expect(first.status, first.text.slice(0, 200)).toBe(302);
      const device = first.device!;
      expect(device).toBeTruthy();

      // About 12 attempts a second, from 20 addresses in turn, each with a made-up e-mail (a check
      // against the dummy hash): more than the checker serves, so its line stays full throughout.
      let streaming = true;
      const stream: Array<Promise<{ status: number }>> = [];
      const pump = (async () => {
        for (let n = 0; streaming; n++) {
          stream.push(signIn(`fluxo${n}@exemplo.com`, "chute", `203.0.113.${(n % 20) + 1}`));
          await new Promise((resolve) => setTimeout(resolve, 80));
        }
      })();
      try {
        // Once answers come back refused for capacity, the line is full.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const owner: number[] = [];
        for (let i = 0; i < 3; i++) {
          const attempt = await signIn("dono-do-aparelho@agencia.com.br", PASSWORD, "198.51.100.200", device);
          owner.push(attempt.status);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        expect(owner, "the owner's three sign-ins during the stream").toEqual([302, 302, 302]);
      } finally {
        streaming = false;
        await pump;
        await Promise.allSettled(stream);
      }
      const results = await Promise.all(stream);
      // The stream really kept the checker busy: some of its attempts were refused for capacity.
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThan(0);
      expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    },
  );
});
