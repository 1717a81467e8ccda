/**
 * The HLS packaging of an uploaded video as the editor sees it (decision 78): the state the API
 * answers (GET /api/admin/videos/{videoName}/hls), its Spanish label, and whether to keep asking.
 */
export type VideoPackagingState = 'unavailable' | 'none' | 'queued' | 'packaging' | 'ready' | 'failed';

export interface VideoPackaging {
  state: VideoPackagingState;
  playlistUrl: string | null;
  method: 'copy' | 'transcode' | null;
  error: string | null;
}

/** `/media/subidas/videos/{hex}.mp4` (a section's address after an upload) → `{hex}.mp4`; else null. */
export function uploadedVideoName(sectionUrl: string | null | undefined): string | null {
  const match = /^\/media\/subidas\/videos\/([0-9a-f]{32}\.mp4)$/.exec(sectionUrl ?? '');
  return match ? (match[1] as string) : null;
}

export const packagingLabels: Record<VideoPackagingState, string> = {
  unavailable: 'Se sirve el MP4 (el servidor no tiene ffmpeg)',
  none: 'Sin HLS: se sirve el MP4',
  queued: 'HLS en cola…',
  packaging: 'Empaquetando HLS…',
  ready: 'HLS listo',
  failed: 'No se pudo empaquetar en HLS: se sirve el MP4',
};

/** The packaging is under way: the editor's page asks again. */
export const packagingInProgress = (state: VideoPackagingState | undefined) =>
  state === 'queued' || state === 'packaging';

/** The editor may ask for it (again): never done, or failed. */
export const packagingMayBeRequested = (state: VideoPackagingState | undefined) =>
  state === 'none' || state === 'failed';
