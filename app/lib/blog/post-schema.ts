// The blog post form's rules, one zod schema for the form in the browser, the save's action and a
// restore from the history (app/lib/blog/revisions.server.ts): a field an old or altered version
// brings back passes the same rules as one typed into the form.
import { z } from "zod";
import { requiredText } from "~/lib/forms/admin-schema";
import { parseScheduleInput, postedChoice, publicationError, PUBLICATION_CHOICES } from "~/lib/blog/schedule";

export const META_DESCRIPTION_MAX = 160;
export const META_DESCRIPTION_TOO_LONG = `A meta descrição deve ter no máximo ${META_DESCRIPTION_MAX} caracteres.`;
export const PUBLISHED_AT_INVALID = "Informe uma data e hora válidas (dd/mm/aaaa hh:mm).";
/** Search engines show about this much of a page's title. */
export const SEO_TITLE_MAX = 60;
export const SEO_TITLE_TOO_LONG = `O título para buscadores deve ter no máximo ${SEO_TITLE_MAX} caracteres.`;

/** Each field's own rule (the restore checks them one by one). */
export const blogFields = z.object({
  id: z.string().optional(),
  title: requiredText("Título é obrigatório"),
  slug: z.string().trim().optional(),
  excerpt: requiredText("Resumo é obrigatório"),
  content: requiredText("Conteúdo é obrigatório"),
  author: z.string().trim().optional(),
  // Publish now, schedule or draft (see publicationFields for how each is stored).
  publication: z.enum(PUBLICATION_CHOICES, "Escolha como publicar o post.").optional(),
  // The "Publicado" checkbox of the form before the publishing control, read when a page loaded
  // before it posts (see postedChoice).
  is_published: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  published_at: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || parseScheduleInput(v) !== null, PUBLISHED_AT_INVALID),
  seo_title: z.string().trim().max(SEO_TITLE_MAX, SEO_TITLE_TOO_LONG).optional(),
  meta_description: z.string().trim().max(META_DESCRIPTION_MAX, META_DESCRIPTION_TOO_LONG).optional(),
  social_image_url: z.string().trim().optional(),
});

export const blogSchema = blogFields.superRefine((value, ctx) => {
  // A schedule needs a time still ahead (checked again by the server when it saves).
  const error = publicationError(postedChoice(value), value.published_at);
  if (error) ctx.addIssue({ code: "custom", path: ["published_at"], message: error });
});
