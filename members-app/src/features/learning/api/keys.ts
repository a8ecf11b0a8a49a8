/** The learning feature's query keys: every invalidation goes through these. */
export const learningKeys = {
  all: ['learning'] as const,
  programs: () => [...learningKeys.all, 'programs'] as const,
  programList: () => [...learningKeys.programs(), 'list'] as const,
  myPrograms: () => [...learningKeys.programs(), 'mine'] as const,
  tonight: () => [...learningKeys.programs(), 'tonight'] as const,
  hierarchies: () => [...learningKeys.programs(), 'hierarchy'] as const,
  hierarchy: (programId: number) => [...learningKeys.hierarchies(), programId] as const,
  navigationCheck: (programId: number) =>
    [...learningKeys.programs(), 'navigation-check', programId] as const,
  paths: () => [...learningKeys.all, 'paths'] as const,
  pathDetails: (pathId: number) => [...learningKeys.paths(), 'details', pathId] as const,
  pathClasses: (pathId: number) => [...learningKeys.paths(), 'classes', pathId] as const,
  classes: () => [...learningKeys.all, 'classes'] as const,
  classDetails: (classId: number) => [...learningKeys.classes(), 'details', classId] as const,
  checkIns: () => [...learningKeys.all, 'check-ins'] as const,
  transcript: (url: string) => [...learningKeys.classes(), 'transcript', url] as const,
};
