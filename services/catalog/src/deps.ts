import { ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { MediaStore } from '@sleep-ritual/platform/media-store';
import type { EmailsQueue } from '@sleep-ritual/jobs/emails';
import type { PurchasesQueue } from '@sleep-ritual/jobs/purchases';
import type { ReconcileQueue } from '@sleep-ritual/jobs/reconcile';
import type { ClassFinder } from './data/learner-classes.ts';
import type { PixelBudget } from './domain/pixel-budget.ts';

/**
 * The worker's queues: the orders list reads the purchases queue; the e-mail actions add to the emails
 * queue; "Check now" adds a reconciliation run (without that queue, it answers 503).
 */
export type AdminQueues = { purchases: PurchasesQueue; emails: EmailsQueue; reconcile?: ReconcileQueue };

/**
 * What the catalog service runs on; without queues, the calls that need them answer 503. Uploads go to
 * `media`, the directory store at MEDIA_DIR unless another store is given; images are decoded within
 * `imageDecoding`, the process's pixel budget unless another is given.
 */
export type CatalogDeps = ServiceDeps & {
  queues?: AdminQueues;
  media?: MediaStore;
  imageDecoding?: PixelBudget;
};

/** The learner calls' dependencies: the service's, and the class finder createApp builds once. */
export type LearnerDeps = CatalogDeps & { findClass: ClassFinder };

export function queuesOf(deps: CatalogDeps): AdminQueues {
  if (!deps.queues) throw new ServiceUnavailableError();
  return deps.queues;
}
