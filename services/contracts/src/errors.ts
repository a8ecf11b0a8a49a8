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
export const idParamSchema = z.coerce
  .number({ error: 'The id must be a positive whole number.' })
  .int('The id must be a positive whole number.')
  .positive('The id must be a positive whole number.')
  .max(2_147_483_647, 'The id must be a positive whole number.');
