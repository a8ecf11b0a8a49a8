import type { FirstCall } from '../../../lib/first-call.ts';

type CatalogContract = typeof import('@sleep-ritual/contracts/catalog');
const contract = () => import('@sleep-ritual/contracts/catalog');

/** Spec 000 §7: every programme, as cards ("Your Programs" shows them all, locked or not). */
export const programsCall: FirstCall<CatalogContract> = { url: '/api/programs', contract };

/** Spec 000 §6–§7: the programmes the learner owns; their ids decide locks and the upgrade banner. */
export const myProgramsCall: FirstCall<CatalogContract> = { url: '/api/my-programs', contract };

/** Tonight's night in each owned programme, which its card offers first. */
export const tonightCall: FirstCall<CatalogContract> = { url: '/api/my-programs/tonight', contract };

/** The night to ask "How did you sleep?" about, shown above the cards, and the nights answered. */
export const checkInsCall: FirstCall<typeof import('@sleep-ritual/contracts/sleep-check-ins')> = {
  url: '/api/progress/check-ins',
  contract: () => import('@sleep-ritual/contracts/sleep-check-ins'),
};
