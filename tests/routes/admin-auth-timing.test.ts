// The sign-in spends about as long on an unknown e-mail as on a known one with a wrong password
// (an unknown e-mail is checked against a dummy hash), so the answer's time does not tell which
// e-mails have an account. Measured at the real bcrypt cost: the other tests use the least, at
// which a missing check would hide in the time of the rest of the request.
import { describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { dummyHash } from "~/lib/password.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { action as loginAction } from "~/routes/admin_.login";
import { upsertUser } from "../../scripts/lib/users.ts";
import { formRequest } from "../helpers/request";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "12";
});

function login(email: string, ip: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, requestId: "t" });
  return loginAction({ request: formRequest("/admin/login", { email, password: "errada-mas-longa" }), params: {}, context, unstable_pattern: "" } as never);
}

describe("sign-in timing", () => {
  it("spends about as long on an unknown e-mail as on a known one with a wrong password", { timeout: 60_000 }, async () => {
    await upsertUser(db, { email: "tempo@agencia.com.br", password: "uma-senha-forte-2", admin: true });
    await dummyHash();
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      await login(email, ip);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Alternate, and compare the fastest of each: load on the machine only ever adds time.
    for (let i = 0; i < 4; i++) {
      known.push(await timed("tempo@agencia.com.br", `192.0.2.${100 + i}`));
      unknown.push(await timed(`ninguem-${i}@agencia.com.br`, `192.0.2.${110 + i}`));
    }
    expect(Math.min(...unknown)).toBeGreaterThan(0.6 * Math.min(...known));
  });
});
