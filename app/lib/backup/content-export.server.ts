// "Exportar conteúdo" in Configurações: the site's content as one JSON file another system can
// read (the seven sections, blog posts with their revisions and old addresses, the contact
// settings, the media library's metadata), and its import into an empty site. Unlike a backup
// (npm run backup) it holds no accounts, sessions, logs or statistics, and no file bytes: rows keep
// the addresses of their files as stored (`/media/<bucket>/<key>` or the S3 store's URL), and
// `siteUrl` says which site relative addresses belong to. Every row is exported whole, field by
// field as Prisma names them, so a column added later is exported without changing this file.
import { db, isPostgres } from "../db.server.ts";
import { env } from "../env.server.ts";
import { productInfo } from "./config.server.ts";

const CONTENT_FORMAT = "wind-digital-content/1";

/** The tables, in the order an import writes them (a revision after its post). */
const TABLES = {
  portfolio: "portfolioItem",
  "led-panels": "ledPanel",
  "window-films-portfolio": "windowFilmsProject",
  "window-films-testimonials": "windowFilmsTestimonial",
  "client-logos": "clientLogo",
  "course-testimonials": "courseTestimonial",
  blog: "blogPost",
  "blog-revisions": "blogPostRevision",
  "blog-slug-redirects": "blogSlugRedirect",
  settings: "siteSettings",
  media: "mediaFile",
} as const;

type TableKey = keyof typeof TABLES;
type Row = Record<string, unknown>;

interface Delegate {
  findMany(args?: unknown): Promise<Row[]>;
  count(): Promise<number>;
  createMany(args: { data: Row[] }): Promise<{ count: number }>;
  deleteMany(): Promise<unknown>;
}

const delegate = (client: unknown, key: TableKey) => (client as Record<string, Delegate>)[TABLES[key]]!;

export interface ContentExport {
  format: typeof CONTENT_FORMAT;
  product: { name: string; version: string };
  exportedAt: string;
  siteUrl: string;
  content: Record<TableKey, Row[]>;
}

export async function exportContent(now = new Date()): Promise<ContentExport> {
  const content = {} as Record<TableKey, Row[]>;
  for (const key of Object.keys(TABLES) as TableKey[]) content[key] = await delegate(db, key).findMany();
  return { format: CONTENT_FORMAT, product: productInfo(), exportedAt: now.toISOString(), siteUrl: env.SITE_URL, content };
}

/** A refusal the admin reads as is (Portuguese, one sentence). */
export class ImportRefused extends Error {
  override name = "ImportRefused";
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** JSON has no dates: a field named …At holding an ISO time is a date again (createdAt, publishedAt…). */
function revive(row: Row): Row {
  const out: Row = {};
  for (const [field, value] of Object.entries(row))
    out[field] = /At$/.test(field) && typeof value === "string" && ISO_DATE.test(value) ? new Date(value) : value;
  return out;
}

/** Whether the site has no content yet (the contact settings alone do not count: the seed writes them). */
async function isContentEmpty(): Promise<boolean> {
  for (const key of Object.keys(TABLES) as TableKey[]) {
    if (key === "settings") continue;
    if ((await delegate(db, key).count()) > 0) return false;
  }
  return true;
}

/** Writes an export into this site, all or nothing; refuses a site that has content already. */
export async function importContent(data: unknown): Promise<Record<TableKey, number>> {
  const file = data as Partial<ContentExport> | null;
  if (!file || typeof file !== "object" || file.format !== CONTENT_FORMAT || !file.content || typeof file.content !== "object") {
    throw new ImportRefused("O arquivo não é uma exportação de conteúdo deste site.");
  }
  for (const key of Object.keys(file.content)) {
    if (!(key in TABLES)) throw new ImportRefused(`O arquivo traz uma parte desconhecida (“${key}”): exporte de novo de um site desta versão.`);
  }
  for (const rows of Object.values(file.content)) {
    if (!Array.isArray(rows) || rows.some((row) => !row || typeof row !== "object" || Array.isArray(row))) {
      throw new ImportRefused("O arquivo está incompleto ou foi alterado.");
    }
  }
  if (!(await isContentEmpty())) throw new ImportRefused("O site já tem conteúdo: a importação só é feita em um site vazio.");
  const counts = {} as Record<TableKey, number>;
  try {
    await db.$transaction(async (tx) => {
      for (const key of Object.keys(TABLES) as TableKey[]) {
        const rows = (file.content![key] ?? []).map(revive);
        if (key === "settings") await delegate(tx, key).deleteMany(); // the seed's row gives way to the imported one
        counts[key] = rows.length ? (await delegate(tx, key).createMany({ data: rows })).count : 0;
      }
      // Revisions keep their ids (the history's order); PostgreSQL's counter must move past them.
      if (isPostgres) {
        await tx.$executeRawUnsafe(
          `SELECT setval(pg_get_serial_sequence('blog_post_revisions', 'id'), COALESCE((SELECT MAX(id) FROM blog_post_revisions), 0) + 1, false)`,
        );
      }
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    const message = (error as Error).message;
    if (/Unknown argument|Invalid value|Argument .* is missing|invalid input/i.test(message)) {
      throw new ImportRefused("O arquivo tem campos que este site não reconhece ou valores inválidos: nada foi importado.", { cause: error });
    }
    throw error;
  }
  return counts;
}
