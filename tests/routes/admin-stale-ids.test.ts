// A save that names a row that no longer exists (deleted in another tab, or never there), in every
// section: nothing is written, and the answer is 404 when the form is otherwise valid. With form
// errors too, the sections differ, and this test names the difference: the blog answers 404 (the
// post is gone, so fixing the form would not help), every other section answers 400 with the
// errors next to their fields.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import * as portfolio from "~/routes/admin.portfolio";
import * as led from "~/routes/admin.led-panels";
import * as films from "~/routes/admin.window-films-portfolio";
import * as filmsTestimonials from "~/routes/admin.window-films-testimonials";
import * as logos from "~/routes/admin.client-logos";
import * as course from "~/routes/admin.course-testimonials";
import * as blog from "~/routes/admin.blog";
import { dataOf, formRequest, mp4, png, sessionCookie } from "./admin-fixtures";

type Handler = Parameters<typeof dataOf>[0];

interface Case {
  path: string;
  action: Handler;
  count: () => Promise<number>;
  /** A valid form for a row. */
  fields: () => Record<string, string | Blob>;
  /** A required field, emptied to make the form invalid. */
  required: string;
  /** The status of a stale id with form errors. */
  staleWithErrors: 400 | 404;
}

const cases: Case[] = [
  {
    path: "/admin/portfolio",
    action: portfolio.action,
    count: () => db.portfolioItem.count(),
    fields: () => ({ title: "Loja Bella", category: "IA", description: "Gestão.", result: "+300%", cover_image: png() }),
    required: "title",
    staleWithErrors: 400,
  },
  {
    path: "/admin/led-panels",
    action: led.action,
    count: () => db.ledPanel.count(),
    fields: () => ({ title: "Painel 01", primary_flow: "40 mil/dia", reach: "1 mi", flow: "Alto", description: "Centro.", photo: png() }),
    required: "title",
    staleWithErrors: 400,
  },
  {
    path: "/admin/window-films-portfolio",
    action: films.action,
    count: () => db.windowFilmsProject.count(),
    fields: () => ({ title: "Institucional", category: "Corporativo", cover_image: mp4() }),
    required: "title",
    staleWithErrors: 400,
  },
  {
    path: "/admin/window-films-testimonials",
    action: filmsTestimonials.action,
    count: () => db.windowFilmsTestimonial.count(),
    fields: () => ({ client_name: "Marina", testimonial: "Excelente.", rating: "5" }),
    required: "client_name",
    staleWithErrors: 400,
  },
  {
    path: "/admin/client-logos",
    action: logos.action,
    count: () => db.clientLogo.count(),
    fields: () => ({ client_name: "Acme", logo_file: png("acme.png") }),
    required: "client_name",
    staleWithErrors: 400,
  },
  {
    path: "/admin/course-testimonials",
    action: course.action,
    count: () => db.courseTestimonial.count(),
    fields: () => ({ student_name: "João", display_order: "1", video_url: mp4() }),
    required: "student_name",
    staleWithErrors: 400,
  },
  {
    path: "/admin/blog",
    action: blog.action,
    count: () => db.blogPost.count(),
    fields: () => ({ title: "Guia de IA", slug: "", excerpt: "Resumo.", content: "<p>Oi</p>", is_published: "on", cover_image: png() }),
    required: "title",
    staleWithErrors: 404,
  },
];

describe("a save for a row that no longer exists", () => {
  it.each(cases)("$path: 404 when the form is valid, $staleWithErrors with form errors, and nothing written", async (section) => {
    const cookie = await sessionCookie();
    const valid = await dataOf(section.action, formRequest(section.path, { ...section.fields(), id: "apagado-ha-pouco" }, { cookie }));
    expect(valid.status).toBe(404);
    const invalid = await dataOf(
      section.action,
      formRequest(section.path, { ...section.fields(), [section.required]: "", id: "apagado-ha-pouco" }, { cookie }),
    );
    expect(invalid.status).toBe(section.staleWithErrors);
    expect(await section.count()).toBe(0);
  });
});
