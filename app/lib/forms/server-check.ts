// Checks only the server can make (a slug or an e-mail already in use), written into the form's
// zod schema, so their messages reach the form as issues on their fields like any other rule.
import type { z } from "zod";

/**
 * The schema with an async check of the server's. The check runs once the form passed every
 * other rule (a database query for a form that is refused anyway would be wasted), adds its
 * issues with `ctx.addIssue({ code: "custom", path: [field], message })`, and needs
 * `parseWithZod(form, { schema, async: true })`.
 */
export function withServerCheck<S extends z.ZodType>(schema: S, check: (value: z.output<S>, ctx: z.RefinementCtx<z.output<S>>) => Promise<void>): S {
  return schema.superRefine(check, { when: (payload) => payload.issues.length === 0 });
}

/** Whether the parse refused the field with this message (a check whose answer has its own status). */
export function refusedWith(submission: { error?: Record<string, string[] | null> | null }, field: string, message: string): boolean {
  return Boolean(submission.error?.[field]?.includes(message));
}
