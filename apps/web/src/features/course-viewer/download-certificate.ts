import { ApiError, apiRequest } from '../../lib/api-client';
import { certificateFileName } from './certificate-rules';

/** GET /academy/certificate: the PNG of a finished course (spec: standard type, no e-mail). */
export async function fetchCertificate(courseId: string): Promise<Blob> {
  const image = await apiRequest<unknown>('/academy/certificate', {
    query: { course_id: courseId, send_by_email: false, type: 'standard' },
  });
  if (!(image instanceof Blob) || !image.type.startsWith('image/png')) {
    throw new ApiError(0, 'UNEXPECTED_ERROR', 'No pudimos generar tu certificado. Intentá nuevamente.');
  }
  return image;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export async function downloadCertificate(course: { id: string; name: string }): Promise<void> {
  const image = await fetchCertificate(course.id);
  saveBlob(image, certificateFileName(course.name));
}
