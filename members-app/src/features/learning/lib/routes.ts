/** An id from the address bar: a positive whole number, or null (the screen then says "Not Found"). */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export { classRoute, pathRoute, programRoute } from '../../../lib/learner-urls.ts';
