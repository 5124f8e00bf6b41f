import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "~/lib/sanitize.server";
import { videoEmbedUrl } from "~/lib/video-embed";

describe("videoEmbedUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/123456789", "https://player.vimeo.com/video/123456789"],
    ["https://player.vimeo.com/video/123456789", "https://player.vimeo.com/video/123456789"],
  ])("%s → %s", (input, expected) => {
    expect(videoEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "https://www.youtube.com/watch?v=<x>",
    "https://vimeo.com/channels",
    "não é um link",
  ])("refuses %s", (input) => {
    expect(videoEmbedUrl(input)).toBeNull();
  });
});

describe("embedded videos in blog HTML", () => {
  const player = '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Vídeo" allowfullscreen="true" loading="lazy"></iframe>';

  it("keeps an embed player as the editor writes it (so editor and textarea save the same)", () => {
    expect(sanitizeBlogHtml(player)).toBe(player);
    expect(sanitizeBlogHtml('<iframe src="https://player.vimeo.com/video/123456789"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/123456789"></iframe>',
    );
  });

  it.each([
    '<iframe src="https://evil.example/embed/x"></iframe>',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"></iframe>',
    '<iframe src="//player.vimeo.com/video/123456"></iframe>',
    '<iframe src="/admin"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  ])("drops any other iframe: %s", (html) => {
    expect(sanitizeBlogHtml(html)).toBe("");
  });

  it("drops handlers and other attributes of an allowed player", () => {
    expect(sanitizeBlogHtml('<iframe src="https://player.vimeo.com/video/123456" onload="x()" srcdoc="y" style="z"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/123456"></iframe>',
    );
  });
});
