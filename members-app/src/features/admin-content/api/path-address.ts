/** The spec's address of one path names its programme and phase; the server checks they are the real ones. */
export type PathAddress = { programId: number; phaseId: number; pathId: number };

export const pathUrl = ({ programId, phaseId, pathId }: PathAddress) =>
  `/api/admin/programs/${programId}/phases/${phaseId}/paths/${pathId}`;
