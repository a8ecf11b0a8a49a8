import { uploadedAudioSchema } from '@sleep-ritual/contracts/media';
import { api, type UploadProgress } from '../../../lib/api-client.ts';

/** POST /api/admin/media/audio: the track as sent, with its length read on the server. */
export const uploadAudio = (
  file: File,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
) => api.upload(uploadedAudioSchema, '/api/admin/media/audio', file, options);
