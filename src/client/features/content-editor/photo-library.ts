import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '../../../shared/errors';
import type { PhotoLibrary } from '../../../shared/photo-library';
import type { UploadedPhotoSchema } from '../../../shared/photos';
import type { z } from '../../../shared/zod';
import { ApiError } from '../../lib/api';
import { useAdminApi } from '../../lib/use-admin-api';

// The photos the content may name (the build's and the uploaded ones) and the photo store's
// upload and delete, for the Photos section (docs/decisions/0026-photos-by-id.md).

export const LIBRARY_KEY = ['admin', 'content', 'photos'] as const;

export function usePhotoLibrary() {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: LIBRARY_KEY,
    queryFn: () => adminApi<PhotoLibrary>('/api/admin/content/photos'),
    select: (library) => library.items,
  });
  return {
    items: query.data ?? [],
    refresh: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEY }),
    remove: (id: string) => adminApi(`/api/admin/photos/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}

export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;

/** The code of an answer without the API's body (a proxy's page), from its status. */
const codeOf = (status: number): ErrorCode =>
  status === 413
    ? 'payload_too_large'
    : status === 415
      ? 'unsupported_media_type'
      : status === 401
        ? 'unauthorized'
        : 'internal';

/**
 * Uploads one file, telling `onProgress` the share sent so far (0 to 1). XMLHttpRequest, since
 * fetch reports no upload progress. One request per file, so one refused file leaves the others.
 */
export function uploadPhoto(file: File, onProgress: (sent: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/photos');
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as {
        items?: UploadedPhoto[];
        error?: { code?: ErrorCode; message?: string; field?: string };
      } | null;
      const item = body?.items?.[0];
      if (request.status >= 200 && request.status < 300 && item) resolve(item);
      else
        reject(
          new ApiError(
            request.status,
            body?.error?.code ?? codeOf(request.status),
            body?.error?.message ?? `Upload failed (${request.status})`,
            body?.error?.field,
          ),
        );
    };
    request.onerror = () => reject(new TypeError('The upload did not reach the server'));
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
