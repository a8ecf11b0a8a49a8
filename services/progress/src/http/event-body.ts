import { progressEventSchema, type ProgressEvent } from '@sleep-ritual/contracts/progress';
import { BadRequestError } from '@sleep-ritual/platform/errors';

/**
 * navigator.sendBeacon posts its JSON as text/plain, which the shared body parser leaves a string, so
 * a string body is parsed here; a JSON body arrives already parsed.
 */
export function parseEventBody(body: unknown): ProgressEvent {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new BadRequestError('The request body is not valid JSON.');
    }
  }
  return progressEventSchema.parse(value ?? {});
}
