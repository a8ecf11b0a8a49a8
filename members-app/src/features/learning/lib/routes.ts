/** An id from the address bar: a positive whole number, or null (the screen then says "Not Found"). */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const programRoute = (programId: number) => `/program/${programId}`;
export const pathRoute = (programId: number, pathId: number) => `/program/${programId}/path/${pathId}`;
export const classRoute = (programId: number, pathId: number, classId: number) =>
  `/program/${programId}/path/${pathId}/class/${classId}`;
