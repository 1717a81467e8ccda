import type { AdminNewsPost, AdminNewsPostInput } from '@alcancia/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Novedades' posts (editors and admins, permission `content`). */
export const newsPostsKey = ['admin', 'news'] as const;

export function useNewsPosts() {
  return useQuery({
    queryKey: newsPostsKey,
    queryFn: ({ signal }) => apiRequest<{ items: AdminNewsPost[] }>('/admin/news', { signal }),
    staleTime: 0,
  });
}

export const createNewsPost = (body: AdminNewsPostInput) =>
  apiRequest<AdminNewsPost>('/admin/news', { method: 'POST', body });

export const updateNewsPost = (id: string, body: AdminNewsPostInput) =>
  apiRequest<AdminNewsPost>(`/admin/news/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const publishNewsPost = (id: string, published: boolean) =>
  apiRequest<AdminNewsPost>(`/admin/news/${encodeURIComponent(id)}/publication`, {
    method: 'PUT',
    body: { published },
  });
