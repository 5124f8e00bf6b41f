// The Image and Video components' HTML: responsive srcset through /img, lazy or priority loading.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Image } from "~/components/ui/image";
import { Video } from "~/components/ui/video";
import { imageUrl, isResizable, previewSrc, srcsetWidths } from "~/lib/media/image-url";

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replace(/&amp;/g, "&");

describe("Image", () => {
  it("offers allowlisted widths up to twice the shown width, with sizes, dimensions and lazy loading", () => {
    const out = html(
      createElement(Image, { src: "/media/portfolio-media/123.jpg", alt: "Projeto", width: 400, height: 300, sizes: "(min-width: 768px) 33vw, 100vw" }),
    );
    expect(out).toContain(`src="${imageUrl("/media/portfolio-media/123.jpg", 480)}"`);
    expect(out).toContain(`srcSet="/img?src=%2Fmedia%2Fportfolio-media%2F123.jpg&w=160 160w, `);
    expect(out).toContain('&w=768 768w"');
    expect(out).not.toContain("&w=960");
    expect(out).toContain('sizes="(min-width: 768px) 33vw, 100vw"');
    expect(out).toContain('width="400"');
    expect(out).toContain('height="300"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('alt="Projeto"');
  });

  it("loads the page's main image eagerly with high priority", () => {
    const out = html(createElement(Image, { src: "/demo/portfolio/capa.webp", alt: "", width: 1200, height: 600, priority: true }));
    expect(out).toContain('loading="eager"');
    expect(out).toContain('fetchPriority="high"');
    expect(out).toContain("&w=1920 1920w");
  });

  it("leaves our own SVG and GIF (and our paths with a query) as they are", () => {
    for (const src of ["/demo/logos/marca.svg", "/media/blog-media/1.gif", "/media/blog-media/1.jpg?v=2", "https://midia.example.com/portfolio-media/1.gif"]) {
      const out = html(createElement(Image, { src, alt: "x", width: 100, height: 50 }));
      expect(out).toContain(`src="${src}"`);
      expect(out).not.toContain("srcSet");
    }
  });

  it("resizes S3 public URLs of our buckets", () => {
    expect(isResizable("https://midia.example.com/portfolio-media/1.png")).toBe(true);
    expect(isResizable("http://127.0.0.1:9000/blog-media/blog-covers/1.webp")).toBe(true);
    expect(isResizable("//example.com/portfolio-media/1.png")).toBe(false);
    expect(isResizable("/media/portfolio-media/1.png?1.png")).toBe(false);
    expect(srcsetWidths(50)).toEqual([160]);
  });

  it("sends every image of another site through the image route (the CSP allows no other image host)", () => {
    for (const src of ["https://example.com/outro/1.png", "https://cdn.example.com/logo.svg", "http://fotos.example.com/avatar?id=7"]) {
      expect(isResizable(src), src).toBe(true);
      const out = html(createElement(Image, { src, alt: "x", width: 160, height: 64 }));
      expect(out).toContain(`src="${imageUrl(src, 160)}"`);
      expect(out).not.toContain(`src="${src}"`);
    }
    expect(previewSrc("https://example.com/a.jpg")).toBe(imageUrl("https://example.com/a.jpg", 640));
    expect(previewSrc("blob:http://localhost/1")).toBe("blob:http://localhost/1");
  });
});

describe("Video", () => {
  it("loads only metadata and shows a resized poster", () => {
    const out = html(
      createElement(Video, { src: "/media/portfolio-media/course-testimonials/1.mp4", poster: "/demo/portfolio/capa.webp", title: "Depoimento" }),
    );
    expect(out).toContain('preload="metadata"');
    expect(out).toContain('poster="/img?src=%2Fdemo%2Fportfolio%2Fcapa.webp&w=1280"');
    expect(out).toContain("controls");
    expect(out).toContain('aria-label="Depoimento"');
    expect(html(createElement(Video, { src: "/media/portfolio-media/1.mp4" }))).not.toContain("poster");
  });
});
