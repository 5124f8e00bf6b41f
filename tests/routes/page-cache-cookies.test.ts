// What one visitor's cookies and spelling can do to the next visitor's page, on the production
// server (server/index.ts as a child process, on this file's database):
// - the page cache and the app read cookies one way (React Router's parser): a duplicated,
//   spaced, encoded or unknown consent value, sent on a cache miss, never stores a page that
//   another visitor then gets wrong (the LGPD notice missing, or shown to one who chose);
// - every answer that depends on cookies says so (Vary: Cookie; private unless shared), for every
//   public route, page and .data, with each kind of cookie;
// - a path spelled in capitals or percent-escapes is the same path for every policy: an admin
//   page is never stored, a public page is cached under its own spelling.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/lib/content-version.server";
import { redirectWithToast } from "~/lib/toast.server";
import { appRoutes, dataUrl } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { chatCookiesAfter } from "../helpers/request";
import { sessionCookie } from "./admin-fixtures";

let server: RunningServer;
beforeAll(async () => {
  // The cache re-reads the content version for every request: a bump makes the next request a miss.
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, PAGE_CACHE_CHECK_MS: "0" });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const get = (path: string, cookie?: string) => fetch(`${server.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
/** Whether the page shows the LGPD cookie notice (shown while the visitor has not chosen). */
const showsNotice = (html: string) => html.includes('aria-labelledby="aviso-cookies"');

describe("the consent cookie, however it is spelled", () => {
  // What the visitor sent, and whether the app reads it as a choice (no notice) or not.
  const spellings: Array<[cookie: string, chose: boolean]> = [
    ["cookieConsent=accepted; cookieConsent=x", true],
    ["cookieConsent=x; cookieConsent=accepted", false],
    ["cookieConsent=rejected; cookieConsent=accepted", true],
    ["cookieConsent =accepted", true],
    [" cookieConsent = accepted ;", true],
    ["cookieConsent=%61ccepted", true],
    ["cookieConsent=ACCEPTED", false],
    ["cookieConsent=", false],
    ["cookieConsent", false],
    ["CookieConsent=accepted", false],
    ["cookieConsent=accepted; cookieConsent=accepted", true],
  ];

  for (const [cookie, chose] of spellings) {
    it(`"${cookie}" on a cache miss: the notice as the app reads it, and the next visitors get their own page`, async () => {
      await bumpContentVersion(); // every page is rendered again: the odd cookie is the first to ask
      const odd = await get("/", cookie);
      expect(showsNotice(await odd.text()), "the sender's page").toBe(!chose);
      for (let i = 0; i < 2; i++) {
        expect(showsNotice(await (await get("/")).text()), "a visitor who has not chosen").toBe(true);
        expect(showsNotice(await (await get("/", "cookieConsent=accepted")).text()), "a visitor who accepted").toBe(false);
        expect(showsNotice(await (await get("/", "cookieConsent=rejected")).text()), "a visitor who refused").toBe(false);
      }
    });
  }
});

describe("answers that depend on cookies", () => {
  const routes = appRoutes().filter((route) => !route.admin);
  const paths = routes.flatMap((route) => (route.page ? [route.path, dataUrl(route.path)] : []));

  it("covers every public page and its data", () => {
    expect(paths).toEqual(expect.arrayContaining(["/", "/_.data", "/servicos", "/servicos.data", "/blog/exemplo.data"]));
  });

  it("say so for every kind of cookie: Vary: Cookie, and private unless it is the page everyone gets", async () => {
    const chatPost = (init: RequestInit) =>
      fetch(`${server.baseUrl}/api/chat`, { method: "POST", redirect: "manual", ...init }).then((response) => chatCookiesAfter(response));
    const toast = (await redirectWithToast("/", { type: "success", title: "Feito" })).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const cookies: Record<string, string | undefined> = {
      none: undefined,
      consent: "cookieConsent=accepted",
      "odd consent": "cookieConsent=accepted; cookieConsent=x",
      "chat with JavaScript": await chatPost({
        headers: { Origin: server.baseUrl, "Content-Type": "application/json" },
        body: JSON.stringify({ message: "Oi" }),
      }),
      "chat without JavaScript": await chatPost({ headers: { Origin: server.baseUrl }, body: new URLSearchParams({ message: "Oi", redirectTo: "/" }) }),
      "forged chat": "__chat=eyJ4IjoxfQ.assinatura",
      "forged conversation mark": "__chat_conversa=qualquer",
      toast,
      "admin session": await sessionCookie(),
      unknown: "_ga=GA1.1.123",
    };
    for (const path of paths) {
      for (const [kind, cookie] of Object.entries(cookies)) {
        const response = await get(path, cookie);
        await response.arrayBuffer();
        const what = `${path} with ${kind}`;
        if (response.status >= 300 && response.status < 400) continue; // a redirect carries no page
        expect(response.headers.get("vary") ?? "", what).toMatch(/\bCookie\b/i);
        const cacheControl = response.headers.get("cache-control") ?? "";
        if (response.headers.get("x-cache")) {
          // The page everyone with this consent choice gets.
          expect(["none", "consent", "odd consent", "chat with JavaScript", "forged chat"], what).toContain(kind);
          expect(cacheControl, what).toMatch(/^public/);
        } else if (cookie) {
          expect(cacheControl, what).toMatch(/private|no-store/);
        }
      }
    }
  });
});

describe("a path however it is spelled", () => {
  it("an admin path in capitals or escapes is never stored, and says no-store", async () => {
    for (const path of ["/ADMIN/login", "/%61dmin/login", "/Admin/Login", "/ADMIN/login.data", "/%61dmin/login.data"]) {
      for (let i = 0; i < 2; i++) {
        const response = await get(path);
        await response.arrayBuffer();
        expect(response.headers.get("x-cache"), path).toBeNull();
        expect(response.headers.get("cache-control"), path).toBe("no-store");
      }
    }
  });

  it("a public page in another spelling is cached, and its data never is", async () => {
    for (const path of ["/SERVICOS", "/%73ervicos"]) {
      await (await get(path)).arrayBuffer();
      expect((await get(path)).headers.get("x-cache"), path).toBe("HIT");
    }
    const data = await get("/SERVICOS.data");
    await data.arrayBuffer();
    expect(data.headers.get("x-cache")).toBeNull();
  });
});
