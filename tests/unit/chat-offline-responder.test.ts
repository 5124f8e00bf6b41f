// The built-in responder answers sensible Portuguese questions from the site's own content.
import { describe, expect, it } from "vitest";
import { FALLBACK_REPLY, normalize, offlineReply } from "~/lib/chat/offline-responder.server";
import { defaultSiteSettings as site, type SiteSettings } from "~/lib/site-settings";

describe("offlineReply", () => {
  it.each([
    ["Quanto custa?", /R\$ 5 mil a R\$ 25 mil por mês/],
    ["QUAL O PREÇO de vocês?", /R\$ 5 mil a R\$ 25 mil/],
    ["Qual é o valor do investimento mensal?", /R\$ 5 mil a R\$ 25 mil/],
    ["Em quanto tempo vejo resultados?", /entre 30 e 60 dias/],
    ["qual o prazo pra transformação completa", /6 a 12 meses/],
    ["Vocês têm curso?", /IA \+ Marketing \+ Vendas na Prática/],
    ["quero fazer as aulas, tem certificado?", /Certificado incluso/],
    ["Qual o telefone de vocês?", new RegExp(site.salesPhoneDisplay.replace(/[()]/g, "\\$&"))],
    ["Qual é o e-mail para contato?", new RegExp(site.email)],
    ["Qual o horário de atendimento?", /Seg-Sex 9h-18h/],
    ["Onde fica a empresa?", /Goiânia/],
    ["Vocês atendem fora de Goiânia, remoto?", /todo o Brasil/],
    ["Como funciona o diagnóstico gratuito?", /60 a 90 minutos/],
    ["Tem contrato mínimo ou fidelidade?", /6 meses/],
    ["Quero um site", /Criação de Sites/],
    ["Preciso melhorar meu Instagram", /Gestão de Redes Sociais/],
    ["Como funciona a IA?", /Agente de IA Personalizado/],
    ["Quero aumentar vendas", /Tráfego Pago/],
    ["Vocês fazem vídeos?", /Window Films/],
    ["painel de led", /painéis de LED/],
  ])("%s", (question, expected) => {
    expect(offlineReply(question, site)).toMatch(expected);
  });

  it("sends the video question to the video number and the others to the sales number", () => {
    expect(offlineReply("Vocês fazem vídeos?", site)).toContain(`https://wa.me/${site.videoPhone}?text=`);
    expect(offlineReply("Quero um site", site)).toContain(`https://wa.me/${site.salesPhone}?text=`);
  });

  it("invites to WhatsApp when it does not know the answer", () => {
    const reply = offlineReply("xyzzy plugh", site);
    expect(reply).toBe(FALLBACK_REPLY(site));
    expect(reply).toContain(`https://wa.me/${site.salesPhone}`);
    expect(reply).toContain("WhatsApp");
  });

  it("answers with the contact facts of the site settings, not the built-in defaults", () => {
    const changed: SiteSettings = {
      ...site,
      salesPhone: "5511912345678",
      salesPhoneDisplay: "(11) 91234-5678",
      videoPhone: "5511987654321",
      email: "ola@exemplo.com.br",
      address: { ...site.address, street: "Rua Nova, 10", city: "São Paulo", state: "SP" },
      hours: "Seg-Sáb 8h-20h",
    };
    const contact = offlineReply("Qual o telefone e o e-mail de vocês?", changed);
    for (const text of ["(11) 91234-5678", "https://wa.me/5511912345678", "ola@exemplo.com.br", "Rua Nova, 10, São Paulo - SP", "Seg-Sáb 8h-20h"])
      expect(contact).toContain(text);
    expect(offlineReply("Vocês fazem vídeos?", changed)).toContain("https://wa.me/5511987654321?text=");
    for (const question of ["Quanto custa?", "Como funciona o diagnóstico gratuito?", "Vocês têm curso?", "painel de led", "Quero um site", "xyzzy plugh"]) {
      const reply = offlineReply(question, changed);
      expect(reply).toContain("https://wa.me/5511912345678");
      expect(reply).not.toContain(site.salesPhone);
    }
  });

  it("ignores accents and case", () => {
    expect(normalize("PREÇO, Endereço e Inteligência!")).toBe("preco endereco e inteligencia");
    expect(offlineReply("PRECO", site)).toBe(offlineReply("preço", site));
  });
});
