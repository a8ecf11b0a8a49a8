import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { PurchasesQueue } from '@sleep-ritual/jobs/purchases';

/** The receiver's one addition to the shared dependencies: the worker's purchases queue. */
export type WebhookDeps = ServiceDeps & { purchasesQueue: PurchasesQueue };
