import { isRouteId } from '@sleep-ritual/contracts/app-routes';

/**
 * An id from the address bar, written as the servers' routes take it (no 0, no leading zero), or null:
 * the screen then says "Not Found", as a reload of the address would.
 */
export function routeId(value: string | undefined): number | null {
  if (!value || !isRouteId(value)) return null;
  // The pattern takes no 0 and at most ten digits: only the top of those is past a record's number.
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export { classRoute, pathRoute, programRoute } from '../../../lib/learner-urls.ts';
