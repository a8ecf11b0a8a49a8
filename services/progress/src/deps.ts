import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { ProgressWriter } from './data/progress-queries.ts';

/** What the progress service runs on: the shared service dependencies, nothing of its own. */
export type ProgressDeps = ServiceDeps;

/** What its routes run on: the service's dependencies, and the event writer createApp builds once. */
export type ProgressRouteDeps = ProgressDeps & { writeEvent: ProgressWriter };
