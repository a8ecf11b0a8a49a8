import { useRef, type FormEvent } from 'react';
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

/** A contract schema, or a function that imports it when needed (keeps zod out of the first load). */
export type SchemaSource<S extends ZodType> = S | (() => Promise<S>);

export function loadSchema<S extends ZodType>(source: SchemaSource<S>): Promise<S> {
  return typeof source === 'function' ? source() : Promise.resolve(source);
}

/**
 * A form's submit, checked with its contract schema: `onInvalid` gets the first message per field,
 * `onValid` the parsed body. While the schema loads, another submit is ignored (one press, one request).
 * If the schema cannot load (offline, or a newer deploy replaced the file), the values go on as they are:
 * the server checks them with the same schema and answers in the same words.
 */
export function useSchemaSubmit<T>(
  source: SchemaSource<ZodType<T>>,
  handlers: { onInvalid: (errors: Record<string, string>) => void; onValid: (body: T) => void },
): (event: FormEvent, values: unknown) => void {
  const checking = useRef(false);
  return (event, values) => {
    event.preventDefault();
    if (checking.current) return;
    checking.current = true;
    void loadSchema(source)
      .then(
        (schema) => validate(schema, values),
        () => ({ data: values as T, errors: undefined }),
      )
      .then((result) => (result.errors ? handlers.onInvalid(result.errors) : handlers.onValid(result.data)))
      .finally(() => {
        checking.current = false;
      });
  };
}
