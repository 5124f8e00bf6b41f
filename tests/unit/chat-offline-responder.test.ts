// The built-in responder answers sensible Portuguese questions from the site's own content.
import { describe, expect, it } from "vitest";
import { FALLBACK_REPLY, normalize, offlineReply } from "~/lib/chat/offline-responder.server";
import { site } from "~/content/site";

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
    expect(offlineReply(question)).toMatch(expected);
  });

  it("sends the video question to the video number and the others to the sales number", () => {
    expect(offlineReply("Vocês fazem vídeos?")).toContain(`https://wa.me/${site.videoPhone}?text=`);
    expect(offlineReply("Quero um site")).toContain(`https://wa.me/${site.salesPhone}?text=`);
  });

  it("invites to WhatsApp when it does not know the answer", () => {
    const reply = offlineReply("xyzzy plugh");
    expect(reply).toBe(FALLBACK_REPLY());
    expect(reply).toContain(`https://wa.me/${site.salesPhone}`);
    expect(reply).toContain("WhatsApp");
  });

  it("ignores accents and case", () => {
    expect(normalize("PREÇO, Endereço e Inteligência!")).toBe("preco endereco e inteligencia");
    expect(offlineReply("PRECO")).toBe(offlineReply("preço"));
  });
});
