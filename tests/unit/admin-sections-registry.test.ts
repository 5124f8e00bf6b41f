// The registry of admin sections against the data model (prisma/schema.prisma). The media
// library deletes a file only when no row uses it, and it finds the rows through the registry's
// file, URL-list and HTML columns: a column that holds files but is missing from the registry
// would let a file still in use be deleted. So every column whose name says it may hold a file,
// in any table, must be listed by a section, or named below as not holding our files.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ACTIVITY_SECTIONS, CONTENT_SECTIONS, DASHBOARD_CARDS } from "~/lib/admin/sections";
import { UPLOAD_TARGETS, type UploadRule } from "~/lib/media/upload-targets.server";

interface Field {
  name: string;
  type: string;
}

/** Each model of the schema with its scalar fields (name and type, `?`/`[]` removed). */
function schemaModels(): Map<string, Field[]> {
  const schema = readFileSync(join(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
  const models = new Map<string, Field[]>();
  for (const match of schema.matchAll(/^model (\w+) \{([^}]*)\}/gm)) {
    const fields = match[2]!
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^[a-z]\w*\s/.test(line))
      .map((line) => {
        const [name, type] = line.split(/\s+/);
        return { name: name!, type: type!.replace(/[?[\]]/g, "") };
      });
    models.set(match[1]!, fields);
  }
  return models;
}

/** `db.<delegate>` is the model's name with a lower-case first letter. */
const delegateOf = (model: string) => model[0]!.toLowerCase() + model.slice(1);

/** A column whose name says it may hold a file's URL, a list of them, or HTML that names them. */
const MAY_HOLD_FILES = /image|photo|logo|video|cover|media|file|poster|thumb|avatar|icon|picture|banner|url|src|content|html|body/i;

/** Columns that match the pattern but never hold our files, and why. */
const NOT_FILES: Record<string, string> = {
  "siteSettings.videoPhone": "the video brand's WhatsApp number",
  "siteSettings.mapsUrl": "a link to the address on a map site",
  "siteSettings.facebookUrl": "a social network profile link",
  "siteSettings.instagramUrl": "a social network profile link",
  "siteSettings.instagramCeoUrl": "a social network profile link",
  "siteSettings.linkedinUrl": "a social network profile link",
  "siteSettings.tiktokUrl": "a social network profile link",
  "siteSettings.youtubeUrl": "a social network profile link",
  "formDraft.files": "the names of the files a form had chosen when its session ended (never uploaded, never stored)",
  "leadMessage.content": "a chat line's text, shown as text in the admin (never markup, never a stored file)",
};

describe("the registry of admin sections", () => {
  const models = schemaModels();
  const listed = new Set(CONTENT_SECTIONS.flatMap((s) => [...s.fileColumns, ...s.urlListColumns, ...s.htmlColumns].map((column) => `${s.model}.${column}`)));

  it("lists every column of every table that may hold a stored file", () => {
    const unlisted: string[] = [];
    for (const [model, fields] of models) {
      for (const field of fields) {
        const id = `${delegateOf(model)}.${field.name}`;
        if ((field.type === "String" || field.type === "Json") && MAY_HOLD_FILES.test(field.name) && !listed.has(id) && !NOT_FILES[id]) unlisted.push(id);
      }
    }
    expect(unlisted, "columns that may hold files: list them in app/lib/admin/sections.ts (or in NOT_FILES here, with why)").toEqual([]);
  });

  it("sends every upload field of a section to one of that section's file columns, which the save writes", () => {
    const mismatched: string[] = [];
    for (const [key, fields] of Object.entries(UPLOAD_TARGETS) as Array<[string, Record<string, UploadRule>]>) {
      if (key === "midia") {
        // The library's own form fills no row.
        for (const [field, rule] of Object.entries(fields)) if (rule.column) mismatched.push(`midia.${field} names a column`);
        continue;
      }
      const section = CONTENT_SECTIONS.find((s) => s.key === key);
      if (!section) {
        mismatched.push(`${key}: no section of that key`);
        continue;
      }
      for (const [field, rule] of Object.entries(fields)) {
        if (!rule.column || !(section.fileColumns as readonly string[]).includes(rule.column)) mismatched.push(`${key}.${field} → ${String(rule.column)}`);
      }
    }
    expect(mismatched, "each upload field's column must be one of its section's fileColumns").toEqual([]);
  });

  it("leaves no route a hand-written map of file fields: the save reads each field's column from the upload rules", () => {
    const routes = join(import.meta.dirname, "../../app/routes");
    const handWritten = readdirSync(routes).filter((name) => /startSave\([^)]*\bfiles:/s.test(readFileSync(join(routes, name), "utf8")));
    expect(handWritten).toEqual([]);
  });

  it("names only columns that exist, with the right type (text for files and HTML, JSON for URL lists)", () => {
    const fieldOf = (model: string, column: string) => [...models].find(([name]) => delegateOf(name) === model)?.[1].find((f) => f.name === column);
    for (const section of CONTENT_SECTIONS) {
      for (const column of [...section.fileColumns, ...section.htmlColumns])
        expect(fieldOf(section.model, column)?.type, `${section.model}.${column}`).toBe("String");
      for (const column of section.urlListColumns) expect(fieldOf(section.model, column)?.type, `${section.model}.${column}`).toBe("Json");
      expect(fieldOf(section.model, section.labelColumn)?.type, `${section.model}.${section.labelColumn}`).toBe("String");
      if (section.orderColumn) expect(fieldOf(section.model, section.orderColumn)?.type, `${section.model}.${section.orderColumn}`).toBe("Int");
    }
    for (const id of Object.keys(NOT_FILES)) expect(fieldOf(...(id.split(".") as [string, string])), id).toBeDefined();
  });

  it("names the order column the same in every table that has one", () => {
    const names = new Set(CONTENT_SECTIONS.flatMap((s) => (s.orderColumn ? [s.orderColumn] : [])));
    expect([...names]).toEqual(["orderIndex"]);
  });

  it("gives every section one key and one page, shown on the dashboard and in the activity log", () => {
    const keys = CONTENT_SECTIONS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const section of CONTENT_SECTIONS) {
      expect(section.path).toBe(`/admin/${section.key}`);
      expect(DASHBOARD_CARDS.find((card) => card.path === section.path)?.counts).toBe(section.model);
      expect((ACTIVITY_SECTIONS as Record<string, string>)[section.key]).toBe(section.title);
    }
  });
});
