import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** GET /api/admin/classes/{id}/transcript: the stored WebVTT text, or null when the class has none. */
export async function getClassTranscript(classId: number): Promise<string | null> {
  try {
    return await api.text(`/api/admin/classes/${classId}/transcript`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useClassTranscript(classId: number) {
  return useQuery({
    queryKey: adminKeys.transcripts.detail(classId),
    queryFn: () => getClassTranscript(classId),
  });
}
