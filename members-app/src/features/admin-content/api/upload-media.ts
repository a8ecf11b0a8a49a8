import { uploadedAudioSchema, uploadedImageSchema, type ImagePurpose } from '@sleep-ritual/contracts/media';
import { api, type UploadProgress } from '../../../lib/api-client.ts';

/**
 * The two media uploads are one call of `api.upload` (a multipart POST with its progress and cancel) to
 * the catalog's media router, differing in the kind of file and the answer it gives.
 */
type UploadOptions = { onProgress?: UploadProgress; signal?: AbortSignal };

/** POST /api/admin/media/audio: the track as sent, with its length read on the server. */
export const uploadAudio = (file: File, options: UploadOptions = {}) =>
  api.upload(uploadedAudioSchema, '/api/admin/media/audio', file, options);

/** POST /api/admin/media/images: the image, resized on the server to the field's recommended size. */
export const uploadImage = (file: File, purpose: ImagePurpose, options: UploadOptions = {}) =>
  api.upload(uploadedImageSchema, `/api/admin/media/images?purpose=${purpose}`, file, options);
