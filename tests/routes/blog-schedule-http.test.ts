// The blog editors' desk over real HTTP, on the production server (server/index.ts) and this
// file's database: a post scheduled a few seconds ahead appears by itself on /blog (whose page
// is cached), its page and the sitemap, with no write at that moment; on PostgreSQL
// (TEST_DATABASE=postgres) on each of two instances. Each instance reuses its read of the
// content version for a minute here, so only the scheduled time itself can refresh its cache.
// Also: the post page's search and social tags, and the preview's headers and guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleInputValue } from "~/lib/blog/schedule";
import { sessionCookie, PNG_BYTES } from "./admin-fixtures";
import { startServer, type RunningServer } from "../helpers/platform-server";

const instances = process.env.TEST_DATABASE === "postgres" ? 2 : 1;
let servers: RunningServer[] = [];
let cookie: string;

beforeAll(async () => {
  const env = { DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, PAGE_CACHE_CHECK_MS: "60000" };
  servers = await Promise.all(Array.from({ length: instances }, () => startServer(env)));
  cookie = await sessionCookie();
}, 120_000);

afterAll(async () => {
  for (const server of servers) expect(await server.stop()).toBe(0);
});

const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers, redirect: "manual" });

async function savePost(fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ excerpt: "Resumo do post.", content: "<p>Texto</p>", is_published: "on", ...fields })) form.append(name, value);
  form.append("cover_image", new File([PNG_BYTES], "capa.png", { type: "image/png" }));
  const response = await fetch(`${servers[0]!.baseUrl}/admin/blog`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
  expect(response.status, await response.text()).toBe(302);
}

/** /blog as a visitor gets it, from a warm cache (asked until the cache answers). */
async function cachedBlog(server: RunningServer): Promise<string> {
  for (;;) {
    const response = await get(server, "/blog");
    expect(response.status).toBe(200);
    const html = await response.text();
    if (response.headers.get("x-cache") === "HIT") return html;
  }
}

describe("scheduled publishing", () => {
  it(`a post scheduled seconds ahead appears by itself on ${instances} instance(s): list (cached), page and sitemap`, async () => {
    for (const server of servers) await cachedBlog(server);

    // Seconds are accepted too (the form's input shows minutes); São Paulo time, like the form.
    const due = new Date(Math.ceil((Date.now() + 6000) / 1000) * 1000);
    const seconds = String(due.getUTCSeconds()).padStart(2, "0");
    await savePost({ title: "Chegou a hora", slug: "chegou-a-hora", published_at: `${scheduleInputValue(due)}:${seconds}` });

    for (const server of servers) {
      expect(await cachedBlog(server)).not.toContain("Chegou a hora");
      expect((await get(server, "/blog/chegou-a-hora")).status).toBe(404);
      expect(await (await get(server, "/sitemap.xml")).text()).not.toContain("/blog/chegou-a-hora");
    }
    expect(Date.now(), "the checks before the due time took too long").toBeLessThan(due.getTime());

    // Nobody writes anything now: each instance's cached /blog must change at the due time.
    const seenAt = await Promise.all(
      servers.map(async (server) => {
        for (;;) {
          const response = await get(server, "/blog");
          const html = await response.text();
          const now = Date.now();
          if (html.includes("Chegou a hora")) {
            expect(now).toBeGreaterThanOrEqual(due.getTime());
            return now;
          }
          expect(now, "still not on /blog").toBeLessThan(due.getTime() + 10_000);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    for (const at of seenAt) expect(at - due.getTime()).toBeLessThan(2000);

    for (const server of servers) {
      expect(await cachedBlog(server)).toContain("Chegou a hora");
      const page = await get(server, "/blog/chegou-a-hora");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Chegou a hora");
      expect(await (await get(server, "/sitemap.xml")).text()).toContain("/blog/chegou-a-hora");
    }
  }, 60_000);
});

describe("search and social tags", () => {
  const tag = (html: string, attr: string, name: string) => html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`))?.[1];
  const jsonLd = (html: string) =>
    JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)![1]!) as { description: string; image: string };

  it("a post's own meta description and social image, else its excerpt and cover; fixed pages keep theirs", async () => {
    await savePost({
      title: "Com SEO",
      slug: "com-seo",
      meta_description: "Descricao para buscadores",
      social_image_url: "https://imagens.exemplo.com.br/social.jpg",
    });
    await savePost({ title: "Sem SEO", slug: "sem-seo", excerpt: "O resumo do post" });
    const server = servers[0]!;

    const own = await (await get(server, "/blog/com-seo")).text();
    expect(tag(own, "name", "description")).toBe("Descricao para buscadores");
    expect(tag(own, "property", "og:description")).toBe("Descricao para buscadores");
    expect(tag(own, "name", "twitter:description")).toBe("Descricao para buscadores");
    expect(tag(own, "property", "og:image")).toBe("https://imagens.exemplo.com.br/social.jpg");
    expect(tag(own, "name", "twitter:image")).toBe("https://imagens.exemplo.com.br/social.jpg");
    expect(jsonLd(own)).toMatchObject({ "@type": "BlogPosting", description: "Descricao para buscadores", image: "https://imagens.exemplo.com.br/social.jpg" });

    const fallback = await (await get(server, "/blog/sem-seo")).text();
    expect(tag(fallback, "name", "description")).toBe("O resumo do post");
    const cover = tag(fallback, "property", "og:image")!;
    expect(cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/blog-media\/blog-covers\/capa-[a-z2-7]{13}\.png$/);
    expect(jsonLd(fallback)).toMatchObject({ description: "O resumo do post", image: cover });

    const list = await (await get(server, "/blog")).text();
    expect(tag(list, "name", "description")).toBe("Insights e novidades sobre marketing digital, inteligência artificial, tráfego pago e vendas.");
    expect(tag(list, "property", "og:image")).toMatch(/\/og-image\.png$/);
  });
});

describe("preview over HTTP", () => {
  it("only an admin sees it: noindex, never stored; a visitor is sent to the login", async () => {
    await savePost({ title: "Rascunho HTTP", slug: "rascunho-http", is_published: "" });
    const server = servers[0]!;
    const { db } = await import("~/lib/db.server");
    const { id } = await db.blogPost.findUniqueOrThrow({ where: { slug: "rascunho-http" } });

    for (const path of [`/admin/blog/preview/${id}`, `/admin/blog/preview/${id}?x=1`]) {
      const anonymous = await get(server, path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
      expect(await anonymous.text()).not.toContain("Rascunho HTTP");
    }

    const admin = await get(server, `/admin/blog/preview/${id}`, { cookie });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toBe("no-store");
    expect(admin.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(admin.headers.get("x-cache")).toBeNull();
    const html = await admin.text();
    expect(html).toContain("Rascunho HTTP");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Rascunho: não aparece no site.");

    // Unsaved fields, as the form posts them with JavaScript.
    const posted = await fetch(`${server.baseUrl}/admin/blog/preview/${id}`, {
      method: "POST",
      body: new URLSearchParams({ title: "Título não salvo", content: "<p>Novo texto</p><script>alert(1)</script>" }),
      headers: { cookie, origin: server.baseUrl },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(posted.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const unsaved = await posted.text();
    expect(unsaved).toContain("Título não salvo");
    expect(unsaved).toContain("<p>Novo texto</p>");
    expect(unsaved).not.toContain("alert(1)");

    // A post not created yet ("novo"): its unsaved fields only.
    const fresh = await fetch(`${server.baseUrl}/admin/blog/preview/novo`, {
      method: "POST",
      body: new URLSearchParams({ title: "Post ainda sem id", content: "<p>Oi</p>" }),
      headers: { cookie, origin: server.baseUrl },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("cache-control")).toBe("no-store");
    expect(await fresh.text()).toContain("Post ainda sem id");

    expect(await (await get(server, "/sitemap.xml")).text()).not.toMatch(/preview|rascunho-http/);
  });
});
