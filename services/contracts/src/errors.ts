import { z } from 'zod';

/**
 * Every error answer of every service. @internal The members app reads the shape by hand (it keeps zod
 * out of its first load); its test holds that reading to this schema.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  issues: z.array(z.unknown()).optional(),
});

/** Ids in paths are positive integers; anything else is a 400. */
const idParamSchema = z.coerce
  .number({ error: 'The id must be a positive whole number.' })
  .int('The id must be a positive whole number.')
  .positive('The id must be a positive whole number.')
  .max(2_147_483_647, 'The id must be a positive whole number.');

const PLAIN_ID = /^[1-9]\d{0,9}$/;

/**
 * An id from a path, as idParamSchema reads it. Plain digits, which every learner call carries, are read
 * without building a parse (a few µs of every request); anything else goes through the schema, which
 * answers its 400.
 */
export function parseIdParam(value: string | undefined): number {
  if (value !== undefined && PLAIN_ID.test(value)) {
    const id = Number(value);
    if (id <= 2_147_483_647) return id;
  }
  return idParamSchema.parse(value);
}
