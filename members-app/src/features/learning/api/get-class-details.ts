import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { classDetailsSchema, type ClassDetails, type ClassProgress } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { learningKeys } from './keys.ts';

/** Spec 000 §7 and §9: class details stay fresh 10 minutes and are kept 30 minutes. */
export const CLASS_DETAILS_STALE_MS = 10 * 60_000;
export const CLASS_DETAILS_GC_MS = 30 * 60_000;

export async function getClassDetails(classId: number): Promise<ClassDetails> {
  return api.get(classDetailsSchema, `/api/classes/${classId}/details`);
}

export const classDetailsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: learningKeys.classDetails(classId),
    queryFn: () => getClassDetails(classId),
    staleTime: CLASS_DETAILS_STALE_MS,
    gcTime: CLASS_DETAILS_GC_MS,
  });

export function useClassDetails(classId: number | null) {
  return useQuery({ ...classDetailsQueryOptions(classId ?? 0), enabled: classId !== null });
}

/** The path page warms the class pages the learner may open, with the same freshness (spec 000 §7). */
export function prefetchClassDetails(queryClient: QueryClient, classIds: readonly number[]): void {
  for (const classId of classIds) void queryClient.prefetchQuery(classDetailsQueryOptions(classId));
}

/**
 * What a watch event's answer tells the cached class: the server's record, except that a completion
 * already cached stays (the sleep timer's completion may be answered before the pause it caused, whose
 * answer would otherwise undo it here; only "Mark as not complete" undoes one, through the cache itself).
 */
export function setCachedWatchProgress(
  queryClient: QueryClient,
  classId: number,
  progress: NonNullable<ClassProgress>,
): void {
  const cached = queryClient.getQueryData<ClassDetails>(learningKeys.classDetails(classId));
  const completed = progress.completed || (cached?.progress?.completed ?? false);
  setCachedClassProgress(queryClient, classId, { ...progress, completed });
}

/** Keeps a cached class's progress in step with what the server recorded, so resume stays right. */
export function setCachedClassProgress(
  queryClient: QueryClient,
  classId: number,
  progress: ClassProgress,
): void {
  queryClient.setQueryData<ClassDetails>(learningKeys.classDetails(classId), (details) =>
    details ? { ...details, progress } : details,
  );
}
