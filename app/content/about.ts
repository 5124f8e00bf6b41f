// The About page: mission, vision, values and history.
export const about = {
  heading: "Sobre a Wind Digital",
  intro:
    "Somos uma agência de transformação digital de Goiânia que une estratégia, tecnologia e inteligência artificial para fazer pequenas e médias empresas venderem mais.",
  mission:
    "Transformar empresas brasileiras por meio do digital, com estratégia, tecnologia e processos que geram resultado mensurável e crescimento sustentável.",
  vision: "Ser a agência de referência em transformação digital para pequenas e médias empresas no Brasil, reconhecida pelos resultados dos nossos clientes.",
  values: [
    { title: "Resultado acima de tudo", description: "Cada ação tem um objetivo claro e um indicador para medir." },
    { title: "Transparência", description: "Relatórios abertos, números reais e conversas francas." },
    { title: "Inovação com propósito", description: "Usamos tecnologia e IA quando elas geram valor para o cliente." },
    { title: "Parceria de longo prazo", description: "Crescemos junto com os nossos clientes." },
    { title: "Aprendizado contínuo", description: "O digital muda todos os dias, e nós também." },
  ],
  history: [
    "A Wind Digital nasceu em Goiânia há mais de 10 anos, quando o marketing digital ainda era visto como um complemento. Desde o início, acreditamos que o digital deveria ser o motor de crescimento das empresas, e não apenas uma vitrine.",
    "Ao longo dessa trajetória, ajudamos mais de mil empresas de diversos segmentos a estruturar a sua presença digital, gerar demanda e organizar os seus processos de venda. Já são mais de R$ 20 milhões geridos em tráfego pago.",
    "Hoje, com uma equipe multidisciplinar e uma metodologia própria em 5 fases, levamos a transformação digital completa para empresas de todo o Brasil, com agentes de inteligência artificial, produção audiovisual com a Window Films e treinamento de equipes.",
  ],
};
