// Video posters: every demo clip ships a poster next to it, posterFor finds it from the video's
// URL, and the Video component uses it so no public video shows as a black box.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Video } from "~/components/ui/video";
import { posterFor } from "~/lib/media/kinds";

describe("posterFor", () => {
  it("gives the WebP next to a demo clip", () => {
    expect(posterFor("/demo/videos/aluno-mariana.mp4")).toBe("/demo/videos/aluno-mariana.webp");
    expect(posterFor("/demo/videos/x.WEBM?v=2#t=1")).toBe("/demo/videos/x.webp");
  });
  it("gives nothing for uploads, other sites and images", () => {
    expect(posterFor("/media/portfolio-media/course-testimonials/1.mp4")).toBeNull();
    expect(posterFor("https://cdn.example.com/demo/videos/x.mp4")).toBeNull();
    expect(posterFor("/demo/portfolio/capa.webp")).toBeNull();
    expect(posterFor(null)).toBeNull();
  });
  it("points at a file that exists for every demo clip", () => {
    const folder = join(process.cwd(), "public/demo/videos");
    const clips = readdirSync(folder).filter((name) => /\.(mp4|webm|ogg)$/.test(name));
    expect(clips.length).toBeGreaterThan(0);
    for (const clip of clips) expect(existsSync(join(process.cwd(), "public", posterFor(`/demo/videos/${clip}`)!))).toBe(true);
  });
});

describe("Video poster and variants", () => {
  const html = (props: Parameters<typeof Video>[0]) => renderToStaticMarkup(createElement(Video, props));

  it("derives a resized poster from a demo clip unless one is given or refused", () => {
    expect(html({ src: "/demo/videos/aluno-rafael.mp4", title: "Depoimento" })).toContain('poster="/img?src=%2Fdemo%2Fvideos%2Faluno-rafael.webp&amp;w=1280"');
    expect(html({ src: "/demo/videos/aluno-rafael.mp4", poster: "/demo/avatars/a.webp", posterWidth: 640 })).toContain(
      'poster="/img?src=%2Fdemo%2Favatars%2Fa.webp&amp;w=640"',
    );
    expect(html({ src: "/demo/videos/aluno-rafael.mp4", poster: null })).not.toContain("poster");
  });

  it("a player has controls and a name; a cover and a background are silent and hidden", () => {
    const player = html({ src: "/media/a.mp4", title: "Depoimento de Ana" });
    expect(player).toContain("controls");
    expect(player).toContain('preload="metadata"');
    expect(player).toContain('aria-label="Depoimento de Ana"');

    const cover = html({ src: "/media/a.mp4", variant: "cover" });
    expect(cover).not.toContain("controls");
    expect(cover).toContain('aria-hidden="true"');
    expect(cover).toContain('src="/media/a.mp4#t=0.5"');
    expect(cover).toContain('preload="metadata"'); // no poster: the frame at 0.5 s is the cover
    const withPoster = html({ src: "/demo/videos/hero-16x9.mp4", variant: "cover" });
    expect(withPoster).toContain('src="/demo/videos/hero-16x9.mp4"');
    expect(withPoster).toContain('preload="none"'); // the poster is the cover: nothing of the video loads

    const background = html({ src: "/demo/videos/hero-16x9.mp4", variant: "background" });
    // Nothing of the loop loads before the page has (JS starts it); without JS it autoplays.
    const [live, noscript] = background.split("<noscript>");
    expect(live).toMatch(/loop=""[^>]*muted=""/);
    expect(live).toContain('preload="none"');
    expect(live).not.toMatch(/autoPlay/i);
    expect(noscript).toMatch(/<video[^>]*loop=""[^>]*muted=""[^>]*autoPlay=""/);
    expect(background).toContain('aria-hidden="true"');
    expect(background).not.toContain("controls");
  });
});
