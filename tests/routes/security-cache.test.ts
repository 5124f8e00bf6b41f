// What may be kept, on the production server (server/index.ts as a child process, on this file's
// database):
// - admin pages and their single-fetch data are never stored by anyone (Cache-Control: no-store),
//   for every admin route of app/routes, signed in or not;
// - a page built from a degraded load (a failed read shown as an empty state) is shown to the
//   visitor but never stored in the page cache nor offered to shared caches, so a database blip
//   is not frozen until the next admin save.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { bumpContentVersion } from "~/lib/content-version.server";
import { getSiteSettings, saveSiteSettings } from "~/lib/site-settings.server";
import { appRoutes, dataUrl } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { chatCookiesAfter } from "../helpers/request";
import { sessionCookie } from "./admin-fixtures";

let server: RunningServer;
let adminCookie: string;
beforeAll(async () => {
  // The cache re-reads the content version for every request: what a test changes shows at once.
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, PAGE_CACHE_CHECK_MS: "0" });
  adminCookie = await sessionCookie();
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers, redirect: "manual" });

describe("admin responses", () => {
  const adminPaths = appRoutes()
    .filter((r) => r.admin)
    .flatMap((r) => (r.page ? [r.path, dataUrl(r.path)] : [r.path]));

  it("covers every admin route, the sign-in included", () => {
    expect(adminPaths).toEqual(expect.arrayContaining(["/admin", "/admin/login", "/admin/login.data", "/admin/portfolio", "/admin/portfolio.data"]));
  });

  it("are sent Cache-Control: no-store, pages and .data, signed in or not", async () => {
    const statuses = new Set<number>();
    for (const path of adminPaths) {
      for (const cookie of [undefined, adminCookie]) {
        const response = await get(path, cookie ? { cookie } : {});
        await response.arrayBuffer();
        statuses.add(response.status);
        expect(response.headers.get("cache-control"), `${path} ${cookie ? "signed in" : "anonymous"} (${response.status})`).toBe("no-store");
      }
    }
    // Pages, redirects to the sign-in and single-fetch data answers were all among them.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 302]));
  });

  it("are sent Cache-Control: no-store in every spelling the router matches (case, percent-encoding), pages and .data", async () => {
    const spellings = (path: string) => [
      path.toUpperCase().replace(/\.DATA$/, ".data"),
      path.replace("/admin", "/ADMIN"),
      path.replace("/admin", "/Admin"),
      path.replace("/admin", "/%61dmin"),
      path.replace("/admin", "/%61%64%6D%69%6E"),
    ];
    const statuses = new Set<number>();
    for (const path of adminPaths.filter((p) => !p.includes(":"))) {
      for (const spelled of spellings(path)) {
        for (const cookie of [undefined, adminCookie]) {
          const response = await get(spelled, cookie ? { cookie } : {});
          await response.arrayBuffer();
          statuses.add(response.status);
          // The router matched an admin route (not the site's "not found" page): it must not be stored.
          if (response.status === 404) continue;
          expect(response.headers.get("cache-control"), `${spelled} ${cookie ? "signed in" : "anonymous"} (${response.status})`).toBe("no-store");
        }
      }
    }
    expect([...statuses]).toEqual(expect.arrayContaining([200, 302]));
    // The signed-in admin's page under another spelling is the admin page itself.
    const page = await get("/%61dmin/configuracoes", { cookie: adminCookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sair");
    expect(page.headers.get("cache-control")).toBe("no-store");
  });
});

describe("degraded loads", () => {
  /** Makes reads of `table` fail, as a database blip would, until the returned function runs. */
  async function breakTable(table: string): Promise<() => Promise<void>> {
    await db.$executeRawUnsafe(`ALTER TABLE ${table} RENAME TO ${table}_off`);
    return async () => {
      await db.$executeRawUnsafe(`ALTER TABLE ${table}_off RENAME TO ${table}`);
    };
  }

  beforeAll(async () => {
    await db.blogPost.create({
      data: { title: "Post resistente", slug: "post-resistente", coverImage: "/capa.jpg", excerpt: "Resumo", content: "<p>Texto</p>", publishedAt: new Date() },
    });
    await db.clientLogo.create({ data: { clientName: "Logo Resistente", logoUrl: "/logo-resistente.png" } });
    await bumpContentVersion();
  });

  for (const { name, path, table, present, empty } of [
    { name: "the blog", path: "/blog", table: "blog_posts", present: "Post resistente", empty: "Nenhum artigo publicado ainda." },
    { name: "the home page's logo strip", path: "/", table: "client_logos", present: "Logo Resistente", empty: null },
  ]) {
    it(`${name}: a failed read shows the empty state but is never cached, and the next good read shows the content`, async () => {
      const restore = await breakTable(table);
      try {
        for (let i = 0; i < 2; i++) {
          const response = await get(path);
          const html = await response.text();
          expect(response.status).toBe(200);
          expect(html).not.toContain(present);
          if (empty) expect(html).toContain(empty);
          expect(response.headers.get("x-cache"), `request ${i + 1}`).toBeNull();
          expect(response.headers.get("cache-control")).toBe("no-store");
        }
        const data = await get(dataUrl(path));
        await data.arrayBuffer();
        expect(data.headers.get("cache-control")).toBe("no-store");
      } finally {
        await restore();
      }
      const healed = await get(path);
      expect(await healed.text()).toContain(present);
      expect(healed.headers.get("cache-control")).toMatch(/^public/);
      expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    });
  }

  it("a page whose site settings could not be read keeps the last values but is never cached", async () => {
    await get("/contato"); // the server now holds the settings of this content version
    const restore = await breakTable("site_settings");
    try {
      await bumpContentVersion(); // makes the server read the settings again
      for (let i = 0; i < 2; i++) {
        const response = await get("/contato");
        expect(response.status).toBe(200);
        expect(await response.text()).toContain("contato@winddigital.com.br");
        expect(response.headers.get("x-cache"), `request ${i + 1}`).toBeNull();
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
    } finally {
      await restore();
    }
    await bumpContentVersion();
    expect((await get("/contato")).headers.get("cache-control")).toMatch(/^public/);
    expect((await get("/contato")).headers.get("x-cache")).toBe("HIT");
  });

  it("a blog post whose read failed is not found for now, and never kept", async () => {
    const restore = await breakTable("blog_posts");
    try {
      const response = await get("/blog/post-resistente");
      await response.arrayBuffer();
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    } finally {
      await restore();
    }
    const healed = await get("/blog/post-resistente");
    expect(healed.status).toBe(200);
    expect(await healed.text()).toContain("Post resistente");
  });
});

describe("a page many visitors ask for at once, right after a change", () => {
  it("is rendered once: the others wait for that render and get the same page; a visitor with a conversation gets their own", async () => {
    const chatCookie = async (init: RequestInit) => {
      const response = await fetch(`${server.baseUrl}/api/chat`, { method: "POST", redirect: "manual", ...init });
      return chatCookiesAfter(response);
    };
    // A visitor who chats with JavaScript (a session id alone), and one without (a stored conversation).
    const withJavaScript = await chatCookie({
      headers: { Origin: server.baseUrl, "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Oi" }),
    });
    const withConversation = await chatCookie({
      headers: { Origin: server.baseUrl },
      body: new URLSearchParams({ message: "Esperando a página", redirectTo: "/" }),
    });
    for (let round = 0; round < 3; round++) {
      // A change the page shows (the site settings are on every page), so it must be rendered again.
      await saveSiteSettings({ ...(await getSiteSettings()), hours: `Segunda a sexta, rodada ${round}` });
      await bumpContentVersion();
      const answers = await Promise.all(
        Array.from({ length: 28 }, async (_, i) => {
          const kind = i % 7 === 6 ? "conversation" : i % 3 === 2 ? "javascript" : "anonymous";
          const cookie = kind === "conversation" ? withConversation : kind === "javascript" ? withJavaScript : undefined;
          const response = await get("/servicos", cookie ? { cookie } : {});
          return { kind, cache: response.headers.get("x-cache"), html: await response.text() };
        }),
      );
      const shared = answers.filter((a) => a.kind !== "conversation");
      expect(
        shared.filter((a) => a.cache === "MISS"),
        `round ${round}`,
      ).toHaveLength(1);
      expect(
        shared.filter((a) => a.cache === "HIT"),
        `round ${round}`,
      ).toHaveLength(shared.length - 1);
      expect(new Set(shared.map((a) => a.html)).size, "every visitor of the shared page got the same bytes").toBe(1);
      expect(shared[0]!.html).toContain(`rodada ${round}`);
      for (const answer of answers) {
        expect(answer.html.includes("Esperando a página"), answer.kind).toBe(answer.kind === "conversation");
        if (answer.kind === "conversation") expect(answer.cache).toBeNull();
      }
    }
  });
});
