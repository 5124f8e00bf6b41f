// Slug redirects and the revision retention over real HTTP, on the production server and this
// file's database: a visitor's cached page of a post's old address is not served once the slug
// changed (the admin write expires every cached page), the old address answers 301 to the new one
// (never stored by the page cache), and the server reads POST_REVISIONS_KEEP from its environment.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { sessionCookie, PNG_BYTES } from "./admin-fixtures";
import { startServer, type RunningServer } from "../helpers/platform-server";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  // A minute between reads of the content version: only the admin write itself can refresh the cache.
  server = await startServer({
    DATABASE_URL: process.env.DATABASE_URL,
    SESSION_SECRET: process.env.SESSION_SECRET,
    PAGE_CACHE_CHECK_MS: "60000",
    POST_REVISIONS_KEEP: "2",
  });
  cookie = await sessionCookie();
}, 120_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: "manual" });

async function savePost(fields: Record<string, string>, cover = true): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ excerpt: "Resumo do post.", content: "<p>Texto</p>", is_published: "on", ...fields })) form.append(name, value);
  if (cover) form.append("cover_image", new File([PNG_BYTES], "capa.png", { type: "image/png" }));
  const response = await fetch(`${server.baseUrl}/admin/blog`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
  expect(response.status, await response.text()).toBe(302);
}

/** The page as a visitor gets it, from a warm cache (asked until the cache answers). */
async function cached(path: string): Promise<string> {
  for (;;) {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    if (response.headers.get("x-cache") === "HIT") return html;
  }
}

it("a cached post page is not served at its old address after a slug change: 301 to the new one, never cached", async () => {
  await savePost({ title: "Endereço antigo", slug: "endereco-antigo" });
  const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "endereco-antigo" } });
  expect(await cached("/blog/endereco-antigo")).toContain("Endereço antigo");

  await savePost({ id: post.id, title: "Endereço antigo", slug: "endereco-novo" }, false);

  for (let n = 0; n < 3; n++) {
    const moved = await get("/blog/endereco-antigo");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/blog/endereco-novo");
    expect(moved.headers.get("x-cache")).toBeNull();
    await moved.arrayBuffer();
  }
  expect(await cached("/blog/endereco-novo")).toContain("Endereço antigo");
  // The data URL the browser fetches while navigating with JavaScript is sent on too.
  const data = await get("/blog/endereco-antigo.data");
  expect(await data.text()).toContain("/blog/endereco-novo");
});

it("keeps POST_REVISIONS_KEEP (2 here) revisions of each post", async () => {
  await savePost({ title: "Retido 1", slug: "retido" });
  const post = await db.blogPost.findUniqueOrThrow({ where: { slug: "retido" } });
  for (const title of ["Retido 2", "Retido 3", "Retido 4"]) await savePost({ id: post.id, title, slug: "retido" }, false);
  const rows = await db.blogPostRevision.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } });
  expect(rows.map((row) => row.title)).toEqual(["Retido 3", "Retido 4"]);
  const page = await fetch(`${server.baseUrl}/admin/blog/${post.id}/revisoes`, { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Ficam as 2 mais recentes");
});
