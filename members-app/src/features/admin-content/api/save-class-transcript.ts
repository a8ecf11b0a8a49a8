import { transcriptSavedSchema } from '@sleep-ritual/contracts/webvtt';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** PUT /api/admin/classes/{id}/transcript with the WebVTT text as it is (text/vtt, at most 1 MB). */
export const saveClassTranscript = ({ classId, vtt }: { classId: number; vtt: string }) =>
  api.putText(transcriptSavedSchema, `/api/admin/classes/${classId}/transcript`, vtt, 'text/vtt');

export const useSaveClassTranscript = () => useAdminMutation(saveClassTranscript);
