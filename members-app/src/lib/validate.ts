import type { ZodType } from 'zod';

/** Runs a contracts schema over form values: the parsed data, or the first message per field. */
export function validate<T>(
  schema: ZodType<T>,
  values: unknown,
): { data: T; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { errors };
}
