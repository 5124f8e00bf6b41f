// zod's fallback messages in Brazilian Portuguese on the server. Every admin field has its own
// message; this covers what no schema names (a duplicated field arriving as a list, say), so no
// refusal ever speaks English. Imported for its effect by the admin form and sign-in modules.
import { z } from "zod";
import { ptBR } from "zod/locales";

z.config(ptBR());
