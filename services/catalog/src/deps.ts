import { ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { MediaStore } from '@sleep-ritual/platform/media-store';
import type { EmailsQueue, PurchasesQueue, ReconcileQueue } from '@sleep-ritual/worker/queues';

/**
 * The worker's queues: the orders list reads the purchases queue; the e-mail actions add to the emails
 * queue; "Check now" adds a reconciliation run (without that queue, it answers 503).
 */
export type AdminQueues = { purchases: PurchasesQueue; emails: EmailsQueue; reconcile?: ReconcileQueue };

/**
 * What the catalog service runs on; without queues, the calls that need them answer 503. Uploads go to
 * `media`, the directory store at MEDIA_DIR unless another store is given.
 */
export type CatalogDeps = ServiceDeps & { queues?: AdminQueues; media?: MediaStore };

export function queuesOf(deps: CatalogDeps): AdminQueues {
  if (!deps.queues) throw new ServiceUnavailableError();
  return deps.queues;
}
