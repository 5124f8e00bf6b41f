// The back office's sections in one place: where each lives, what it is called, which table it
// edits, which of that table's columns hold stored files, which column names a row, and the order
// its rows are shown in. The dashboard, the activity log, the media library's "in use" check, the
// public reads and the section routes all read these entries, so a section's facts are written
// once. A file column missing here would let the media library delete a file still in use:
// tests/unit/admin-sections-registry.test.ts fails when a table has a file-like column that no
// entry lists.
//
// Isomorphic (no server imports): the dashboard and the activity log render these titles in the
// browser too. The model types are type-only imports, erased from the bundle.
import type {
  BlogPost,
  ClientLogo,
  CourseTestimonial,
  LedPanel,
  PortfolioItem,
  Prisma,
  WindowFilmsProject,
  WindowFilmsTestimonial,
} from "../../generated/prisma-sqlite/client.ts";

/** Each content section's Prisma delegate name (`db.<model>`), with its row and ordering types. */
interface Models {
  portfolioItem: { row: PortfolioItem; orderBy: Prisma.PortfolioItemOrderByWithRelationInput };
  ledPanel: { row: LedPanel; orderBy: Prisma.LedPanelOrderByWithRelationInput };
  windowFilmsProject: { row: WindowFilmsProject; orderBy: Prisma.WindowFilmsProjectOrderByWithRelationInput };
  windowFilmsTestimonial: { row: WindowFilmsTestimonial; orderBy: Prisma.WindowFilmsTestimonialOrderByWithRelationInput };
  clientLogo: { row: ClientLogo; orderBy: Prisma.ClientLogoOrderByWithRelationInput };
  courseTestimonial: { row: CourseTestimonial; orderBy: Prisma.CourseTestimonialOrderByWithRelationInput };
  blogPost: { row: BlogPost; orderBy: Prisma.BlogPostOrderByWithRelationInput };
}

export type SectionModel = keyof Models;
type Column<M extends SectionModel> = keyof Models[M]["row"] & string;

/** A section of the back office that edits the rows of one table. */
export interface ContentSection<M extends SectionModel> {
  /** Its path under /admin, also its name in the activity log ("client-logos"). */
  key: string;
  /** Its page: `/admin/<key>`. */
  path: string;
  /** Its name in the menu, the dashboard, the activity log and the media library's "in use". */
  title: string;
  /** The dashboard card's line. */
  description: string;
  model: M;
  /** Columns holding the URL of one stored file (an upload or a library pick). */
  fileColumns: readonly Column<M>[];
  /** JSON columns holding a list of media URLs (a project's images and videos). */
  urlListColumns: readonly Column<M>[];
  /** HTML columns whose attributes may name stored files (a post's content). */
  htmlColumns: readonly Column<M>[];
  /** The column that names a row (in the activity log, the "in use" list, the reorder list). */
  labelColumn: Column<M>;
  /** The column an admin's drag-and-drop reorder writes (0, 1, 2…), if the section has one. */
  orderColumn: Column<M> | null;
  /** The order the public site shows the rows in (and the admin list, where the section is reordered by hand). */
  publicOrder: Models[M]["orderBy"][];
}

function contentSection<M extends SectionModel, const K extends string>(section: Omit<ContentSection<M>, "key" | "path"> & { key: K }) {
  return { ...section, path: `/admin/${section.key}` } as ContentSection<M> & { key: K };
}

export const SECTIONS = {
  portfolio: contentSection({
    key: "portfolio",
    title: "Portfólio",
    description: "Cases de marketing digital",
    model: "portfolioItem",
    fileColumns: ["coverImage"],
    urlListColumns: ["images", "videos"],
    htmlColumns: [],
    labelColumn: "title",
    orderColumn: null,
    publicOrder: [{ createdAt: "desc" }],
  }),
  ledPanels: contentSection({
    key: "led-panels",
    title: "Painéis LED",
    description: "Painéis, fluxo e alcance",
    model: "ledPanel",
    fileColumns: ["photo"],
    urlListColumns: [],
    htmlColumns: [],
    labelColumn: "title",
    orderColumn: null,
    publicOrder: [{ createdAt: "desc" }],
  }),
  windowFilmsPortfolio: contentSection({
    key: "window-films-portfolio",
    title: "Window Films · Portfólio",
    description: "Projetos de vídeo",
    model: "windowFilmsProject",
    fileColumns: ["coverImage"],
    urlListColumns: ["images", "videos"],
    htmlColumns: [],
    labelColumn: "title",
    orderColumn: "orderIndex",
    publicOrder: [{ orderIndex: "asc" }, { createdAt: "desc" }],
  }),
  windowFilmsTestimonials: contentSection({
    key: "window-films-testimonials",
    title: "Window Films · Depoimentos",
    description: "Depoimentos de clientes",
    model: "windowFilmsTestimonial",
    fileColumns: ["clientPhoto", "videoUrl"],
    urlListColumns: [],
    htmlColumns: [],
    labelColumn: "clientName",
    orderColumn: "orderIndex",
    publicOrder: [{ orderIndex: "asc" }, { createdAt: "desc" }],
  }),
  clientLogos: contentSection({
    key: "client-logos",
    title: "Logos de clientes",
    description: "Faixa de logos da página inicial",
    model: "clientLogo",
    fileColumns: ["logoUrl"],
    urlListColumns: [],
    htmlColumns: [],
    labelColumn: "clientName",
    orderColumn: "orderIndex",
    publicOrder: [{ orderIndex: "asc" }, { createdAt: "asc" }],
  }),
  courseTestimonials: contentSection({
    key: "course-testimonials",
    title: "Depoimentos do curso",
    description: "Vídeos de alunos",
    model: "courseTestimonial",
    fileColumns: ["videoUrl"],
    urlListColumns: [],
    htmlColumns: [],
    labelColumn: "studentName",
    orderColumn: "orderIndex",
    publicOrder: [{ orderIndex: "asc" }, { createdAt: "asc" }],
  }),
  blog: contentSection({
    key: "blog",
    title: "Blog",
    description: "Posts e rascunhos",
    model: "blogPost",
    fileColumns: ["coverImage", "socialImage"],
    urlListColumns: [],
    htmlColumns: ["content"],
    labelColumn: "title",
    orderColumn: null,
    // Published posts, newest first (the admin list puts drafts and scheduled posts on top).
    publicOrder: [{ publishedAt: "desc" }, { createdAt: "desc" }],
  }),
};

/** Any one of the content sections. */
export type AnyContentSection = { [M in SectionModel]: ContentSection<M> }[SectionModel];

/** The content sections in menu order. */
export const CONTENT_SECTIONS: readonly AnyContentSection[] = Object.values(SECTIONS);

/** An admin page that is not a table's list (or the sign-in, as the activity log names it). */
interface OtherPage<K extends string = string> {
  key: K;
  path: string;
  title: string;
  description: string;
  /** A card on the dashboard. */
  onDashboard: boolean;
  /** A section the activity log files entries under. */
  inActivityLog: boolean;
}

const page = <const P extends Omit<OtherPage, "path">>(p: P): P & { path: string } => ({ ...p, path: `/admin/${p.key}` });

const STATISTICS = page({
  key: "estatisticas",
  title: "Estatísticas",
  description: "Visitas, origens e contatos pelo WhatsApp, chat e formulários",
  onDashboard: true,
  inActivityLog: false,
});
const OTHER_PAGES = [
  page({ key: "contatos", title: "Contatos", description: "Formulários, diagnósticos e conversas do chat", onDashboard: true, inActivityLog: true }),
  page({ key: "midia", title: "Biblioteca de mídia", description: "Imagens e vídeos enviados", onDashboard: true, inActivityLog: true }),
  page({ key: "configuracoes", title: "Configurações", description: "Telefones, e-mail, endereço e redes sociais", onDashboard: true, inActivityLog: true }),
  page({ key: "atividade", title: "Atividade", description: "Quem mudou o quê, e quando", onDashboard: true, inActivityLog: false }),
  page({ key: "login", title: "Acesso ao painel", description: "", onDashboard: false, inActivityLog: true }),
  page({ key: "equipe", title: "Equipe", description: "Administradores, convites e acessos", onDashboard: true, inActivityLog: true }),
  page({ key: "conta", title: "Minha conta", description: "Senha, verificação em duas etapas e sessões", onDashboard: true, inActivityLog: true }),
] as const;

/** A dashboard card: the page, and the content section whose rows it counts (if any). */
export interface DashboardCard {
  key: string;
  path: string;
  title: string;
  description: string;
  counts: SectionModel | null;
}

/** The dashboard's cards, in order: statistics, the content sections, then the other pages. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { ...STATISTICS, counts: null },
  ...CONTENT_SECTIONS.map((section) => ({ ...section, counts: section.model })),
  ...OTHER_PAGES.filter((p) => p.onDashboard).map((p) => ({ ...p, counts: null })),
];

type ActivityKey = (typeof SECTIONS)[keyof typeof SECTIONS]["key"] | Extract<(typeof OTHER_PAGES)[number], { inActivityLog: true }>["key"];

/** The sections the activity log files entries under, by key, with their names, in menu order. */
export const ACTIVITY_SECTIONS = Object.fromEntries(
  [...CONTENT_SECTIONS, ...OTHER_PAGES.filter((p) => p.inActivityLog)].map((s) => [s.key, s.title]),
) as Record<ActivityKey, string>;

export type ActivitySection = ActivityKey;
