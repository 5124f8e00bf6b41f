// zod compiles a fast parser for object schemas with `new Function` when it may. In the browser the
// page's Content-Security-Policy forbids evaluating strings: zod's first probe of that raised a
// policy violation on every page that validates a form, then fell back to its plain parser.
// Our forms are small, so the plain parser is used everywhere (server too: one behaviour).
import { z } from "zod";

z.config({ jitless: true });
