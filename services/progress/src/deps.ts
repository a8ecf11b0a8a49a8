import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';

/** What the progress service runs on: the shared service dependencies, nothing of its own. */
export type ProgressDeps = ServiceDeps;
