import { uploadedImageSchema, type ImagePurpose } from '@sleep-ritual/contracts/media';
import { api, type UploadProgress } from '../../../lib/api-client.ts';

/** POST /api/admin/media/images: the image, resized on the server to the field's recommended size. */
export const uploadImage = (
  file: File,
  purpose: ImagePurpose,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
) => api.upload(uploadedImageSchema, `/api/admin/media/images?purpose=${purpose}`, file, options);
