import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { compressProfilePicture as compressImage } from '../../../lib/compress-image';

interface UploadResponse {
  imageUrl: string;
}

/**
 * Compresses a chosen picture in the browser, then POST /api/upload (multipart field `image`).
 * Answers the URL the picture is served from; it is saved by onboarding or My Account.
 */
export async function uploadProfilePicture(file: File): Promise<string> {
  const image = await compressImage(file);
  const form = new FormData();
  form.append('image', image, file.name);
  const { imageUrl } = await api.post<UploadResponse>('/api/upload', form);
  return imageUrl;
}

export function useUploadProfilePicture() {
  return useMutation({ mutationFn: uploadProfilePicture });
}
