// What an admin may save as a media URL is what the site can show: images from any http(s) site
// (the image route fetches them), videos only from our own storage or as embeddable YouTube and
// Vimeo links (a video on another host would be blocked by the page's Content-Security-Policy).
// Checked through the real admin actions of every section with URL fields, and the blog post
// page, whose images from other sites are rewritten to the image route.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { FOREIGN_VIDEO_MESSAGE, INVALID_URL_MESSAGE } from "~/lib/forms/admin-schema";
import { blogHtmlForPage, sanitizeBlogHtml } from "~/lib/sanitize.server";
import { action as portfolioAction } from "~/routes/admin.portfolio";
import { action as filmsAction } from "~/routes/admin.window-films-portfolio";
import { action as testimonialsAction } from "~/routes/admin.window-films-testimonials";
import { loader as postLoader } from "~/routes/_site.blog.$slug";
import { dataOf, formRequest, getRequest, png, responseOf, routeArgs, sessionCookie } from "./admin-fixtures";

beforeEach(async () => {
  await Promise.all([db.portfolioItem.deleteMany(), db.windowFilmsProject.deleteMany(), db.windowFilmsTestimonial.deleteMany()]);
});

const portfolio = { title: "Caso", category: "IA", description: "D", result: "R" };
const films = { title: "Projeto", category: "Corporativo", order_index: "0" };
const testimonial = { client_name: "Ana", testimonial: "Ótimo", rating: "5", order_index: "0" };

describe("media URL lists (portfolio and window films)", () => {
  const sections = [
    { name: "portfolio", action: portfolioAction, path: "/admin/portfolio", fields: portfolio, count: () => db.portfolioItem.count() },
    { name: "window films", action: filmsAction, path: "/admin/window-films-portfolio", fields: films, count: () => db.windowFilmsProject.count() },
  ];

  for (const section of sections) {
    it(`${section.name}: refuses a video from another site, next to its field, and saves nothing`, async () => {
      const cookie = await sessionCookie();
      for (const [field, value] of [
        ["videos", "https://outro-site.example/clip.mp4"],
        ["videos", "https://outro-site.example/pagina-do-video"],
        ["videos", "https://youtu.be/x"], // not an embeddable video id
        ["images", "https://outro-site.example/clip.webm?x=1"], // a video in the image list
      ] as const) {
        const { status, body } = await dataOf(section.action, formRequest(section.path, { ...section.fields, cover_image: png(), [field]: value }, { cookie }));
        expect(status, value).toBe(400);
        expect(body.lastResult!.error![field], value).toEqual([FOREIGN_VIDEO_MESSAGE]);
      }
      for (const value of ["javascript:alert(1)", "nao é url", "ftp://x.example/a.jpg"]) {
        const { status, body } = await dataOf(section.action, formRequest(section.path, { ...section.fields, cover_image: png(), images: value }, { cookie }));
        expect(status, value).toBe(400);
        expect(body.lastResult!.error!.images, value).toEqual([INVALID_URL_MESSAGE]);
      }
      expect(await section.count()).toBe(0);
    });

    it(`${section.name}: saves images from any site, our own videos and YouTube/Vimeo links`, async () => {
      const cookie = await sessionCookie();
      const images = ["https://outro-site.example/foto.jpg", "http://cdn.example/imagem?id=7", "/media/portfolio-media/1.mp4"];
      const videos = [
        "/media/portfolio-media/123.mp4",
        "/demo/videos/hero-16x9.mp4",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://vimeo.com/76979871",
      ];
      const response = await responseOf(section.action, formRequest(section.path, { ...section.fields, cover_image: png(), images, videos }, { cookie }));
      expect(response.status).toBe(302);
      expect(await section.count()).toBe(1);
    });
  }
});

describe("window films testimonials", () => {
  it("refuses a video from another site and takes a photo from any site", async () => {
    const cookie = await sessionCookie();
    const refused = await dataOf(
      testimonialsAction,
      formRequest("/admin/window-films-testimonials", { ...testimonial, video_url: "https://outro-site.example/depoimento.mp4" }, { cookie }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.lastResult!.error!.video_url).toEqual([FOREIGN_VIDEO_MESSAGE]);
    expect(await db.windowFilmsTestimonial.count()).toBe(0);

    const saved = await responseOf(
      testimonialsAction,
      formRequest(
        "/admin/window-films-testimonials",
        { ...testimonial, client_photo: "https://outro-site.example/ana.jpg", video_url: "https://vimeo.com/76979871" },
        { cookie },
      ),
    );
    expect(saved.status).toBe(302);
    expect(await db.windowFilmsTestimonial.findFirstOrThrow()).toMatchObject({
      clientPhoto: "https://outro-site.example/ana.jpg",
      videoUrl: "https://vimeo.com/76979871",
    });
  });
});

describe("blog images from other sites", () => {
  it("are stored as written and shown through the image route", async () => {
    const html =
      '<p>Veja:</p><img src="https://outro-site.example/grafico.png" alt="Gráfico"><img src="/demo/blog/capa.webp" alt="Nossa"><img src="/media/blog-media/anim.gif" alt="GIF">';
    expect(sanitizeBlogHtml(html)).toContain('src="https://outro-site.example/grafico.png"');
    const post = await db.blogPost.create({
      data: {
        title: "Post com imagens",
        slug: `post-imagens-${Date.now()}`,
        excerpt: "e",
        content: html,
        coverImage: "/demo/blog/capa.webp",
        author: "Equipe",
        isPublished: true,
        publishedAt: new Date(),
      },
    });
    const data = (await postLoader(routeArgs(getRequest(`/blog/${post.slug}`), { slug: post.slug }))) as { post: { html: string } };
    expect(data.post.html).toContain(`src="/img?src=${encodeURIComponent("https://outro-site.example/grafico.png")}&amp;w=1280"`);
    expect(data.post.html).toContain(`src="/img?src=${encodeURIComponent("/demo/blog/capa.webp")}&amp;w=1280"`);
    expect(data.post.html).toContain('src="/media/blog-media/anim.gif"');
    expect(data.post.html).not.toContain('src="https://');
    expect(blogHtmlForPage('<img src="x" onerror="alert(1)"><img src="javascript:alert(1)">')).not.toMatch(/onerror|javascript/);
  });
});
