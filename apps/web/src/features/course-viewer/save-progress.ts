import type {
  Course,
  CourseProgress,
  SaveProgressRequest,
  saveProgressResponseSchema,
} from '@alcancia/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { accessTokenExpiresAt, readCredentials } from '../../lib/session';
import { courseViewerKeys } from '../../shared/catalogue/get-course';
import { mergeSavedProgress } from './progress-rules';

export type SavedProgress = z.infer<typeof saveProgressResponseSchema>;

/**
 * POST /academy/progress. A material counts 1 when opened: send 0 seconds. The answer is typed
 * from the contract, not parsed (see get-course.ts).
 */
export function saveProgress(request: SaveProgressRequest): Promise<SavedProgress> {
  return apiRequest<SavedProgress>('/academy/progress', {
    method: 'POST',
    body: request,
  });
}

/** An access token this close to its expiry may die on the way: the close-time save skips it. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * How a closing page sends its last save: with the access token while it is valid, else (a long
 * lesson, a laptop that slept) with the session's refresh token to the close-time route, which
 * accepts it without rotating it (decision 50). A refresh cannot run any more: nothing is awaited
 * while the page unloads. Null when logged out.
 */
export function unloadSaveRequest(
  request: SaveProgressRequest,
  credentials: { accessToken: string; refreshToken: string } | null,
  now = Date.now(),
): { url: string; headers: Record<string, string>; body: string } | null {
  if (!credentials) return null;
  const expiresAt = accessTokenExpiresAt(credentials.accessToken);
  if (expiresAt !== null && expiresAt - now > EXPIRY_MARGIN_MS) {
    return {
      url: '/api/academy/progress',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credentials.accessToken}` },
      body: JSON.stringify(request),
    };
  }
  return {
    url: '/api/academy/progress/on-close',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...request, refreshToken: credentials.refreshToken }),
  };
}

/** The same write for a page that is going away: a keepalive request outlives the document. Never throws. */
export function saveProgressOnUnload(request: SaveProgressRequest): void {
  const send = unloadSaveRequest(request, readCredentials());
  if (!send) return;
  try {
    fetch(send.url, { method: 'POST', keepalive: true, headers: send.headers, body: send.body }).catch(
      () => undefined,
    );
  } catch {
    // the page is closing: nothing else can be done
  }
}

/**
 * After a save: the viewer's own progress gets the answer written in (no refetch on the hottest
 * path), and every other cached academy query (course lists, the progress overview, previews:
 * spec §4, §9) is invalidated — only the ones on screen refetch, the rest when next used.
 */
export function applySavedProgress(
  queryClient: QueryClient,
  course: Course,
  moduleId: string,
  saved: SavedProgress,
): void {
  const module = course.modules.find((m) => m.id === moduleId);
  const required = module?.sections.filter((s) => s.type !== 'EMPTY').map((s) => s.id) ?? [];
  queryClient.setQueryData<CourseProgress>(courseViewerKeys.progress(course.id), (current) =>
    mergeSavedProgress(current, moduleId, saved, (sections) =>
      required.every((id) => (sections[id]?.complete_fraction ?? 0) >= 1),
    ),
  );
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const [root, kind] = queryKey;
      // The course's contents did not change, and its progress was just written in.
      return root === 'academy' && kind !== 'course' && kind !== 'course-progress';
    },
  });
}

export interface ProgressWrite {
  moduleId: string;
  sectionId: string;
  seconds: number;
}

/**
 * `save(write)` posts the progress of one section and updates the caches; with `unloading` it
 * sends the keepalive request instead (nothing can be awaited then). Resolves with the server's
 * answer, or null when the write failed (the caller keeps its unsaved position and tries again).
 */
export function useSaveProgress(course: Course | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    async (write: ProgressWrite, { unloading = false }: { unloading?: boolean } = {}) => {
      if (!course) return null;
      const request: SaveProgressRequest = {
        courseId: course.id,
        progress: {
          moduleId: write.moduleId,
          sectionId: write.sectionId,
          seconds: Math.floor(write.seconds),
        },
      };
      if (unloading) {
        saveProgressOnUnload(request);
        return null;
      }
      try {
        const saved = await saveProgress(request);
        applySavedProgress(queryClient, course, write.moduleId, saved);
        return saved;
      } catch (error) {
        console.warn('No se pudo guardar el progreso', error);
        return null;
      }
    },
    [course, queryClient],
  );
}
