// The HTML constraints of a form's fields (required, minLength, maxLength, min, max, pattern),
// read from its zod schema, so a rule is written once, in the schema, and the page's controls
// carry it (see app/components/ui/field-props.ts).
import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";
import "./zod-config";

/** What conform knows of one field: required, minLength, maxLength, min, max, pattern... */
export type Constraint = ReturnType<typeof getZodConstraint>[string];

/**
 * conform's `getZodConstraint`, with the lengths and bounds filled from zod's own accessors.
 * conform 1.21 reads them from a cache that zod stopped filling in 4.6 (`_zod.bag`), so without
 * this a `.max(100)` never reaches the input; zod's public `minLength`/`maxLength` and
 * `minValue`/`maxValue` still give them. A constraint conform already found is kept, so this
 * step becomes a no-op once conform reads zod 4.6 itself.
 */
export function formConstraint(schema: z.ZodType): Record<string, Constraint> {
  const constraint = getZodConstraint(schema);
  const shape = objectShape(schema);
  if (!shape) return constraint;
  const filled: Record<string, Constraint> = {};
  for (const [name, field] of Object.entries(constraint)) {
    const found = shape[name] ? bounds(shape[name]) : {};
    filled[name] = { ...found, ...field };
  }
  return filled;
}

type Shape = Record<string, z.ZodType>;

/** The object a form's schema describes (through refinements, preprocessing and pipes). */
function objectShape(schema: z.ZodType): Shape | null {
  if (schema instanceof z.ZodObject) return schema.shape as Shape;
  if (schema instanceof z.ZodPipe) return objectShape(schema.out as z.ZodType) ?? objectShape(schema.in as z.ZodType);
  return null;
}

/** A field's lengths (text) or bounds (number), looking through optional, default and pipes. */
function bounds(schema: z.ZodType): Constraint {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return bounds(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return { ...bounds(schema.in as z.ZodType), ...bounds(schema.out as z.ZodType) };
  const found: Constraint = {};
  if (schema instanceof z.ZodString) {
    if (schema.minLength !== null) found.minLength = schema.minLength;
    if (schema.maxLength !== null) found.maxLength = schema.maxLength;
  } else if (schema instanceof z.ZodNumber) {
    // An integer's implicit safe-integer range is no bound a person needs to see.
    if (isBound(schema.minValue)) found.min = schema.minValue;
    if (isBound(schema.maxValue)) found.max = schema.maxValue;
  }
  return found;
}

function isBound(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER;
}
