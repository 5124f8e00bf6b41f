// The admin area's policy is one list (adminArea) and its doors another (adminDoors), each defined
// once in app/lib/admin/guard.server.ts: every admin route outside the layout runs one of the two
// as its middleware, the layout runs the area's, and no route checks the session by hand.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adminArea, adminDoors } from "~/lib/admin/guard.server";

const routesDir = join(import.meta.dirname, "../../app/routes");
const routeFiles = readdirSync(routesDir).filter((name) => /\.(ts|tsx)$/.test(name));
/** The doors: how one gets in (or out), so open to anyone. */
const DOORS = [
  "admin_.login.tsx",
  "admin_.verificacao.tsx",
  "admin_.esqueci-senha.tsx",
  "admin_.convite.$token.tsx",
  "admin_.redefinir-senha.$token.tsx",
  "admin_.logout.tsx",
  // The link of a new-device notice: it ends that session without signing in.
  "admin_.encerrar-sessao.$token.tsx",
  "admin_.chave-de-acesso.ts",
];

describe("the admin area's policy", () => {
  it("is the layout's middleware, and each admin route outside the layout runs the area's or the doors' list", async () => {
    const layout = (await import("~/routes/admin")) as { middleware?: unknown };
    expect(layout.middleware).toBe(adminArea);
    const outside = routeFiles.filter((name) => name.startsWith("admin_."));
    expect(outside.length).toBeGreaterThan(DOORS.length);
    for (const name of outside) {
      const route = (await import(`~/routes/${name.replace(/\.(ts|tsx)$/, "")}`)) as { middleware?: unknown };
      expect(route.middleware, name).toBe(DOORS.includes(name) ? adminDoors : adminArea);
    }
  });

  it("is never checked by hand in a route: the area's guard did it before any loader or action ran", () => {
    const byHand = routeFiles.filter((name) => /\brequireAdmin\s*\(/.test(readFileSync(join(routesDir, name), "utf8")));
    expect(byHand).toEqual([]);
  });
});
