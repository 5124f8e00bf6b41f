import { describe, expect, it } from "vitest";
import { withParams } from "~/components/site/lightbox";
import { serviceInterestText, services } from "~/content/services";
import { site } from "~/content/site";
import { formatBlogDate } from "~/lib/dates";
import { contactMessage, contactWhatsappUrl } from "~/lib/forms/contact";
import { diagnosticMessage, diagnosticWhatsappUrl } from "~/lib/forms/diagnostic";
import { isFeaturedPanel, splitLedPanels } from "~/lib/led-panels";
import { seo } from "~/lib/seo";

describe("formatBlogDate", () => {
  it("writes dd 'de' MMMM, yyyy in Brazil's time zone", () => {
    expect(formatBlogDate(new Date("2026-03-15T15:00:00Z"))).toBe("15 de março, 2026");
    // 01:00 UTC on the 16th is still the 15th in São Paulo (UTC-3).
    expect(formatBlogDate("2026-03-16T01:00:00Z")).toBe("15 de março, 2026");
    expect(formatBlogDate(new Date("2026-01-05T12:00:00Z"))).toBe("05 de janeiro, 2026");
  });
  it("is empty for a missing or invalid date", () => {
    expect(formatBlogDate(null)).toBe("");
    expect(formatBlogDate("not a date")).toBe("");
  });
});

describe("LED panels", () => {
  it("features titles containing panel 01, 08 or 14 in any case", () => {
    expect(isFeaturedPanel("Panel 01 – Av. T-63")).toBe(true);
    expect(isFeaturedPanel("LED PANEL 08")).toBe(true);
    expect(isFeaturedPanel("painel panel 14 centro")).toBe(true);
    expect(isFeaturedPanel("Panel 02")).toBe(false);
    expect(isFeaturedPanel("Panel 10")).toBe(false);
  });
  it("keeps the order within each group", () => {
    const panels = ["Panel 03", "Panel 14", "Panel 02", "Panel 01", "panel 08"].map((title) => ({ title }));
    const { featured, others } = splitLedPanels(panels);
    expect(featured.map((p) => p.title)).toEqual(["Panel 14", "Panel 01", "panel 08"]);
    expect(others.map((p) => p.title)).toEqual(["Panel 03", "Panel 02"]);
  });
});

describe("WhatsApp messages", () => {
  it("builds the diagnostic message with the three values", () => {
    const values = { name: "Ana Souza", phone: "(62) 99999-0000", revenue: "100-300k" as const };
    expect(diagnosticMessage(values)).toContain("Nome: Ana Souza\nWhatsApp: (62) 99999-0000\nFaturamento mensal: De R$ 100 mil a R$ 300 mil");
    const url = diagnosticWhatsappUrl(values, site.salesPhone);
    expect(url.startsWith(`https://wa.me/${site.salesPhone}?text=`)).toBe(true);
    expect(decodeURIComponent(url.split("?text=")[1]!)).toBe(diagnosticMessage(values));
  });
  it("writes 'Não informada' when the contact form has no company", () => {
    const base = { name: "João", email: "joao@example.com", phone: "62 99999-0000", message: "Quero um site" };
    expect(contactMessage(base)).toContain("Empresa: Não informada");
    expect(contactMessage({ ...base, company: "Padaria Sol" })).toContain("Empresa: Padaria Sol");
    expect(decodeURIComponent(contactWhatsappUrl(base, site.salesPhone).split("?text=")[1]!)).toContain("Mensagem: Quero um site");
  });
  it("names the service in the card's text, and the video service has its own number", () => {
    expect(serviceInterestText("Tráfego Pago")).toBe("Olá, vim do site e quero saber mais sobre Tráfego Pago");
    expect(services).toHaveLength(6);
    expect(services.filter((s) => s.phone === "videoPhone").map((s) => s.id)).toEqual(["videos"]);
    for (const s of services) expect(s.details).toHaveLength(5);
  });
});

describe("URL helpers", () => {
  it("changes and removes query parameters", () => {
    expect(withParams("/portfolio", "?categoria=IA", { midia: "abc" })).toBe("/portfolio?categoria=IA&midia=abc");
    expect(withParams("/portfolio", "?categoria=IA&midia=abc&item=2", { midia: null, item: null })).toBe("/portfolio?categoria=IA");
    expect(withParams("/portfolio", "?midia=abc", { midia: null })).toBe("/portfolio");
  });
  it("emits canonical and Open Graph tags from SITE_URL", () => {
    const tags = seo({ siteUrl: "https://example.com", path: "/sobre", title: "Sobre Nós", description: "d" });
    expect(tags).toContainEqual({ title: "Sobre Nós | Wind Digital" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/sobre" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.com/sobre" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://example.com/og-image.png" });
  });
});

describe("footer service links", () => {
  it("match the services' titles and anchors", async () => {
    const { footerServiceLinks } = await import("~/content/navigation");
    expect(footerServiceLinks).toEqual(services.map((s) => ({ label: s.title, to: `/servicos#${s.id}` })));
  });
});
