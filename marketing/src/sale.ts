import { config } from './config.ts';
import { saleIsOn } from './islands/countdown-clock.ts';

/**
 * The sale's real end from SALE_ENDS_AT (epoch ms), or undefined: the spec's looping countdown. Sellers
 * in the EU and UK should set it (docs/marketing.md).
 */
export const saleEndsAt = config.saleEndsAt;

/** A build made after the sale's end has no sale in it at all: no bar, no struck-through price. */
export const saleOnAtBuild = saleIsOn(saleEndsAt, Date.now());

/** With a real end still ahead, the page carries both prices and shows the regular one once it passes. */
export const saleCanEnd = saleOnAtBuild && saleEndsAt !== undefined;
