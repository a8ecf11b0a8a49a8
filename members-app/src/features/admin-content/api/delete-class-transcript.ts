import { transcriptDeletedSchema } from '@sleep-ritual/contracts/webvtt';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** DELETE /api/admin/classes/{id}/transcript: answers 204. */
export const deleteClassTranscript = (classId: number) =>
  api.delete(transcriptDeletedSchema, `/api/admin/classes/${classId}/transcript`);

export const useDeleteClassTranscript = () => useAdminMutation(deleteClassTranscript);
