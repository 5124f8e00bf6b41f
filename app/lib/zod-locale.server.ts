// zod's fallback messages in Brazilian Portuguese on the server. Every admin field has its own
// message; this covers what no schema names (a duplicated field arriving as a list, say), so no
// refusal ever speaks English. Imported for its effect by the admin form and sign-in modules.
import { z } from "zod";
import { ptBR } from "zod/locales";

z.config(ptBR());
// The locale names what it received, which for a missing field is the word "undefined": say
// plainly that the field is required instead.
z.config({
  customError: (issue) => (issue.code === "invalid_type" && issue.input === undefined ? "Campo obrigatório." : undefined),
});
