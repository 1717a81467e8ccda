import type { ClassNote, CreateClassNoteRequest } from '@alcancia/contract/aladina';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * Her notes inside the classes (issue 42): read and written by the course viewer's panel and
 * listed in Mi cuenta; the API keeps them hers (the session's user).
 */

export const notesKey = (courseId?: string, q?: string) =>
  ['aladina', 'notes', courseId ?? '', q ?? ''] as const;

export function useNotes(filter: { courseId?: string; q?: string }) {
  return useQuery({
    queryKey: notesKey(filter.courseId, filter.q),
    queryFn: ({ signal }) =>
      apiRequest<{ notes: ClassNote[] }>('/aladina/notes', {
        query: { courseId: filter.courseId, q: filter.q },
        signal,
      }).then((answer) => answer.notes),
  });
}

export function useNoteChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['aladina', 'notes'] });
  return {
    create: useMutation({
      mutationFn: (note: CreateClassNoteRequest) =>
        apiRequest<ClassNote>('/aladina/notes', { method: 'POST', body: note }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) =>
        apiRequest<ClassNote>(`/aladina/notes/${id}`, { method: 'PATCH', body: { body } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest(`/aladina/notes/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
