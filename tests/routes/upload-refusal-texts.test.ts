// Each section's text for a file it cannot store, as its action answers without JavaScript (the
// browser shows the same, from the same table, with JavaScript: tests/e2e/upload-refusals.spec.ts);
// a video field's refusal speaks of a video only; and the course testimonial says "Vídeo enviado
// com sucesso!" only when its save stored a video.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { UPLOAD_FAILURES } from "~/lib/media/upload-failures";
import { UPLOAD_TARGETS } from "~/lib/media/upload-targets.server";
import { action as blogAction } from "~/routes/admin.blog";
import { action as logosAction } from "~/routes/admin.client-logos";
import { action as courseAction } from "~/routes/admin.course-testimonials";
import { action as ledAction } from "~/routes/admin.led-panels";
import { action as uploadAction } from "~/routes/admin.midia.enviar";
import { action as portfolioAction } from "~/routes/admin.portfolio";
import { action as filmsAction } from "~/routes/admin.window-films-portfolio";
import { bufferedFormRequest } from "../helpers/request";
import { call, dataOf, fakePng, formRequest, mp4, responseOf, sessionCookie, toastOf } from "./admin-fixtures";

/** Bytes that are no video, sent as one (the browser's type check lets it through). */
const fakeMp4 = () => new File(["não é um vídeo, só texto"], "depoimento.mp4", { type: "video/mp4" });

describe("upload refusal texts, per section", () => {
  it("every section that takes files has its text in the table", () => {
    expect(Object.keys(UPLOAD_FAILURES).sort()).toEqual(Object.keys(UPLOAD_TARGETS).sort());
  });

  it("without JavaScript each section answers its own toast for a refused file", async () => {
    const cookie = await sessionCookie();
    const refusedSave = async (handler: Parameters<typeof dataOf>[0], path: string, fields: Record<string, string | Blob>) =>
      (await dataOf(handler, await bufferedFormRequest(path, fields, { cookie }))).body.toast;

    expect(
      await refusedSave(portfolioAction, "/admin/portfolio", { title: "T", category: "IA", description: "D", result: "R", cover_image: fakePng() }),
    ).toEqual({
      type: "error",
      title: "Arquivo inválido",
      description: "Por favor, selecione uma imagem ou vídeo.",
    });
    expect(await refusedSave(filmsAction, "/admin/window-films-portfolio", { title: "T", category: "Corporativo", cover_image: fakePng() })).toEqual({
      type: "error",
      title: "Arquivo inválido",
      description: "Por favor, selecione uma imagem ou vídeo.",
    });
    expect(await refusedSave(logosAction, "/admin/client-logos", { client_name: "Acme", logo_file: fakePng() })).toEqual({
      type: "error",
      title: "Erro no upload",
      description: "Não foi possível enviar o logo",
    });
    expect(await refusedSave(courseAction, "/admin/course-testimonials", { student_name: "Ana", video_url: fakeMp4() })).toEqual({
      type: "error",
      title: "Erro ao enviar vídeo: Por favor, selecione um vídeo.",
    });
    expect(
      await refusedSave(blogAction, "/admin/blog", {
        title: "Post",
        slug: "",
        excerpt: "R",
        content: "<p>x</p>",
        publication: "draft",
        cover_image: fakePng(),
      }),
    ).toMatchObject({ type: "error", title: "Erro ao enviar imagem", description: "Por favor, selecione uma imagem." });
    expect(await db.portfolioItem.count({ where: { title: "T" } })).toBe(0);

    // A LED panel's photo is optional: the panel is saved, and the toast says what happened to the photo.
    const saved = await responseOf(
      ledAction,
      await bufferedFormRequest(
        "/admin/led-panels",
        { title: "Painel sem foto", primary_flow: "1", reach: "2", flow: "3", description: "D", photo: fakePng() },
        { cookie },
      ),
    );
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toEqual({
      type: "error",
      title: "Erro ao fazer upload da foto",
      description: "Painel criado com sucesso! Por favor, selecione uma imagem. O painel foi salvo sem foto.",
    });
    expect(await db.ledPanel.findFirstOrThrow({ where: { title: "Painel sem foto" } })).toMatchObject({ photo: null });

    // A panel refused for its own fields says why its photo was not kept, next to the photo.
    const refused = await dataOf(
      ledAction,
      await bufferedFormRequest("/admin/led-panels", { title: "", primary_flow: "1", reach: "2", flow: "3", description: "D", photo: fakePng() }, { cookie }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.lastResult!.error!.photo).toEqual(["Por favor, selecione uma imagem."]);
  });

  it("a course video's refusal speaks of a video, with the form and through the upload route", async () => {
    const cookie = await sessionCookie();
    const refused = await dataOf(
      courseAction,
      await bufferedFormRequest("/admin/course-testimonials", { student_name: "Ana", video_url: fakeMp4() }, { cookie }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.lastResult!.error!.video_url).toEqual(["Por favor, selecione um vídeo."]);
    const answer = (await call(
      uploadAction,
      formRequest(`/admin/midia/enviar?destino=${encodeURIComponent("course-testimonials:video_url")}`, { arquivo: fakeMp4() }, { cookie }),
    )) as Response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "Por favor, selecione um vídeo." });
  });

  it("'Vídeo enviado com sucesso!' only when the save stored a video, not for a library pick", async () => {
    const cookie = await sessionCookie();
    const uploaded = await responseOf(courseAction, formRequest("/admin/course-testimonials", { student_name: "Com envio", video_url: mp4() }, { cookie }));
    expect(await toastOf(uploaded)).toEqual({ type: "success", title: "Depoimento criado com sucesso", description: "Vídeo enviado com sucesso!" });
    const row = await db.courseTestimonial.findFirstOrThrow({ where: { studentName: "Com envio" } });

    const picked = await responseOf(
      courseAction,
      formRequest("/admin/course-testimonials", { student_name: "Da biblioteca", video_url_biblioteca: row.videoUrl }, { cookie }),
    );
    expect(await toastOf(picked)).toEqual({ type: "success", title: "Depoimento criado com sucesso" });
    expect(await db.courseTestimonial.findFirstOrThrow({ where: { studentName: "Da biblioteca" } })).toMatchObject({ videoUrl: row.videoUrl });
  });
});
