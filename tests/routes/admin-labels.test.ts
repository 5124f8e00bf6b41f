// The admin's texts for its staff, over real HTTP (the built production server on this file's
// database), on every admin page read from app/routes and every "Novo ..." form they link to, so
// a page or form added later is covered too:
// - a field whose label carries the required marker (" *") is one the server really requires:
//   the form posted with its fields left empty comes back with that field marked invalid;
// - no text has parentheses inside parentheses ("horário de Brasília (São Paulo)" inside a label's own).
// It also checks that the admin's dialogs are the native <dialog>, open in the server's HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomUtils, parseDocument } from "htmlparser2";
import { db } from "~/lib/db.server";
import { appRoutes } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { signedIn } from "./admin-fixtures";

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
  ({ cookie } = await signedIn());
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

// Pages outside the admin layout are for visitors without a session (a session would be sent on).
const outsideLayout = (path: string) => /^\/admin\/(login|esqueci-senha|verificacao)$/.test(path);
const pages = appRoutes()
  .filter((route) => route.admin && route.page && !route.path.includes("exemplo"))
  .map((route) => route.path);

async function get(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: outsideLayout(path) ? {} : { cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

const text = (node: Element) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
const byTag = (root: ReturnType<typeof parseDocument> | Element, tag: string) => DomUtils.getElementsByTagName(tag, root, true);

/** The page's visible text: the body without its scripts and styles. */
function pageText(html: string): string {
  const document = parseDocument(html);
  for (const element of [...byTag(document, "script"), ...byTag(document, "style"), ...byTag(document, "template")]) DomUtils.removeElement(element);
  const body = byTag(document, "body")[0];
  return body ? text(body) : "";
}

/** Text runs with a parenthesis opened inside another one. */
function nestedParentheses(value: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === "(") {
      if (depth === 0) start = i;
      depth++;
      if (depth === 2) found.push(value.slice(Math.max(0, start - 40), i + 40));
    } else if (value[i] === ")") depth = Math.max(0, depth - 1);
  }
  return found;
}

interface MarkedField {
  label: string;
  name: string;
}

/** Each form of the page with the fields its labels mark as required. */
function markedForms(html: string): Array<{ action: string; hidden: Array<[string, string]>; marked: MarkedField[] }> {
  const document = parseDocument(html);
  return byTag(document, "form").map((form) => {
    const controls = [...byTag(form, "input"), ...byTag(form, "textarea"), ...byTag(form, "select")];
    const marked: MarkedField[] = [];
    for (const label of byTag(form, "label")) {
      const name = text(label);
      if (!/\*$/.test(name)) continue;
      const target = label.attribs.for
        ? controls.find((control) => control.attribs.id === label.attribs.for)
        : controls.find((control) => DomUtils.existsOne((node) => node === control, [label]));
      expect(target, `the control of the label "${name}"`).toBeTruthy();
      marked.push({ label: name, name: target!.attribs.name! });
    }
    const hidden = byTag(form, "input")
      .filter((input) => input.attribs.type === "hidden" && input.attribs.name)
      .map((input) => [input.attribs.name!, input.attribs.value ?? ""] as [string, string]);
    return { action: form.attribs.action ?? "", hidden, marked };
  });
}

/** The admin's pages and the forms they open by link (?novo). */
async function screens(): Promise<Array<{ path: string; html: string }>> {
  const found: Array<{ path: string; html: string }> = [];
  for (const path of pages) {
    const { status, html } = await get(path);
    if (status !== 200) continue;
    found.push({ path, html });
    const links = byTag(parseDocument(html), "a")
      .map((a) => a.attribs.href ?? "")
      .filter((href) => /^\/admin\/[^?]*\?novo$/.test(href));
    for (const link of new Set(links)) {
      const opened = await get(link);
      expect(opened.status, link).toBe(200);
      found.push({ path: link, html: opened.html });
    }
  }
  return found;
}

describe("the admin's labels", () => {
  let all: Array<{ path: string; html: string }>;
  beforeAll(async () => {
    all = await screens();
  });

  it("covers every admin page and its new-item forms", () => {
    const paths = all.map((screen) => screen.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/admin/login", "/admin/blog", "/admin/configuracoes", "/admin/conta", "/admin/led-panels?novo", "/admin/client-logos?novo"]),
    );
    expect(all.flatMap((screen) => markedForms(screen.html).flatMap((form) => form.marked)).length).toBeGreaterThan(20);
  });

  it("mark as required (*) only fields the server requires: posted empty, each comes back invalid", async () => {
    const wrong: string[] = [];
    for (const screen of all) {
      for (const form of markedForms(screen.html)) {
        if (form.marked.length === 0) continue;
        const body = new FormData();
        for (const [name, value] of form.hidden) body.append(name, value);
        const target = form.action || screen.path;
        const response = await fetch(`${server.baseUrl}${target}`, {
          method: "POST",
          body,
          headers: outsideLayout(screen.path) ? {} : { cookie },
          redirect: "manual",
        });
        const answer = parseDocument(await response.text());
        for (const field of form.marked) {
          const control = DomUtils.findOne((node) => node.attribs.name === field.name && node.attribs["aria-invalid"] === "true", answer.children, true);
          if (!control) wrong.push(`${screen.path}: "${field.label}" (${field.name}) is marked required, but an empty one is accepted (${response.status})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("have no parentheses inside parentheses, on any admin page", () => {
    const nested = all.flatMap((screen) => nestedParentheses(pageText(screen.html)).map((run) => `${screen.path}: …${run}…`));
    expect(nested).toEqual([]);
  });
});

describe("the admin's dialogs", () => {
  it("are the native <dialog>, open in the server's HTML (so they show without JavaScript)", async () => {
    const panel = await db.ledPanel.create({ data: { title: "Painel do diálogo", description: "d", primaryFlow: "1", reach: "2", flow: "3" } });
    for (const [path, role] of [
      ["/admin/led-panels?novo", undefined],
      [`/admin/led-panels?editar=${panel.id}`, undefined],
      [`/admin/led-panels?excluir=${panel.id}`, "alertdialog"],
    ] as const) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      const dialogs = byTag(parseDocument(html), "dialog");
      expect(dialogs, path).toHaveLength(1);
      expect(dialogs[0]!.attribs).toHaveProperty("open");
      expect(dialogs[0]!.attribs.role).toBe(role);
      expect(html).not.toContain('aria-modal="true"');
    }
    await db.ledPanel.delete({ where: { id: panel.id } });
  });
});
