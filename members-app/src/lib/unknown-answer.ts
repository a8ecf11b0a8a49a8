import { z } from 'zod';

/** Any answer at all: the default query's, which the screen that reads it parses itself. */
export const unknownAnswerSchema = z.unknown();
