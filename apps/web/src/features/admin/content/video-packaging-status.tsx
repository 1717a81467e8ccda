import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import {
  packagingInProgress,
  packagingLabels,
  packagingMayBeRequested,
  type VideoPackaging,
} from './video-packaging';

const packagingKey = (videoName: string) => ['admin', 'video-packaging', videoName] as const;
const packagingPath = (videoName: string) => `/admin/videos/${encodeURIComponent(videoName)}/hls`;

/**
 * Beside an uploaded video: whether it is served as HLS yet (asked every 2 s while it is being
 * packaged), and a button to package it (again) when it was not or failed.
 */
export function VideoPackagingStatus({ videoName, label }: { videoName: string; label: string }) {
  const client = useQueryClient();
  const packaging = useQuery({
    queryKey: packagingKey(videoName),
    queryFn: ({ signal }) => apiRequest<VideoPackaging>(packagingPath(videoName), { signal }),
    refetchInterval: (query) => (packagingInProgress(query.state.data?.state) ? 2000 : false),
    staleTime: 0,
  });
  const request = useMutation({
    mutationFn: () => apiRequest<VideoPackaging>(packagingPath(videoName), { method: 'POST' }),
    onSuccess: (state) => client.setQueryData(packagingKey(videoName), state),
  });
  const state = packaging.data?.state;
  if (!state) return null;
  return (
    <span className="content-packaging" data-state={state}>
      <span role="status">{packagingLabels[state]}</span>
      {state === 'failed' && packaging.data?.error && (
        <details>
          <summary>Ver el error</summary>
          <pre className="content-packaging-error">{packaging.data.error}</pre>
        </details>
      )}
      {packagingMayBeRequested(state) && (
        <Button
          variant="secondary"
          size="compact"
          disabled={request.isPending}
          aria-label={`${state === 'failed' ? 'Reintentar' : 'Empaquetar'} en HLS el video de ${label}`}
          onClick={() => request.mutate()}
        >
          {state === 'failed' ? 'Reintentar HLS' : 'Empaquetar en HLS'}
        </Button>
      )}
    </span>
  );
}
