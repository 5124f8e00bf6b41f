// The one field kit: a form's HTML constraints come from its zod schema (through conform's
// getZodConstraint and getInputProps), for the admin's fields and the public forms alike.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TextAreaField, TextField } from "~/components/admin/fields";
import { CharacterCount } from "~/components/admin/blog-editor-aids";
import * as site from "~/components/site/form-field";
import { formConstraint } from "~/lib/forms/constraint";
import { contactSchema } from "~/lib/forms/contact";
import { invitationSchema } from "~/lib/password-rules";
import { blogSchema } from "~/routes/admin.blog";
import { settingsSchema } from "~/routes/admin.configuracoes";
import { testimonialSchema } from "~/routes/admin.window-films-testimonials";

/** The markup of admin fields rendered from useForm with the schema's constraints, as useAdminForm does. */
function adminForm(schema: z.ZodType, render: (fields: Record<string, Parameters<typeof TextField>[0]["field"]>) => ReactNode): string {
  function Form() {
    const [, fields] = useForm({ id: "f", constraint: formConstraint(schema) });
    return createElement("form", null, render(fields as never));
  }
  return renderToStaticMarkup(createElement(Form));
}

function tag(html: string, name: string): string {
  const found = html.match(new RegExp(`<(input|textarea|select)[^>]*name="${name}"[^>]*>`));
  if (!found) throw new Error(`no control named ${name} in ${html}`);
  return found[0];
}

describe("the field kit", () => {
  it("gives a control the schema's maximum length, minimum length and required", () => {
    // A schema written here, so nothing else could have put 7 on the input.
    const html = adminForm(z.object({ apelido: z.string().trim().min(3).max(7), nota: z.string().optional() }), (fields) => [
      createElement(TextField, { key: "a", field: fields.apelido!, label: "Apelido" }),
      createElement(TextField, { key: "n", field: fields.nota!, label: "Nota" }),
    ]);
    expect(tag(html, "apelido")).toContain('maxLength="7"');
    expect(tag(html, "apelido")).toContain('minLength="3"');
    expect(tag(html, "apelido")).toContain('required=""');
    expect(html).toContain("Apelido<span"); // the required mark follows the schema
    expect(tag(html, "nota")).not.toContain("required");
    expect(tag(html, "nota")).not.toContain("maxLength");
  });

  it("reads the real forms' schemas: settings, invitation, testimonial rating", () => {
    const settings = adminForm(settingsSchema, (fields) => [
      createElement(TextField, { key: "c", field: fields.city!, label: "Cidade" }),
      createElement(TextField, { key: "s", field: fields.state!, label: "UF" }),
      createElement(TextField, { key: "f", field: fields.facebook_url!, label: "Facebook", type: "url" }),
    ]);
    expect(tag(settings, "city")).toMatch(/maxLength="80".*required=""|required="".*maxLength="80"/);
    expect(tag(settings, "state")).toContain('maxLength="2"');
    expect(tag(settings, "facebook_url")).toContain('maxLength="500"');
    expect(tag(settings, "facebook_url")).not.toContain("required");

    const invite = adminForm(invitationSchema(), (fields) => createElement(TextField, { field: fields.name!, label: "Seu nome" }));
    expect(tag(invite, "name")).toContain('maxLength="100"');

    const rating = adminForm(testimonialSchema, (fields) => createElement(TextField, { field: fields.rating!, label: "Nota", type: "number" }));
    expect(tag(rating, "rating")).toContain('min="1"');
    expect(tag(rating, "rating")).toContain('max="5"');
    expect(tag(rating, "rating")).not.toContain("required"); // left empty, five stars
  });

  it("a counted field keeps no maxlength (a pasted text is never cut) and its counter shows the schema's limit", () => {
    const html = adminForm(blogSchema, (fields) => [
      createElement(TextField, { key: "t", field: fields.seo_title!, label: "SEO", counted: true }),
      createElement(CharacterCount, { key: "c", field: fields.seo_title! }),
      createElement(TextAreaField, { key: "m", field: fields.meta_description!, label: "Meta", counted: true }),
      createElement(CharacterCount, { key: "d", field: fields.meta_description! }),
    ]);
    expect(tag(html, "seo_title")).not.toContain("maxLength");
    expect(tag(html, "meta_description")).not.toContain("maxLength");
    expect(html).toContain("0 de 60 caracteres");
    expect(html).toContain("0 de 160 caracteres");
  });

  it("links an error to its control for the admin and the public site", () => {
    const constraints = formConstraint(contactSchema);
    const html = renderToStaticMarkup(
      createElement("form", null, [
        createElement(site.TextField, {
          key: "n",
          formId: "contato",
          constraints,
          name: "name",
          label: "Nome",
          errors: ["Informe seu nome"],
          defaultValue: "A",
        }),
        createElement(site.TextField, { key: "c", formId: "contato", constraints, name: "company", label: "Empresa" }),
      ]),
    );
    const name = tag(html, "name");
    expect(name).toContain('id="contato-name"');
    expect(name).toContain('aria-invalid="true"');
    expect(name).toContain('aria-describedby="contato-name-erro"');
    expect(name).toContain('minLength="2"');
    expect(name).toContain('required=""');
    expect(name).toContain('value="A"');
    expect(html).toContain('<p id="contato-name-erro"');
    expect(tag(html, "company")).not.toContain("aria-invalid");
    expect(tag(html, "company")).not.toContain("required");
    expect(html).toContain("(opcional)");
    expect(html).not.toContain(' form="'); // every control sits inside its form
  });
});
