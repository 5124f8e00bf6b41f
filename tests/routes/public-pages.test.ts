import { beforeAll, describe, expect, it } from "vitest";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { db } from "~/lib/db.server";
import { reset } from "~/lib/rate-limit.server";
import { cookiesFrom, formRequest, getRequest, routeArgs } from "../helpers/request";
import { loader as homeLoader, action as homeAction } from "~/routes/_site._index";
import { loader as portfolioLoader } from "~/routes/_site.portfolio";
import { loader as ledLoader } from "~/routes/_site.led-panels";
import { loader as windowFilmsLoader } from "~/routes/_site.window-films";
import { loader as courseLoader } from "~/routes/_site.curso";
import { loader as blogLoader } from "~/routes/_site.blog._index";
import { loader as postLoader } from "~/routes/_site.blog.$slug";
import { action as contactAction } from "~/routes/_site.contato";
import { action as consentAction } from "~/routes/consent";
import { loader as layoutLoader } from "~/routes/_site";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

// A loader may answer plain data or `data()` (a DataWithResponseInit); this reads both.
type LoaderData<T> = T extends DataWithResponseInit<infer D> ? D : Exclude<T, Response>;
function isWrapped(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}
function unwrap<T>(result: T): { data: LoaderData<T>; status: number } {
  if (isWrapped(result)) return { data: result.data as LoaderData<T>, status: result.init?.status ?? 200 };
  return { data: result as LoaderData<T>, status: 200 };
}

beforeAll(async () => {
  await db.portfolioItem.createMany({
    data: [
      { title: "Caso IA antigo", category: "IA", description: "d", result: "r", createdAt: minutesAgo(30), images: ["/a.jpg"], videos: [] },
      { title: "Caso Sites", category: "Sites", description: "d", result: "r", createdAt: minutesAgo(20) },
      { title: "Caso IA novo", category: "IA", description: "d", result: "r", createdAt: minutesAgo(10), coverImage: "/c.mp4" },
    ],
  });
  await db.ledPanel.createMany({
    data: [
      { title: "Panel 02 – Centro", description: "d", primaryFlow: "p", reach: "r", flow: "f", createdAt: minutesAgo(50) },
      { title: "PANEL 14 – Bueno", description: "d", primaryFlow: "p", reach: "r", flow: "f", createdAt: minutesAgo(40) },
      { title: "Panel 03 – Marista", description: "d", primaryFlow: "p", reach: "r", flow: "f", createdAt: minutesAgo(30) },
      { title: "Panel 01 – T-63", description: "d", primaryFlow: "p", reach: "r", flow: "f", createdAt: minutesAgo(20) },
    ],
  });
  await db.windowFilmsProject.createMany({
    data: [
      { title: "WF ordem 2", category: "Eventos", orderIndex: 2, createdAt: minutesAgo(30) },
      { title: "WF ordem 0 antigo", category: "Corporativo", orderIndex: 0, createdAt: minutesAgo(20), coverImage: "/wf-antigo.mp4" },
      { title: "WF ordem 0 novo", category: "Comercial", orderIndex: 0, createdAt: minutesAgo(10), coverImage: "/wf-novo.webp" },
    ],
  });
  await db.courseTestimonial.createMany({
    data: [
      { studentName: "Segundo", videoUrl: "/v2.mp4", orderIndex: 2 },
      { studentName: "Primeiro", videoUrl: "/v1.mp4", orderIndex: 1 },
    ],
  });
  await db.clientLogo.createMany({
    data: [
      { clientName: "Logo B", logoUrl: "/b.png", orderIndex: 1 },
      { clientName: "Logo A", logoUrl: "/a.png", orderIndex: 0 },
    ],
  });
  await db.blogPost.createMany({
    data: [
      { title: "Antigo", slug: "antigo", coverImage: "/x.jpg", excerpt: "e", content: "<p>ok</p>", publishedAt: new Date("2026-01-10T12:00:00Z") },
      {
        title: "Novo",
        slug: "novo",
        coverImage: "/x.jpg",
        excerpt: "e",
        content: '<p>Olá</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
        publishedAt: new Date("2026-03-15T12:00:00Z"),
      },
      {
        title: "Rascunho",
        slug: "rascunho",
        coverImage: "/x.jpg",
        excerpt: "e",
        content: "<p>draft</p>",
        isPublished: false,
        publishedAt: new Date("2026-04-01T12:00:00Z"),
      },
    ],
  });
});

describe("public reads", () => {
  it("lists portfolio cases newest first and filters by ?categoria=", async () => {
    const all = unwrap(await portfolioLoader(routeArgs(getRequest("/portfolio")))).data;
    expect(all.items.map((i) => i.title)).toEqual(["Caso IA novo", "Caso Sites", "Caso IA antigo"]);
    expect(all.category).toBeNull();
    const ia = unwrap(await portfolioLoader(routeArgs(getRequest("/portfolio?categoria=IA")))).data;
    expect(ia.items.map((i) => i.title)).toEqual(["Caso IA novo", "Caso IA antigo"]);
    const videos = unwrap(await portfolioLoader(routeArgs(getRequest("/portfolio?categoria=V%C3%ADdeos")))).data;
    expect(videos.items).toEqual([]);
    const unknown = unwrap(await portfolioLoader(routeArgs(getRequest("/portfolio?categoria=xyz")))).data;
    expect(unknown.items).toHaveLength(3);
    expect(all.items.find((i) => i.title === "Caso IA antigo")?.images).toEqual(["/a.jpg"]);
  });

  it("puts panels 01, 08 and 14 under Destaque, newest first within each group", async () => {
    const { data } = unwrap(await ledLoader(routeArgs(getRequest("/led-panels"))));
    expect(data.featured.map((p) => p.title)).toEqual(["Panel 01 – T-63", "PANEL 14 – Bueno"]);
    expect(data.others.map((p) => p.title)).toEqual(["Panel 03 – Marista", "Panel 02 – Centro"]);
  });

  it("orders window-films projects by order_index then newest, and filters", async () => {
    const { data } = unwrap(await windowFilmsLoader(routeArgs(getRequest("/window-films"))));
    expect(data.projects.map((p) => p.title)).toEqual(["WF ordem 0 novo", "WF ordem 0 antigo", "WF ordem 2"]);
    expect(data.testimonials).toEqual([]);
    const events = unwrap(await windowFilmsLoader(routeArgs(getRequest("/window-films?categoria=Eventos")))).data;
    expect(events.projects.map((p) => p.title)).toEqual(["WF ordem 2"]);
    // The hero's background is the first video cover in that order, whatever the filter.
    expect(data.heroVideo).toBe("/wf-antigo.mp4");
    expect(events.heroVideo).toBe("/wf-antigo.mp4");
  });

  it("orders course testimonials and logos by order_index", async () => {
    const course = unwrap(await courseLoader(routeArgs(getRequest("/curso")))).data;
    expect(course.testimonials.map((t) => t.studentName)).toEqual(["Primeiro", "Segundo"]);
    const home = unwrap(await homeLoader(routeArgs(getRequest("/_.data")))).data;
    const html = home.sections.html ?? "";
    expect(html).toContain("TEMOS A CONFIANÇA DE + DE 200 MARCAS NO MERCADO");
    expect(html.indexOf('alt="Logo A"')).toBeGreaterThan(-1);
    expect(html.indexOf('alt="Logo A"')).toBeLessThan(html.indexOf('alt="Logo B"'));
    const structured = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { "@type": string });
    expect(structured.map((j) => j["@type"])).toEqual(["ProfessionalService", "FAQPage"]);
    expect(home.siteUrl).toBe("http://localhost:3000");
  });

  it("hides the logo strip when there are no logos", async () => {
    const logos = await db.clientLogo.findMany();
    await db.clientLogo.deleteMany();
    const home = unwrap(await homeLoader(routeArgs(getRequest("/_.data")))).data;
    expect(home.sections.html).not.toContain("TEMOS A CONFIANÇA");
    expect(home.sections.html).toContain("Dúvidas frequentes sobre Transformação Digital");
    await db.clientLogo.createMany({ data: logos });
  });

  it("sends the home sections once: rendered into a document but not in its hydration data", async () => {
    // A document request: the markup is there for the server's render, not in what is serialized.
    const document = unwrap(await homeLoader(routeArgs(getRequest("/")))).data;
    expect(document.sections.html).toContain("TEMOS A CONFIANÇA DE + DE 200 MARCAS NO MERCADO");
    expect(JSON.stringify(document.sections)).toBe("{}");
    // A client-side navigation (a .data request) has no page to take it from: it gets it as data.
    const navigation = unwrap(await homeLoader(routeArgs(getRequest("/_.data")))).data;
    expect(JSON.parse(JSON.stringify(navigation.sections)).html).toBe(document.sections.html);
  });

  it("sends the footer once too, its cookie reset coming back to the page it is on", async () => {
    const document = await layoutLoader(routeArgs(getRequest('/portfolio?categoria=a&b="<x>"')));
    expect(JSON.stringify(document.footer)).toBe("{}");
    expect(document.footer.html).toContain("Preferências de cookies");
    expect(document.footer.html).toContain('name="redirectTo" value="/portfolio?categoria=a&amp;b=%22%3Cx%3E%22"');
    // A client-side navigation's data request is for the page without ".data" and React Router's own parameter.
    const navigation = JSON.parse(JSON.stringify((await layoutLoader(routeArgs(getRequest("/sobre.data?_routes=routes%2F_site")))).footer)) as { html: string };
    expect(navigation.html).toContain('name="redirectTo" value="/sobre"');
    const home = JSON.parse(JSON.stringify((await layoutLoader(routeArgs(getRequest("/_root.data")))).footer)) as { html: string };
    expect(home.html).toContain('name="redirectTo" value="/"');
  });

  it("lists only published posts, newest first", async () => {
    const { data } = unwrap(await blogLoader(routeArgs(getRequest("/blog"))));
    expect(data.posts.map((p) => p.slug)).toEqual(["novo", "antigo"]);
    expect(data.posts[0]).not.toHaveProperty("content");
  });

  it("shows a published post with sanitized HTML, and 404 for drafts and unknown slugs", async () => {
    const ok = unwrap(await postLoader(routeArgs(getRequest("/blog/novo"), { slug: "novo" })));
    expect(ok.status).toBe(200);
    expect(ok.data.post?.html).toContain("<p>Olá</p>");
    expect(ok.data.post?.html).not.toContain("<script");
    expect(ok.data.post?.html).not.toContain("onerror");
    for (const slug of ["rascunho", "nao-existe"]) {
      const missing = unwrap(await postLoader(routeArgs(getRequest(`/blog/${slug}`), { slug })));
      expect(missing.status).toBe(404);
      expect(missing.data.post).toBeNull();
    }
  });
});

describe("WhatsApp forms without JavaScript", () => {
  it("answers 400 with Portuguese errors and the values when the contact form is invalid", async () => {
    await reset("form:contact:unknown");
    const result = unwrap(await contactAction(routeArgs(formRequest("/contato", { name: "Ana", email: "nao-e-email", phone: "", message: "" }))));
    expect(result.status).toBe(400);
    expect(result.data.errors.email).toEqual(["Informe um e-mail válido"]);
    expect(result.data.errors.phone?.[0]).toMatch(/^Informe/);
    expect(result.data.errors.message).toEqual(["Escreva sua mensagem"]);
    expect(result.data.errors.name).toBeUndefined();
    expect(result.data.values).toMatchObject({ name: "Ana", email: "nao-e-email" });
  });

  it("redirects a valid contact form to WhatsApp with every field, company 'Não informada'", async () => {
    const response = (await contactAction(
      routeArgs(formRequest("/contato", { name: "Ana Lima", email: "ana@example.com", phone: "(62) 98888-7777", company: "", message: "Quero um site novo" })),
    )) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location.startsWith("https://wa.me/5562991234567?text=")).toBe(true);
    const text = decodeURIComponent(location.split("?text=")[1]!);
    for (const part of ["Nome: Ana Lima", "E-mail: ana@example.com", "Telefone: (62) 98888-7777", "Empresa: Não informada", "Mensagem: Quero um site novo"]) {
      expect(text).toContain(part);
    }
  });

  it("drops a submission that fills the honeypot", async () => {
    const response = (await contactAction(
      routeArgs(formRequest("/contato", { name: "Bot", email: "b@b.com", phone: "62999990000", message: "spam spam", website_url: "http://spam" })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contato");
  });

  it("validates the diagnostic form and redirects with name, WhatsApp and revenue", async () => {
    const invalid = unwrap(await homeAction(routeArgs(formRequest("/?index", { name: "", phone: "123", revenue: "" }))));
    expect(invalid.status).toBe(400);
    expect(invalid.data.form).toBe("diagnostic");
    expect(invalid.data.errors.name).toEqual(["Informe seu nome"]);
    expect(invalid.data.errors.phone).toEqual(["Informe um WhatsApp válido com DDD"]);
    expect(invalid.data.errors.revenue).toEqual(["Selecione o faturamento mensal"]);
    const response = (await homeAction(routeArgs(formRequest("/?index", { name: "Carlos", phone: "62 97777-6666", revenue: "acima-300k" })))) as Response;
    expect(response.status).toBe(302);
    const text = decodeURIComponent(response.headers.get("Location")!.split("?text=")[1]!);
    expect(text).toContain("Nome: Carlos\nWhatsApp: 62 97777-6666\nFaturamento mensal: Acima de R$ 300 mil");
  });

  it("rate limits the forms", async () => {
    await reset("form:contact:unknown");
    const post = async () => unwrap(await contactAction(routeArgs(formRequest("/contato", { name: "" }))));
    for (let i = 0; i < 20; i++) await post();
    const last = await post();
    expect(last.status).toBe(429);
    expect(last.data.errors?.[""]).toEqual(["Muitas tentativas. Aguarde alguns minutos e tente novamente."]);
    await reset("form:contact:unknown");
  });
});

describe("cookie consent", () => {
  it("stores the choice in the cookieConsent cookie and returns to the same page", async () => {
    const response = await consentAction(routeArgs(formRequest("/consent", { consent: "accepted", redirectTo: "/portfolio?categoria=IA" })));
    expect(response).toBeInstanceOf(Response);
    const r = response as Response;
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/portfolio?categoria=IA");
    expect(r.headers.get("Set-Cookie")).toMatch(/^cookieConsent=accepted; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const layout = await layoutLoader(routeArgs(getRequest("/", { cookie: cookiesFrom(r) })));
    expect(layout.consent).toBe("accepted");
    const undecided = await layoutLoader(routeArgs(getRequest("/")));
    expect(undecided.consent).toBeNull();
  });

  it("forgets the choice on reset and never redirects off-site", async () => {
    const r = (await consentAction(routeArgs(formRequest("/consent", { consent: "reset", redirectTo: "//evil.example" })))) as Response;
    expect(r.headers.get("Location")).toBe("/");
    expect(r.headers.get("Set-Cookie")).toMatch(/^cookieConsent=; Path=\/; Max-Age=0/);
    const bad = unwrap(await consentAction(routeArgs(formRequest("/consent", { consent: "maybe" }))));
    expect(bad.status).toBe(400);
  });

  it("is rate limited", async () => {
    await reset("consent:unknown");
    let status = 0;
    for (let i = 0; i < 31; i++) {
      const r = await consentAction(routeArgs(formRequest("/consent", { consent: "rejected" })));
      status = r instanceof Response ? r.status : unwrap(r).status;
    }
    expect(status).toBe(429);
    await reset("consent:unknown");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and published posts with lastmod", async () => {
    const response = await sitemapLoader();
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of [
      "/",
      "/sobre",
      "/servicos",
      "/portfolio",
      "/led-panels",
      "/window-films",
      "/curso",
      "/blog",
      "/contato",
      "/termos-uso",
      "/politica-privacidade",
    ]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/blog\/novo<\/loc><lastmod>\d{4}-\d{2}-\d{2}T/);
    expect(xml).toContain("/blog/antigo</loc>");
    expect(xml).not.toContain("rascunho");
  });

  it("disallows /admin", async () => {
    const text = await robotsLoader().text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
