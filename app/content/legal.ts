// Terms of use and privacy policy: complete texts in the wording of Brazil's
// data-protection law (LGPD, Lei nº 13.709/2018).
// The company's legal name, CNPJ, address and contacts come from the site settings an admin edits.
import type { SiteSettings } from "~/lib/site-settings";
import { site } from "./site";

interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  updatedAt: string;
  intro: string;
  sections: LegalSection[];
}

const companyOf = (s: SiteSettings) =>
  `${s.legalName}, inscrita no CNPJ sob o nº ${s.cnpj}, com sede na ${s.address.street}, ${s.address.city} - ${s.address.state}, CEP ${s.address.postalCode}`;

export const TERMS_TITLE = "Termos de Uso";
export const PRIVACY_TITLE = "Política de Privacidade e Cookies";

export const termsOfUse = (s: SiteSettings): LegalDocument => ({
  title: TERMS_TITLE,
  updatedAt: "1º de março de 2026",
  intro: `Estes Termos de Uso regulam o acesso e a utilização do site da ${site.brandName}, mantido pela ${companyOf(s)} ("${site.brandName}", "nós"). Ao navegar pelo site, você ("usuário") declara que leu, compreendeu e concorda com estas condições. Se não concordar, não utilize o site.`,
  sections: [
    {
      heading: "1. Objeto",
      paragraphs: [
        `O site tem caráter informativo e comercial: apresenta os serviços de marketing digital, inteligência artificial, tráfego pago, criação de sites, produção audiovisual (marca ${site.videoBrandName}), treinamento de equipes, painéis de LED e cursos oferecidos pela ${site.brandName}, além de conteúdos publicados no blog.`,
        "O site permite que o usuário entre em contato conosco por WhatsApp, e-mail, telefone, pelos formulários de contato e de diagnóstico e pelo assistente virtual de atendimento.",
      ],
    },
    {
      heading: "2. Cadastro e uso dos formulários",
      paragraphs: [
        "Não é necessário criar conta para navegar no site. Ao preencher um formulário ou conversar com o assistente virtual, o usuário se compromete a fornecer informações verdadeiras, atuais e completas, sendo o único responsável pelo conteúdo que envia.",
        "Os formulários de contato e de diagnóstico não armazenam os dados no site: as informações preenchidas são apenas reunidas em uma mensagem que é aberta no WhatsApp do próprio usuário, que decide se a envia ou não.",
      ],
    },
    {
      heading: "3. Assistente virtual",
      paragraphs: [
        "O assistente virtual utiliza inteligência artificial para responder dúvidas gerais sobre a empresa e os serviços. As respostas têm caráter informativo, podem conter imprecisões e não constituem proposta comercial, orçamento ou contrato.",
        "Condições comerciais, prazos e valores somente são válidos quando confirmados por escrito pela nossa equipe. Não envie ao assistente dados sensíveis, senhas ou informações financeiras.",
      ],
    },
    {
      heading: "4. Condutas proibidas",
      paragraphs: ["Ao utilizar o site, o usuário se compromete a não:"],
      items: [
        "violar a legislação brasileira, a moral, os bons costumes ou direitos de terceiros;",
        "enviar conteúdo ofensivo, discriminatório, falso, ilícito ou que contenha vírus e códigos maliciosos;",
        "tentar acessar áreas restritas, sistemas ou dados sem autorização, inclusive a área administrativa;",
        "utilizar robôs, raspagem automatizada ou qualquer meio que sobrecarregue ou prejudique o funcionamento do site;",
        "usar os canais de contato para envio de mensagens em massa ou publicidade não solicitada.",
      ],
    },
    {
      heading: "5. Propriedade intelectual",
      paragraphs: [
        `Marcas, logotipos, textos, imagens, vídeos, layouts e demais conteúdos do site pertencem à ${site.brandName} ou a seus clientes e parceiros, que autorizaram a sua exibição, e são protegidos pela Lei nº 9.610/1998 (Direitos Autorais) e pela Lei nº 9.279/1996 (Propriedade Industrial).`,
        "É proibido copiar, reproduzir, distribuir ou modificar qualquer conteúdo sem autorização prévia e por escrito, exceto o compartilhamento de links para as páginas do site.",
      ],
    },
    {
      heading: "6. Portfólio, depoimentos e resultados",
      paragraphs: [
        "Os casos, números e depoimentos apresentados refletem resultados obtidos por clientes específicos em contextos específicos. Eles não representam promessa ou garantia de resultados iguais, que dependem do mercado, do investimento e da participação de cada cliente.",
      ],
    },
    {
      heading: "7. Links para sites de terceiros",
      paragraphs: [
        "O site contém links para serviços de terceiros, como WhatsApp, Instagram, Facebook, LinkedIn, TikTok, YouTube e Google Maps. Esses serviços têm termos e políticas próprios, e não nos responsabilizamos pelo seu conteúdo ou pelas suas práticas.",
      ],
    },
    {
      heading: "8. Limitação de responsabilidade",
      paragraphs: [
        "Empregamos esforços razoáveis para manter o site disponível, seguro e atualizado, mas não garantimos que ele funcionará sem interrupções ou erros. Não nos responsabilizamos por danos decorrentes de indisponibilidade temporária, falhas de conexão do usuário ou uso indevido do site por terceiros.",
      ],
    },
    {
      heading: "9. Privacidade e proteção de dados",
      paragraphs: [
        "O tratamento de dados pessoais realizado por meio do site é descrito na nossa Política de Privacidade e Cookies, que integra estes Termos e segue a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018).",
      ],
    },
    {
      heading: "10. Alterações destes Termos",
      paragraphs: [
        "Podemos atualizar estes Termos a qualquer momento para refletir mudanças no site, nos serviços ou na legislação. A versão vigente é sempre a publicada nesta página, com a data da última atualização.",
      ],
    },
    {
      heading: "11. Legislação e foro",
      paragraphs: [
        `Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da comarca de ${s.address.city} - ${s.address.state} para dirimir eventuais controvérsias, ressalvado o direito do consumidor de propor ação no foro do seu domicílio.`,
      ],
    },
    {
      heading: "12. Contato",
      paragraphs: [
        `Dúvidas sobre estes Termos podem ser enviadas para ${s.email} ou pelo telefone ${s.salesPhoneDisplay}, de segunda a sexta-feira, das 9h às 18h.`,
      ],
    },
  ],
});

/** `leadsMonths`: how long contacts are kept in the agency's panel (LEADS_RETENTION_MONTHS). */
export const privacyPolicy = (s: SiteSettings, leadsMonths = 12): LegalDocument => ({
  title: PRIVACY_TITLE,
  updatedAt: "23 de novembro de 2026",
  intro: `A ${companyOf(s)}, é a controladora dos dados pessoais tratados por meio deste site. Esta Política explica, de forma clara e em conformidade com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018 - LGPD), quais dados tratamos, para quais finalidades, com quem os compartilhamos e como você pode exercer os seus direitos.`,
  sections: [
    {
      heading: "1. Dados que tratamos",
      paragraphs: ["Tratamos apenas os dados necessários para as finalidades descritas nesta Política:"],
      items: [
        "Dados de contato que você informa ao falar conosco: nome, e-mail, telefone/WhatsApp, empresa e o conteúdo da sua mensagem;",
        "Dados do diagnóstico gratuito: nome, número de WhatsApp e faixa de faturamento mensal da empresa;",
        "Mensagens trocadas com o assistente virtual do site;",
        "Dados de navegação: endereço IP, data e hora de acesso, páginas visitadas, tipo de navegador e dispositivo, coletados por registros de acesso e cookies.",
      ],
    },
    {
      heading: "2. Como os formulários funcionam",
      paragraphs: [
        "Ao enviar o formulário de contato ou de diagnóstico, o site monta uma mensagem com as informações preenchidas e abre o WhatsApp para que você mesmo a envie. Antes disso, guardamos no painel da nossa equipe os campos preenchidos, a página de onde o formulário foi enviado e a origem da visita (o site ou a campanha que trouxe você até nós, sem cookies), para que o seu contato seja respondido mesmo que a mensagem do WhatsApp não chegue. A partir do envio, os dados também são tratados em nosso atendimento comercial pelo WhatsApp, conforme esta Política.",
      ],
    },
    {
      heading: "3. Finalidades e bases legais",
      paragraphs: ["Utilizamos os dados pessoais para:"],
      items: [
        "responder às suas solicitações, enviar propostas e realizar o diagnóstico gratuito (art. 7º, V, da LGPD: procedimentos preliminares relacionados a contrato);",
        "prestar os serviços contratados e cumprir obrigações contratuais (art. 7º, V);",
        "manter registros de acesso pelo prazo exigido pelo Marco Civil da Internet, Lei nº 12.965/2014 (art. 7º, II: cumprimento de obrigação legal);",
        "garantir a segurança do site, prevenir fraudes e abusos e melhorar a sua experiência (art. 7º, IX: legítimo interesse);",
        "medir a audiência e realizar ações de marketing por meio de cookies não essenciais, somente com o seu consentimento (art. 7º, I).",
      ],
    },
    {
      heading: "4. Assistente virtual",
      paragraphs: [
        "As mensagens enviadas ao assistente virtual são processadas por um serviço de automação e inteligência artificial contratado por nós, exclusivamente para gerar as respostas. Não informe dados sensíveis, como dados de saúde, origem racial, convicções religiosas ou dados financeiros.",
        "No seu navegador, a conversa com o assistente fica disponível por 24 horas após a última mensagem, apenas para que você possa continuá-la ao navegar entre as páginas.",
        `Para que a nossa equipe possa dar continuidade ao atendimento, a conversa (as suas mensagens, as respostas do assistente e as da equipe, com data e hora) e a origem da visita ficam guardadas no painel da equipe por ${leadsMonths} meses a partir do primeiro contato. Uma pessoa da equipe pode assumir a conversa e responder por ela no próprio chat.`,
      ],
    },
    {
      heading: "5. Cookies",
      paragraphs: ["Cookies são pequenos arquivos gravados no seu navegador. Utilizamos as seguintes categorias:"],
      items: [
        "Estritamente necessários: garantem o funcionamento e a segurança do site, como o registro da sua escolha sobre cookies (cookieConsent) e a sessão do assistente virtual. Não dependem de consentimento;",
        "Funcionalidade e experiência: lembram preferências para tornar a navegação mais agradável;",
        "Medição: ajudam a entender como o site é usado, de forma agregada, para melhorá-lo;",
        "Marketing: permitem mostrar anúncios mais relevantes e medir o resultado das nossas campanhas.",
      ],
    },
    {
      heading: "6. Como gerenciar os cookies",
      paragraphs: [
        'No primeiro acesso, exibimos um aviso em que você pode aceitar ou recusar os cookies não essenciais. A sua escolha fica registrada no seu navegador e pode ser alterada a qualquer momento pelo link "Preferências de cookies", no rodapé do site. Ao recusar, utilizamos apenas os cookies estritamente necessários.',
        "Você também pode bloquear ou apagar cookies nas configurações do seu navegador, ciente de que algumas funcionalidades podem deixar de funcionar corretamente.",
      ],
    },
    {
      heading: "7. Compartilhamento de dados",
      paragraphs: ["Não vendemos dados pessoais. Podemos compartilhá-los apenas com:"],
      items: [
        "fornecedores que nos ajudam a operar o site e o atendimento, como hospedagem, armazenamento em nuvem, automação e inteligência artificial, sempre sob contrato e dever de confidencialidade;",
        "plataformas de comunicação e publicidade, como WhatsApp, Meta, Google e TikTok, quando você as utiliza para falar conosco ou quando consente com cookies de marketing;",
        "autoridades públicas, quando houver obrigação legal ou ordem judicial.",
      ],
    },
    {
      heading: "8. Transferência internacional",
      paragraphs: [
        "Alguns fornecedores podem armazenar dados em servidores fora do Brasil. Nesses casos, a transferência ocorre nas hipóteses do art. 33 da LGPD, com cláusulas contratuais e medidas de segurança adequadas.",
      ],
    },
    {
      heading: "9. Por quanto tempo guardamos os dados",
      paragraphs: [
        `Mantemos os dados apenas pelo tempo necessário às finalidades informadas: registros de acesso por 6 meses, conforme o Marco Civil da Internet; os contatos feitos pelos formulários e pelo chat do site (com as conversas, as notas e o histórico do atendimento) por ${leadsMonths} meses a partir do contato, quando são apagados automaticamente; dados de atendimento comercial pelo WhatsApp por até 2 anos após o último contato; e dados de clientes pelo prazo do contrato e pelos prazos legais de guarda fiscal e contábil. Depois disso, os dados são eliminados ou anonimizados.`,
      ],
    },
    {
      heading: "10. Segurança",
      paragraphs: [
        "Adotamos medidas técnicas e administrativas para proteger os dados pessoais contra acessos não autorizados e situações acidentais ou ilícitas, como conexão criptografada (HTTPS), controle de acesso à área administrativa, limitação de tentativas e cópias de segurança. Em caso de incidente de segurança que possa gerar risco ou dano relevante, comunicaremos os titulares e a Autoridade Nacional de Proteção de Dados (ANPD).",
      ],
    },
    {
      heading: "11. Seus direitos como titular",
      paragraphs: ["Nos termos do art. 18 da LGPD, você pode solicitar a qualquer momento:"],
      items: [
        "confirmação da existência de tratamento e acesso aos seus dados;",
        "correção de dados incompletos, inexatos ou desatualizados;",
        "anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desconformidade com a LGPD;",
        "portabilidade dos dados a outro fornecedor;",
        "eliminação dos dados tratados com base no consentimento e revogação desse consentimento;",
        "informação sobre as entidades com as quais compartilhamos os seus dados;",
        "revisão de decisões tomadas unicamente com base em tratamento automatizado.",
      ],
    },
    {
      heading: "12. Encarregado de dados (DPO)",
      paragraphs: [
        `Para exercer os seus direitos ou tirar dúvidas sobre esta Política, fale com o nosso Encarregado pelo Tratamento de Dados Pessoais pelo e-mail ${s.email}, com o assunto "Privacidade". Responderemos em até 15 dias. Você também pode apresentar reclamação à ANPD.`,
      ],
    },
    {
      heading: "13. Crianças e adolescentes",
      paragraphs: [
        "O site e os nossos serviços são destinados a empresas e a maiores de 18 anos. Não coletamos intencionalmente dados de crianças e adolescentes.",
      ],
    },
    {
      heading: "14. Alterações desta Política",
      paragraphs: [
        "Esta Política pode ser atualizada para refletir mudanças no site, nos serviços ou na legislação. A versão vigente é sempre a publicada nesta página, com a data da última atualização.",
      ],
    },
  ],
});
