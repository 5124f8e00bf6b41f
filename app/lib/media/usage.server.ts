// Which rows use a stored file. A file is used by a row when one of the row's file columns, one
// of its URL lists (portfolio images and videos) or one of its HTML columns (a post's content)
// names the file; the registry of admin sections (app/lib/admin/sections.ts) lists those columns.
// URLs are compared by the file they name (app/lib/media/identity.server.ts), so every spelling of a file counts: /media/<bucket>/<key>, the site's or the S3 store's absolute URL, the image
// route, percent-encoding, dot segments and doubled slashes.
import { CONTENT_SECTIONS } from "../admin/sections";
import { db } from "../db.server";
import { mediaRef } from "./identity.server";
import { urlList } from "../url-list";

export interface MediaUsage {
  /** The section's name as the admin shows it ("Portfólio", "Blog"...). */
  section: string;
  /** The row's name (title, client or student). */
  row: string;
  /** The admin page that edits the row. */
  editTo: string;
}

interface RowUrls {
  usage: MediaUsage;
  urls: Array<string | null | undefined>;
}

/** "bucket/key" of a URL naming one of our files in any spelling (see app/lib/media/identity.server.ts), else null. */
function mediaId(url: string | null | undefined): string | null {
  return mediaRef(url)?.id ?? null;
}

const ATTRIBUTE_URLS = /\b(?:src|href|poster|srcset|data-src)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", sol: "/", period: ".", percnt: "%", colon: ":" };

/** An attribute's value as the browser reads it (character references decoded). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Every URL in an HTML fragment's attributes (srcset lists split into their URLs). */
function htmlUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(ATTRIBUTE_URLS)) {
    const quoted = /^["']/.test(match[1]!);
    const value = decodeAttribute(quoted ? match[1]!.slice(1, -1) : match[1]!);
    for (const candidate of value.split(",")) urls.push(candidate.trim().split(/\s+/)[0]!);
  }
  return urls;
}

/** A section's table, as far as this module reads it. */
interface RowReader {
  findMany(args: { select: Record<string, true> }): Promise<Array<Record<string, unknown>>>;
}

/** Every row that may hold a file, with the URLs it holds: every file, URL-list and HTML column of every section. */
async function rowsWithUrls(): Promise<RowUrls[]> {
  const perSection = await Promise.all(
    CONTENT_SECTIONS.map(async (section) => {
      const columns: string[] = [section.labelColumn, ...section.fileColumns, ...section.urlListColumns, ...section.htmlColumns];
      const select = Object.fromEntries(["id", ...columns].map((column) => [column, true as const]));
      const rows = await (db[section.model] as unknown as RowReader).findMany({ select });
      return rows.map((row) => ({
        usage: { section: section.title, row: String(row[section.labelColumn] ?? ""), editTo: `${section.path}?editar=${String(row.id)}` },
        urls: [
          ...section.fileColumns.map((column) => row[column] as string | null | undefined),
          ...section.urlListColumns.flatMap((column) => urlList(row[column])),
          ...section.htmlColumns.flatMap((column) => htmlUrls(String(row[column] ?? ""))),
        ],
      }));
    }),
  );
  return perSection.flat();
}

/** For every stored file some row uses, keyed by "bucket/key" (see mediaId): the rows that use it. */
export async function mediaUsages(): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>();
  for (const { usage, urls } of await rowsWithUrls()) {
    const ids = new Set(urls.map(mediaId).filter((id): id is string => id !== null));
    for (const id of ids) usages.set(id, [...(usages.get(id) ?? []), usage]);
  }
  return usages;
}

/** The rows that use the file behind a URL (none for a URL we did not store). */
export async function usagesOf(url: string): Promise<MediaUsage[]> {
  const id = mediaId(url);
  return id ? ((await mediaUsages()).get(id) ?? []) : [];
}

/** Whether any row still uses the file behind a URL. */
export async function isInUse(url: string): Promise<boolean> {
  return (await usagesOf(url)).length > 0;
}

/** The refusal shown when a file in use is deleted: where it is used. */
export function inUseMessage(usages: MediaUsage[]): string {
  const places = usages.map((usage) => `${usage.section}: “${usage.row}”`).join("; ");
  return `Este arquivo não pode ser excluído porque está em uso em ${places}. Troque o arquivo nesses registros antes de excluí-lo.`;
}
