// Personal parts on shared pages, over HTTP against the production server (on this file's
// database): a visitor with a chat conversation or a flash toast gets every public page from the
// shared page cache (X-Cache: HIT) with their own parts added, privately; two visitors never see
// each other's messages; and nothing personal is ever stored for the next visitor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRoutes } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { CONVERSATION_RETENTION_MS } from "~/lib/chat/conversation.server";
import { db } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/toast.server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { "Accept-Encoding": "br, gzip", ...(cookie ? { cookie } : {}) }, redirect: "manual" });

/** A no-JavaScript chat post (on `via`, this file's server by default); returns the visitor's chat cookie. */
async function chatAs(message: string, chatCookie?: string, via = server): Promise<string> {
  const response = await fetch(`${via.baseUrl}/api/chat`, {
    method: "POST",
    headers: { Origin: via.baseUrl, ...(chatCookie ? { cookie: chatCookie } : {}) },
    body: new URLSearchParams({ message, redirectTo: "/" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__chat="));
  expect(cookie).toBeTruthy();
  return cookie!;
}

const publicPages = appRoutes()
  .filter((route) => !route.admin && route.page)
  .map((route) => route.path);

describe("personal parts on cached pages", () => {
  it("covers every public page", () => {
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/servicos", "/blog", "/contato", "/politica-privacidade"]));
  });

  it("two visitors with conversations get each page from the cache, each with their own messages only", async () => {
    const ana = { message: "Sou a Ana e quero um site", cookie: "" };
    const bruno = { message: "Sou o Bruno e quero painéis", cookie: "" };
    ana.cookie = await chatAs(ana.message);
    bruno.cookie = await chatAs(bruno.message);

    for (const path of publicPages) {
      // Warm: the shared page, rendered once for anonymous visitors.
      await (await get(path)).arrayBuffer();
      const anonymous = await get(path);
      const shared = await anonymous.text();
      const cacheable = anonymous.headers.get("x-cache") === "HIT";

      for (const [me, other] of [
        [ana, bruno],
        [bruno, ana],
      ] as const) {
        const response = await get(path, me.cookie);
        const html = await response.text();
        expect(html, `${path}: my message`).toContain(me.message);
        expect(html, `${path}: never the other visitor's`).not.toContain(other.message);
        expect(response.headers.get("cache-control"), path).toBe("private, no-cache");
        if (cacheable) {
          expect(response.headers.get("x-cache"), `${path} comes from the shared cache`).toBe("HIT");
          expect(response.headers.get("etag"), path).toBeNull();
          expect(html).toContain('<script type="application/json" id="dados-pessoais">');
        } else {
          // A page the cache does not keep (a 404): rendered for this visitor.
          expect(response.headers.get("x-cache"), path).toBeNull();
        }
      }
      expect(shared, path).not.toContain(ana.message);
      expect(shared, path).not.toContain(bruno.message);
      const after = await get(path);
      const afterHtml = await after.text();
      expect(afterHtml, `${path}: nothing personal was stored`).not.toMatch(/Sou a Ana|Sou o Bruno|dados-pessoais/);
    }
    expect(publicPages.some((path) => path !== "/qualquer/coisa")).toBe(true);
  });

  it("a new message shows on the next page at once, on this instance and on another one that showed the conversation before", async () => {
    const other = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
    try {
      const getFrom = (via: RunningServer, cookie: string, encoding = "br, gzip") =>
        fetch(`${via.baseUrl}/servicos`, { headers: { cookie, "Accept-Encoding": encoding } }).then((r) => r.text());
      const first = await chatAs("Primeira pergunta da Dora");
      for (const via of [server, other]) {
        // Twice each: the second view is made from what the first one kept.
        for (let view = 0; view < 2; view++) expect(await getFrom(via, first)).toContain("Primeira pergunta da Dora");
      }
      const second = await chatAs("Segunda pergunta da Dora", first);
      expect(second, "the cookie changes with the conversation").not.toBe(first);
      for (const via of [server, other]) {
        for (const encoding of ["br, gzip", "identity"]) {
          const html = await getFrom(via, second, encoding);
          expect(html, `${via.baseUrl} ${encoding}`).toContain("Primeira pergunta da Dora");
          expect(html, `${via.baseUrl} ${encoding}`).toContain("Segunda pergunta da Dora");
        }
      }
    } finally {
      expect(await other.stop()).toBe(0);
    }
  });

  it("a conversation leaves the pages when its retention ends, even after pages showed it", async () => {
    const cookie = await chatAs("Mensagem que vai expirar");
    const rows = await db.chatConversation.findMany();
    const row = rows.find((r) => JSON.stringify(r.messages).includes("Mensagem que vai expirar"))!;
    await db.chatConversation.update({ where: { id: row.id }, data: { updatedAt: new Date(Date.now() - CONVERSATION_RETENTION_MS + 1500) } });
    expect(await (await get("/sobre", cookie)).text()).toContain("Mensagem que vai expirar");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await (await get("/sobre", cookie)).text()).not.toContain("Mensagem que vai expirar");
  });

  it("a visitor's data requests (navigations with JavaScript) carry their conversation and bypass the cache", async () => {
    const cookie = await chatAs("Mensagem para os dados");
    const response = await get("/servicos.data", cookie);
    expect(await response.text()).toContain("Mensagem para os dados");
    expect(response.headers.get("x-cache")).toBeNull();
  });

  it("a flash toast is added once to the cached page and its cookie cleared", async () => {
    const redirect = await redirectWithToast("/", { type: "success", title: "Tudo certo por aqui" });
    const toastCookie = redirect.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await (await get("/sobre")).arrayBuffer();
    const response = await get("/sobre", toastCookie);
    const html = await response.text();
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(html).toContain("Tudo certo por aqui");
    expect(response.headers.getSetCookie().join(";")).toMatch(/__toast=;/);
    expect(await (await get("/sobre")).text()).not.toContain("Tudo certo por aqui");
  });

  it("an admin's session still bypasses the cache", async () => {
    const response = await get("/sobre", "__admin_session=qualquer");
    await response.arrayBuffer();
    expect(response.headers.get("x-cache")).toBeNull();
  });
});
