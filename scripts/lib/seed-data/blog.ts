// Blog posts (blog_posts): five published articles and one draft, in Portuguese HTML.
import { site } from "../../../app/content/site.ts";
import { demoDate, demoId } from "./ids.ts";
import type { Prisma } from "../../../app/generated/prisma-sqlite/client.ts";

export const blogPosts: Prisma.BlogPostCreateInput[] = [
  {
    id: demoId("blog-01"),
    title: "Agente de IA no WhatsApp: como atender 24 horas sem perder o toque humano",
    slug: "agente-de-ia-no-whatsapp-atendimento-24-horas",
    coverImage: "/demo/blog/agente-ia-whatsapp.webp",
    excerpt:
      "Um agente de inteligência artificial bem treinado responde em segundos, qualifica o cliente e agenda o próximo passo. Veja como implantar sem soar robótico.",
    author: site.brandName,
    isPublished: true,
    publishedAt: demoDate(4, 9),
    createdAt: demoDate(6),
    content: `<p>Quem chama uma empresa no WhatsApp espera resposta rápida. Pesquisas de mercado mostram que a maioria dos clientes desiste da compra quando espera mais de dez minutos. Para pequenas e médias empresas, manter alguém disponível o dia inteiro custa caro, e é aí que um <strong>agente de inteligência artificial</strong> faz diferença.</p>
<h2>O que um agente de IA faz (e o que ele não deve fazer)</h2>
<p>Um bom agente não é um menu de opções numeradas. Ele entende a pergunta escrita do jeito que o cliente escreve, consulta as informações da sua empresa e responde em linguagem natural. No dia a dia, ele:</p>
<ul>
<li>responde dúvidas frequentes sobre preços, horários, formas de pagamento e prazos;</li>
<li>qualifica o contato com poucas perguntas antes de passar para o vendedor;</li>
<li>agenda visitas, consultas e reuniões direto na sua agenda;</li>
<li>registra cada conversa no CRM, sem digitação manual.</li>
</ul>
<p>O que ele <em>não</em> deve fazer é fingir ser uma pessoa ou insistir quando o cliente pede atendimento humano. A passagem para a equipe precisa ser simples e imediata.</p>
<h2>Como implantar em quatro etapas</h2>
<ol>
<li><strong>Mapeie as perguntas reais.</strong> Exporte as últimas conversas e liste as 30 dúvidas mais comuns.</li>
<li><strong>Escreva a base de conhecimento.</strong> Respostas curtas, atualizadas e com o tom de voz da marca.</li>
<li><strong>Defina as regras de transferência.</strong> Reclamações, negociações e casos sensíveis vão para uma pessoa.</li>
<li><strong>Acompanhe e ajuste toda semana.</strong> Leia as conversas em que o agente errou e melhore a base.</li>
</ol>
<blockquote>Na Clínica Vitallis, 72% dos agendamentos passaram a ser feitos pelo agente, e a recepção ganhou tempo para cuidar de quem está na clínica.</blockquote>
<h2>Por onde começar</h2>
<p>Comece por um único objetivo, como agendar avaliações ou responder orçamentos, e amplie depois. Veja outros resultados no nosso <a href="/portfolio?categoria=IA">portfólio de projetos com IA</a> ou <a href="/contato">fale com um especialista</a> para um diagnóstico gratuito.</p>`,
  },
  {
    id: demoId("blog-02"),
    title: "7 erros no tráfego pago que queimam o seu orçamento",
    slug: "7-erros-no-trafego-pago-que-queimam-o-seu-orcamento",
    coverImage: "/demo/blog/erros-trafego-pago.webp",
    excerpt:
      "Anunciar no Meta Ads e no Google Ads sem método é pagar para aprender. Conheça os erros mais comuns que vemos em contas de anúncios e como corrigir cada um.",
    author: site.brandName,
    isPublished: true,
    publishedAt: demoDate(15, 9),
    createdAt: demoDate(17),
    content: `<p>Todo mês recebemos contas de anúncio de empresas que investem bem, mas vendem pouco. Na maioria das vezes o problema não é o valor investido, e sim a forma de investir. Estes são os sete erros que mais encontramos.</p>
<h2>1. Impulsionar publicação em vez de criar campanha</h2>
<p>O botão <strong>Impulsionar</strong> é prático, mas oferece poucas opções de público e de objetivo. Campanhas criadas no Gerenciador de Anúncios permitem testar criativos, controlar o orçamento e medir conversões de verdade.</p>
<h2>2. Não medir conversões</h2>
<p>Sem o pixel e a API de conversões configurados, a plataforma otimiza para cliques, não para vendas. Meça ao menos:</p>
<ul>
<li>mensagens iniciadas no WhatsApp;</li>
<li>formulários enviados;</li>
<li>compras e o valor de cada uma.</li>
</ul>
<h2>3. Público amplo demais (ou pequeno demais)</h2>
<p>Para negócios locais em Goiânia, por exemplo, um raio bem definido em torno da loja costuma render mais do que o estado inteiro. Já públicos muito pequenos encarecem o clique.</p>
<h2>4. Um único criativo rodando por meses</h2>
<p>O público se cansa. Tenha sempre de três a cinco variações de imagem e vídeo e troque as que perdem desempenho.</p>
<h2>5. Página de destino lenta</h2>
<p>Cada segundo de carregamento reduz a conversão. Uma página leve, com uma única chamada para ação, faz o mesmo orçamento render mais.</p>
<h2>6. Demorar para responder o lead</h2>
<p>Lead que espera esfria. Responda em minutos, de preferência com um <a href="/blog/agente-de-ia-no-whatsapp-atendimento-24-horas">agente de IA no WhatsApp</a> fazendo o primeiro contato.</p>
<h2>7. Desligar a campanha cedo demais</h2>
<p>Os algoritmos precisam de dados para aprender. Avalie resultados depois de pelo menos sete dias e cerca de 50 conversões.</p>
<p>Quer uma segunda opinião sobre a sua conta? Conheça nosso serviço de <a href="/servicos">gestão de tráfego pago</a>.</p>`,
  },
  {
    id: demoId("blog-03"),
    title: "Site profissional: o que não pode faltar para transformar visitas em clientes",
    slug: "site-profissional-o-que-nao-pode-faltar",
    coverImage: "/demo/blog/site-profissional.webp",
    excerpt:
      "Um site bonito não basta: ele precisa carregar rápido, ser encontrado no Google e levar o visitante a uma ação clara. Confira o checklist que usamos nos nossos projetos.",
    author: site.brandName,
    isPublished: true,
    publishedAt: demoDate(29, 9),
    createdAt: demoDate(31),
    content: `<p>O site é a sede digital da sua empresa. É para lá que vão os anúncios, as buscas no Google e quem ouviu falar de você por indicação. Se ele não convence em poucos segundos, o visitante volta para o concorrente.</p>
<h2>O checklist essencial</h2>
<ul>
<li><strong>Velocidade:</strong> páginas que abrem em menos de dois segundos no celular.</li>
<li><strong>Proposta clara:</strong> logo no topo, o que você faz, para quem e por que escolher a sua empresa.</li>
<li><strong>Chamada para ação visível:</strong> um botão de WhatsApp ou de orçamento em todas as páginas.</li>
<li><strong>Prova social:</strong> depoimentos, logotipos de clientes e números reais.</li>
<li><strong>SEO local:</strong> endereço, telefone e horário iguais em todo lugar, além do perfil no Google.</li>
<li><strong>Acessibilidade:</strong> textos legíveis, bom contraste e navegação pelo teclado.</li>
<li><strong>LGPD:</strong> política de privacidade e aviso de cookies.</li>
</ul>
<h2>Menos é mais</h2>
<p>Cada página deve ter um objetivo. Em vez de dez botões disputando atenção, escolha um caminho principal e deixe o restante como apoio.</p>
<blockquote>Na Jatobá Móveis, o novo site elevou a taxa de conversão de 0,6% para 2,3% com o mesmo volume de visitas.</blockquote>
<h2>Próximo passo</h2>
<p>Se o seu site tem mais de três anos, vale uma revisão. Veja exemplos no nosso <a href="/portfolio?categoria=Sites">portfólio de sites</a> e solicite um diagnóstico pela página de <a href="/contato">contato</a>.</p>`,
  },
  {
    id: demoId("blog-04"),
    title: "Vídeo vertical: como prender a atenção nos 3 primeiros segundos",
    slug: "video-vertical-como-prender-a-atencao",
    coverImage: "/demo/blog/video-vertical.webp",
    excerpt:
      "Reels, TikTok e Shorts decidem o destino de um vídeo logo no começo. Técnicas simples de roteiro, gravação e edição para aumentar a retenção do seu conteúdo.",
    author: site.brandName,
    isPublished: true,
    publishedAt: demoDate(43, 9),
    createdAt: demoDate(45),
    content: `<p>Nas redes sociais, o polegar decide em menos de três segundos se o seu vídeo merece atenção. A boa notícia: dá para planejar esse começo.</p>
<h2>Comece pelo fim</h2>
<p>Mostre o resultado antes do processo. Um prato pronto, o antes e depois de uma reforma ou o número de vendas do mês prendem mais do que uma apresentação.</p>
<h2>Três ganchos que funcionam</h2>
<ul>
<li><strong>Pergunta direta:</strong> “Você também perde clientes no WhatsApp?”</li>
<li><strong>Afirmação surpreendente:</strong> “Este vídeo custou menos que um almoço.”</li>
<li><strong>Movimento na tela:</strong> corte rápido, zoom ou um objeto entrando no quadro.</li>
</ul>
<h2>Gravação com o celular</h2>
<p>Luz de janela de frente para o rosto, celular na altura dos olhos e áudio próximo da boca resolvem a maior parte dos problemas. Grave sempre na vertical e deixe espaço para as legendas.</p>
<h2>Edição que mantém o ritmo</h2>
<ol>
<li>Corte pausas e respirações.</li>
<li>Use legendas grandes: boa parte do público assiste sem som.</li>
<li>Troque de plano a cada dois ou três segundos.</li>
<li>Termine com uma chamada para ação clara.</li>
</ol>
<p>Se a sua equipe grava mas não tem tempo de editar, conheça a <a href="/window-films">Window Films</a>, a nossa produtora de vídeos, e o <a href="/curso">curso de IA + Marketing + Vendas</a>.</p>`,
  },
  {
    id: demoId("blog-05"),
    title: "Redes sociais para negócios locais: um plano simples para o mês inteiro",
    slug: "redes-sociais-para-negocios-locais",
    coverImage: "/demo/blog/redes-sociais-negocios-locais.webp",
    excerpt:
      "Postar todo dia sem estratégia cansa e não vende. Um calendário simples, com temas fixos por dia da semana, mantém a marca presente e traz clientes do bairro.",
    author: "Equipe de Social Media",
    isPublished: true,
    publishedAt: demoDate(58, 9),
    createdAt: demoDate(60),
    content: `<p>Restaurantes, clínicas, lojas e prestadores de serviço vivem de clientes da região. Para eles, as redes sociais são a vitrine que funciona 24 horas. O segredo é constância com propósito.</p>
<h2>Um tema para cada dia</h2>
<table>
<thead><tr><th scope="col">Dia</th><th scope="col">Tema</th><th scope="col">Formato</th></tr></thead>
<tbody>
<tr><td>Segunda</td><td>Bastidores da semana</td><td>Stories</td></tr>
<tr><td>Terça</td><td>Dica útil para o cliente</td><td>Carrossel</td></tr>
<tr><td>Quarta</td><td>Produto ou serviço em destaque</td><td>Reels</td></tr>
<tr><td>Quinta</td><td>Depoimento de cliente</td><td>Vídeo curto</td></tr>
<tr><td>Sexta</td><td>Oferta ou novidade</td><td>Post e Stories</td></tr>
</tbody>
</table>
<h2>Responda como um vizinho</h2>
<p>Comentários e mensagens são conversas, não tarefas. Responda no mesmo dia, pelo nome, e convide para uma visita.</p>
<h2>Meça o que importa</h2>
<ul>
<li>mensagens recebidas por semana;</li>
<li>pedidos ou agendamentos vindos das redes;</li>
<li>alcance entre pessoas da sua cidade.</li>
</ul>
<p>Curtidas ajudam, mas o que paga as contas são clientes. Veja como fizemos isso pela Pequi Burger no nosso <a href="/portfolio?categoria=Social%20Media">portfólio de social media</a>.</p>`,
  },
  {
    id: demoId("blog-06"),
    title: "CRM e automação de vendas: por onde começar",
    slug: "crm-e-automacao-de-vendas-por-onde-comecar",
    coverImage: "/demo/blog/crm-automacao-vendas.webp",
    excerpt:
      "Planilhas e cadernos perdem clientes. Um CRM simples, com etapas claras e lembretes automáticos, organiza o funil e mostra onde as vendas travam.",
    author: site.brandName,
    isPublished: false,
    publishedAt: null,
    createdAt: demoDate(1),
    content: `<p><em>Rascunho em revisão pela equipe.</em></p>
<p>Se as suas vendas dependem da memória do vendedor, você perde negócios todos os dias. Um CRM registra cada contato e lembra a equipe do próximo passo.</p>
<h2>Etapas de um funil enxuto</h2>
<ol>
<li>Novo contato</li>
<li>Qualificado</li>
<li>Proposta enviada</li>
<li>Negociação</li>
<li>Fechado (ganho ou perdido)</li>
</ol>
<h2>Automações que valem a pena desde o primeiro dia</h2>
<ul>
<li>lead do site ou do anúncio criado automaticamente no CRM;</li>
<li>mensagem de boas-vindas no WhatsApp;</li>
<li>lembrete para o vendedor quando a proposta passa de três dias sem resposta.</li>
</ul>`,
  },
];

/** What the generated cover of each post shows. */
export const blogCoverLabels: Record<string, string> = {
  "agente-ia-whatsapp": "Agente de IA no WhatsApp",
  "erros-trafego-pago": "7 erros no tráfego pago",
  "site-profissional": "Site profissional",
  "video-vertical": "Vídeo vertical",
  "redes-sociais-negocios-locais": "Redes sociais locais",
  "crm-automacao-vendas": "CRM e automação",
};
