// Personal pages and the shared page, over HTTP against the production server (on this file's
// database): a visitor who chats with JavaScript (a chat cookie holding only a session id) gets
// every public page from the shared page cache (X-Cache: HIT), the same bytes as everyone; a
// visitor with a no-JavaScript conversation or a flash toast gets pages rendered for them,
// privately; two visitors never see each other's messages; and nothing personal is ever stored
// for the next visitor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRoutes } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { chatCookiesAfter } from "../helpers/request";
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
  const cookies = chatCookiesAfter(response, chatCookie);
  expect(cookies).toMatch(/__chat_conversa=/);
  return cookies;
}

/** A chat message sent with JavaScript (JSON); returns the visitor's chat cookie: a session id alone. */
async function chatWithJavaScript(message: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/chat`, {
    method: "POST",
    headers: { Origin: server.baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
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

describe("personal pages and the shared page", () => {
  it("covers every public page", () => {
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/servicos", "/blog", "/contato", "/politica-privacidade"]));
  });

  it("a visitor who chats with JavaScript gets every page from the shared cache, the bytes everyone gets", async () => {
    const cookie = await chatWithJavaScript("Olá, chat com JavaScript");
    for (const path of publicPages) {
      await (await get(path)).arrayBuffer();
      const anonymous = await get(path);
      const shared = await anonymous.text();
      const withConsent = await get(path, "cookieConsent=accepted");
      const response = await get(path, `${cookie}; cookieConsent=accepted`);
      const html = await response.text();
      // (A page the cache does not keep, a 404, is rendered per request with its own CSP nonce.)
      const withoutNonces = (text: string) => text.replace(/ nonce="[^"]*"/g, "");
      expect(withoutNonces(html), path).toBe(withoutNonces(await withConsent.text()));
      if (anonymous.headers.get("x-cache") === "HIT") {
        expect(response.headers.get("x-cache"), path).toBe("HIT");
        expect(response.headers.get("etag"), path).toBe(withConsent.headers.get("etag"));
      }
      expect(response.headers.get("vary"), path).toMatch(/Cookie/);
      // The anonymous page shows the LGPD notice; the decided visitor's does not.
      expect(shared === html, path).toBe(false);
    }
  });

  it("two visitors with no-JavaScript conversations get each page rendered for them, each with their own messages only", async () => {
    const ana = { message: "Sou a Ana e quero um site", cookie: "" };
    const bruno = { message: "Sou o Bruno e quero painéis", cookie: "" };
    ana.cookie = await chatAs(ana.message);
    bruno.cookie = await chatAs(bruno.message);

    for (const path of publicPages) {
      // Warm: the shared page, rendered once for anonymous visitors.
      await (await get(path)).arrayBuffer();
      const anonymous = await get(path);
      const shared = await anonymous.text();

      for (const [me, other] of [
        [ana, bruno],
        [bruno, ana],
      ] as const) {
        const response = await get(path, me.cookie);
        const html = await response.text();
        expect(html, `${path}: my message`).toContain(me.message);
        expect(html, `${path}: never the other visitor's`).not.toContain(other.message);
        expect(response.headers.get("cache-control"), path).toBe("private, no-cache");
        expect(response.headers.get("vary"), path).toMatch(/Cookie/);
        expect(response.headers.get("x-cache"), `${path} is rendered for this visitor`).toBeNull();
        expect(response.headers.get("etag"), path).toBeNull();
      }
      expect(shared, path).not.toContain(ana.message);
      expect(shared, path).not.toContain(bruno.message);
      const after = await get(path);
      const afterHtml = await after.text();
      expect(afterHtml, `${path}: nothing personal was stored`).not.toMatch(/Sou a Ana|Sou o Bruno/);
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

  it("a visitor's data requests (navigations with JavaScript) carry their conversation, bypass the cache and are private", async () => {
    const cookie = await chatAs("Mensagem para os dados");
    const response = await get("/servicos.data", cookie);
    expect(await response.text()).toContain("Mensagem para os dados");
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("vary")).toMatch(/Cookie/);
  });

  it("a flash toast is shown once, on a page rendered for that visitor, and its cookie cleared", async () => {
    const redirect = await redirectWithToast("/", { type: "success", title: "Tudo certo por aqui" });
    const toastCookie = redirect.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await (await get("/sobre")).arrayBuffer();
    const response = await get("/sobre", toastCookie);
    const html = await response.text();
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
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
