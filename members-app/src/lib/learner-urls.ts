/** The learner pages' addresses (spec 000 §2), for the learner screens and the admin's "View as learner". */
export const programRoute = (programId: number) => `/program/${programId}`;
export const pathRoute = (programId: number, pathId: number) => `/program/${programId}/path/${pathId}`;
export const classRoute = (programId: number, pathId: number, classId: number) =>
  `/program/${programId}/path/${pathId}/class/${classId}`;
