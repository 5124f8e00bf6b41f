// Chat messages are rendered as text and safe links only.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { MessageText } from "~/components/chat/message-text";

const render = (text: string) => renderToStaticMarkup(createElement(MessageText, { text }));

describe("MessageText", () => {
  it("turns web links into anchors that open safely in a new tab, leaving trailing punctuation outside", () => {
    expect(render("Veja https://example.com/a?b=1. Obrigado")).toBe(
      'Veja <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer" class="font-medium underline underline-offset-2">example.com/a</a>. Obrigado',
    );
  });

  it("shows a WhatsApp link by its number, not its encoded text", () => {
    expect(render("Fale: https://wa.me/5562991234567?text=Ol%C3%A1")).toContain(">wa.me/5562991234567</a>");
  });

  it("never produces HTML from the text, nor links other than http(s)", () => {
    const html = render("<script>alert(1)</script><img src=x onerror=alert(1)> javascript:alert(1) data:text/html,x");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<a");
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps line breaks as text (shown by CSS white-space)", () => {
    expect(render("linha 1\nlinha 2")).toBe("linha 1\nlinha 2");
  });
});
