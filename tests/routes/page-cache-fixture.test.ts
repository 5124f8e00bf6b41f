// The page cache's promise to whoever writes the next public page: a loader that reads the
// database the ordinary way (the `db` handle, no wrapper, no key) is covered by the cache's
// freshness with no extra step. A fixture route, served by the real server pipeline
// (server/app.ts) in this process, reads LED panels through `db`, and its action saves one under
// the middleware every admin route runs under (the admin layout's `adminWritesRefreshPages`),
// ending as every admin action does (`saved()`): the page shows it on the next request, on this
// instance and (PostgreSQL NOTIFY) on another one; the listener reconnects after losing its
// connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saved } from "~/lib/admin/action.server";
import { adminWritesRefreshPages } from "~/lib/admin/guard.server";
import { db, isPostgres } from "~/lib/db.server";
import { fixtureApp, startFixtureInstance, type FixtureInstance } from "../helpers/fixture-server.ts";

/** A one-route app: its loader reads the panels' titles through the ordinary database handle. */
const app = fixtureApp({
  middleware: [adminWritesRefreshPages],
  loader: async () => (await db.ledPanel.findMany({ orderBy: { createdAt: "asc" } })).map((panel) => panel.title),
  action: async ({ request }: { request: Request }) => {
    await newPanel(String((await request.formData()).get("title")));
    return saved("/", { type: "success", title: "Painel criado." });
  },
});

let instances: FixtureInstance[];
beforeAll(async () => {
  instances = [await startFixtureInstance(app), await startFixtureInstance(app)];
});
afterAll(async () => {
  for (const instance of instances) await instance.stop();
});

async function get(via: { baseUrl: string } = instances[0]!) {
  const response = await fetch(`${via.baseUrl}/`);
  return { cache: response.headers.get("x-cache"), html: await response.text() };
}

async function save(title: string, via = instances[0]!) {
  const response = await fetch(`${via.baseUrl}/`, {
    method: "POST",
    headers: { Origin: via.baseUrl },
    body: new URLSearchParams({ title }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

/** Waits for `check` to hold, asking again as soon as the previous answer came back (no guessed sleeps). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function newPanel(title: string) {
  return db.ledPanel.create({ data: { title, description: "Descrição", primaryFlow: "Fluxo", reach: "10 mil", flow: "Alto" } });
}

describe("a public loader reading through the ordinary database handle", () => {
  it("is cached, and shows an admin save on the next request", async () => {
    await newPanel("Painel um");
    await get();
    const cached = await get();
    expect(cached.cache).toBe("HIT");
    expect(cached.html).toContain("Painel um");

    await save("Painel dois");
    const fresh = await get();
    expect(fresh.cache).toBe("MISS");
    expect(fresh.html).toContain("Painel dois");
    expect((await get()).cache).toBe("HIT");
  });

  it("is forgotten when the app's code changes (the development server loads the app anew after an edit)", async () => {
    let current = app;
    const dev = await startFixtureInstance(async () => current, "development");
    try {
      await get(dev);
      expect((await get(dev)).cache).toBe("HIT");
      current = { ...app }; // what Vite hands over after a source file changed: another module
      expect((await get(dev)).cache).toBe("MISS");
      expect((await get(dev)).cache).toBe("HIT");
    } finally {
      await dev.stop();
    }
  });

  it.runIf(isPostgres)("shows a save made through another instance at once (NOTIFY), also after the listener lost its connection", async () => {
    const [first, second] = [instances[0]!, instances[1]!];
    await get(second);
    expect((await get(second)).cache).toBe("HIT");
    await save("Painel três", first);
    // NOTIFY is asynchronous: the other instance hears it a moment later (its version is otherwise trusted for a minute).
    await eventually(async () => (await get(second)).html.includes("Painel três"));

    // The listeners' connections are cut (a database restart, a network blip)...
    await eventually(async () => {
      const cut = await db.$queryRawUnsafe<Array<{ ok: boolean }>>(
        "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = 'LISTEN content_version' AND pid <> pg_backend_pid()",
      );
      return cut.length > 0;
    });
    // ...they reconnect by themselves (a LISTEN session is back), and the next save shows at once again.
    await eventually(async () => (await db.$queryRawUnsafe<unknown[]>("SELECT 1 FROM pg_stat_activity WHERE query = 'LISTEN content_version'")).length >= 2);
    await get(second);
    await save("Painel quatro", first);
    await eventually(async () => (await get(second)).html.includes("Painel quatro"));
  });
});
