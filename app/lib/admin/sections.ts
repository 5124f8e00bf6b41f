// The back office's sections in one place: where each lives, what it is called, which table it
// edits (and how to reach it on the database client), which of that table's columns hold stored
// files and which form fields fill them (with the bucket and the kinds of file each takes), which
// column names a row, and the order its rows are shown in. The dashboard, the activity log, the
// media library's "in use" check, the upload rules, the public reads and the section routes all
// read these entries, so a section's facts are written once. A file column missing here would let
// the media library delete a file still in use: tests/unit/admin-sections-registry.test.ts holds
// every text and JSON column of every table, by the generated client's own field types, to this
// registry.
//
// Isomorphic (no server imports): the dashboard and the activity log render these titles in the
// browser too, and the admin form reads a section's key from here. The model and client types are
// type-only imports, erased from the bundle; the accessors are plain functions of a client the
// server passes in.
import type {
  BlogPost,
  ClientLogo,
  CourseTestimonial,
  LedPanel,
  PortfolioItem,
  Prisma,
  PrismaClient,
  WindowFilmsProject,
  WindowFilmsTestimonial,
} from "../../generated/prisma-sqlite/client.ts";
import type { Bucket } from "../storage/keys.server";

/** Each content section's Prisma delegate name (`db.<model>`), with its row, ordering and write types. */
interface Models {
  portfolioItem: { row: PortfolioItem; orderBy: Prisma.PortfolioItemOrderByWithRelationInput; data: Prisma.PortfolioItemUncheckedCreateInput };
  ledPanel: { row: LedPanel; orderBy: Prisma.LedPanelOrderByWithRelationInput; data: Prisma.LedPanelUncheckedCreateInput };
  windowFilmsProject: {
    row: WindowFilmsProject;
    orderBy: Prisma.WindowFilmsProjectOrderByWithRelationInput;
    data: Prisma.WindowFilmsProjectUncheckedCreateInput;
  };
  windowFilmsTestimonial: {
    row: WindowFilmsTestimonial;
    orderBy: Prisma.WindowFilmsTestimonialOrderByWithRelationInput;
    data: Prisma.WindowFilmsTestimonialUncheckedCreateInput;
  };
  clientLogo: { row: ClientLogo; orderBy: Prisma.ClientLogoOrderByWithRelationInput; data: Prisma.ClientLogoUncheckedCreateInput };
  courseTestimonial: { row: CourseTestimonial; orderBy: Prisma.CourseTestimonialOrderByWithRelationInput; data: Prisma.CourseTestimonialUncheckedCreateInput };
  blogPost: { row: BlogPost; orderBy: Prisma.BlogPostOrderByWithRelationInput; data: Prisma.BlogPostUncheckedCreateInput };
}

export type SectionModel = keyof Models;
type Column<M extends SectionModel> = keyof Models[M]["row"] & string;
/** A row of the section's table. */
export type SectionRow<M extends SectionModel> = Models[M]["row"];
/** What a save writes to a row of the section's table. */
export type SectionData<M extends SectionModel> = Models[M]["data"];

/**
 * A section's table on the database client, as the shared steps use it (count, list, find, write,
 * delete). Each entry's accessor returns its own Prisma delegate, which fits this shape, so code
 * that works for every section (the dashboard's counts, the reorder, the save) needs no cast.
 */
interface SectionTable<M extends SectionModel> {
  count(): Promise<number>;
  findMany(args: { orderBy: Models[M]["orderBy"][] }): Promise<Array<SectionRow<M>>>;
  findUnique(args: { where: { id: string } }): Promise<SectionRow<M> | null>;
  create(args: { data: SectionData<M> }): Promise<{ id: string }>;
  update(args: { where: { id: string }; data: Partial<SectionData<M>> }): Prisma.PrismaPromise<{ id: string }>;
  delete(args: { where: { id: string } }): Promise<unknown>;
}

/** "logo": an image, or an SVG (stored as a PNG of it). */
type UploadAccept = "image" | "logo" | "media" | "video";

/** Where a form field's uploads go (bucket and folder) and which files it takes. */
export interface FileUpload {
  bucket: Bucket;
  folder?: string;
  accept: UploadAccept;
}

/** A form field whose value is one stored file's URL, and the row's column it is kept in. */
export interface FileField<C extends string = string> {
  column: C;
  /** The upload the field takes (a file posted with the form, or sent ahead); none when the field only takes a typed address. */
  upload?: FileUpload;
}

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
  /** Its table on a database client (`(db) => db.<model>`). */
  table: (db: PrismaClient) => SectionTable<M>;
  /** Its form's file fields by field name ("cover_image"), each with its column and its upload, if it takes one. */
  files: Readonly<Record<string, FileField<Column<M>>>>;
  /** Columns holding the URL of one stored file (an upload or a library pick): the file fields' columns. */
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

function contentSection<M extends SectionModel, const K extends string>(section: Omit<ContentSection<M>, "key" | "path" | "fileColumns"> & { key: K }) {
  const fileColumns = [...new Set(Object.values(section.files).map((field) => field.column))];
  return { ...section, path: `/admin/${section.key}`, fileColumns } as ContentSection<M> & { key: K };
}

export const SECTIONS = {
  portfolio: contentSection({
    key: "portfolio",
    title: "Portfólio",
    description: "Cases de marketing digital",
    model: "portfolioItem",
    table: (db) => db.portfolioItem,
    files: { cover_image: { column: "coverImage", upload: { bucket: "portfolio-media", accept: "media" } } },
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
    table: (db) => db.ledPanel,
    files: { photo: { column: "photo", upload: { bucket: "blog-media", accept: "image" } } },
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
    table: (db) => db.windowFilmsProject,
    files: { cover_image: { column: "coverImage", upload: { bucket: "portfolio-media", accept: "media" } } },
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
    table: (db) => db.windowFilmsTestimonial,
    // Typed addresses only (another site's, or one of ours): no upload, but the library's "in use" reads them.
    files: { client_photo: { column: "clientPhoto" }, video_url: { column: "videoUrl" } },
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
    table: (db) => db.clientLogo,
    // The uploaded file, else the address typed in `logo_url`, goes to the same column.
    files: { logo_file: { column: "logoUrl", upload: { bucket: "portfolio-media", accept: "logo" } } },
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
    table: (db) => db.courseTestimonial,
    files: { video_url: { column: "videoUrl", upload: { bucket: "portfolio-media", folder: "course-testimonials", accept: "video" } } },
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
    table: (db) => db.blogPost,
    files: {
      cover_image: { column: "coverImage", upload: { bucket: "blog-media", folder: "blog-covers", accept: "image" } },
      social_image: { column: "socialImage", upload: { bucket: "blog-media", folder: "blog-covers", accept: "image" } },
    },
    urlListColumns: [],
    htmlColumns: ["content"],
    labelColumn: "title",
    orderColumn: null,
    // Published posts, newest first (the admin list puts drafts and scheduled posts on top).
    publicOrder: [{ publishedAt: "desc" }, { createdAt: "desc" }],
  }),
};

/** A content section's key ("client-logos"), as the admin form names the section its files go to. */
export type ContentSectionKey = (typeof SECTIONS)[keyof typeof SECTIONS]["key"];

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

type ActivityKey = ContentSectionKey | Extract<(typeof OTHER_PAGES)[number], { inActivityLog: true }>["key"];

/** The sections the activity log files entries under, by key, with their names, in menu order. */
export const ACTIVITY_SECTIONS = Object.fromEntries(
  [...CONTENT_SECTIONS, ...OTHER_PAGES.filter((p) => p.inActivityLog)].map((s) => [s.key, s.title]),
) as Record<ActivityKey, string>;

export type ActivitySection = ActivityKey;
