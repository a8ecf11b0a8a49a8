import type { FirstCall } from '../../../lib/first-call.ts';

type CatalogContract = typeof import('@sleep-ritual/contracts/catalog');
const contract = () => import('@sleep-ritual/contracts/catalog');

/** Spec 000 §7: every programme, as cards ("Your Programs" shows them all, locked or not). */
export const programsCall: FirstCall<CatalogContract> = { url: '/api/programs', contract };

/** Spec 000 §6–§7: the programmes the learner owns; their ids decide locks and the upgrade banner. */
export const myProgramsCall: FirstCall<CatalogContract> = { url: '/api/my-programs', contract };
