import type { AcademyFilters, Course } from '@alcancia/contract';
import type {
  AdminContentKind,
  AdminCourse,
  AdminCourseSummary,
  AdminTag,
  AdminUploadResult,
  CreateAdminCourseRequest,
} from '@alcancia/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'tus-js-client';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readCredentials, refreshSession } from '../../../lib/session';

/** The editor's calls: /api/admin/courses… and the resumable uploads (/api/admin/uploads, tus). */

export const kindLabels: Record<AdminContentKind, string> = {
  COURSE: 'Curso',
  PROGRAM: 'Programa',
  PACK: 'Pack',
  EVENT: 'Evento',
};

/** An event's series, as the editor names them. */
export const eventSeriesLabels: [NonNullable<AdminCourse['eventSeries']>, string][] = [
  ['FINANCIAL_NEWS', 'Noticias financieras'],
  ['INVESTMENT_TRENDS', 'Tendencias de inversión'],
  ['MASTERCLASSES', 'Masterclasses'],
  ['INTERVIEWS_AND_CONSULTATIONS', 'Entrevistas y consultas'],
];

export function useCourses(filters: { kind?: AdminContentKind | undefined; search?: string | undefined }) {
  return useQuery({
    queryKey: ['admin', 'courses', filters],
    queryFn: ({ signal }) =>
      apiRequest<{ items: AdminCourseSummary[] }>('/admin/courses', { signal, query: filters }),
    staleTime: 0,
  });
}

const courseKey = (id: string) => ['admin', 'course', id] as const;

export function useCourse(id: string) {
  return useQuery({
    queryKey: courseKey(id),
    queryFn: ({ signal }) => apiRequest<AdminCourse>(`/admin/courses/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

export function usePreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'course-preview', id],
    queryFn: ({ signal }) =>
      apiRequest<Course>(`/admin/courses/${encodeURIComponent(id)}/preview`, { signal }),
    enabled,
    staleTime: 0,
  });
}

export interface CourseChange {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** under /admin/courses/{id} */
  path: string;
  body?: unknown;
}

/** Runs one change of the course page, with the notice shown (and `saved` called) once it is saved. */
export type CourseRun = (request: CourseChange, done?: string, saved?: () => void) => void;

/** Every change of the editor answers the whole course: the page shows it at once. */
export function useCourseChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: CourseChange) =>
      apiRequest<AdminCourse>(`/admin/courses/${encodeURIComponent(id)}${path}`, { method, body }),
    onSuccess: (course) => {
      client.setQueryData(courseKey(id), course);
      void client.invalidateQueries({ queryKey: ['admin', 'courses'] });
      void client.invalidateQueries({ queryKey: ['admin', 'course-preview', id] });
    },
  });
}

export function createCourse(body: CreateAdminCourseRequest) {
  return apiRequest<AdminCourse>('/admin/courses', { method: 'POST', body });
}

/** A field's message from a 400 answer (`path` as the server names it). */
export function fieldError(error: unknown, path: string): string | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  return error.fields.find((f) => f.path === path)?.message ?? null;
}

export interface UploadHandle {
  done: Promise<AdminUploadResult>;
  /** stops sending; `start` again resumes where the server says it stopped */
  pause(): void;
  resume(): void;
}

/** The server's Spanish message in an upload's error answer (`{ internalCode, message }`). */
export function uploadErrorMessage(body: string | undefined): string | undefined {
  try {
    const message = (JSON.parse(body ?? '') as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A resumable upload (tus): the file goes in 8 MB requests; a dropped connection is retried with
 * backoff from the server's offset, and an upload of the same file interrupted earlier (page
 * closed) is resumed from where it stopped (the browser remembers its address).
 */
export function uploadFile(file: File, onProgress: (sent: number, total: number) => void): UploadHandle {
  let upload: Upload | null = null;
  const done = new Promise<AdminUploadResult>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: '/api/admin/uploads',
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        const token = readCredentials()?.accessToken;
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error, _attempt, _options) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // the 10-minute operator token expired during a long upload: refresh, then go on
        if (status === 401) {
          void refreshSession();
          return true;
        }
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress,
      onError: (error) => {
        const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        reject(
          new Error(
            uploadErrorMessage(body) ??
              'No pudimos subir el archivo. Revisá tu conexión e intentá nuevamente.',
          ),
        );
      },
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(JSON.parse(lastResponse.getBody()) as AdminUploadResult);
        } catch {
          reject(new Error('El servidor no confirmó el archivo. Intentá nuevamente.'));
        }
      },
    });
    const current = upload;
    void current.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) current.resumeFromPreviousUpload(last);
      current.start();
    });
  });
  return {
    done,
    pause: () => void (upload as Upload | null)?.abort(),
    resume: () => (upload as Upload | null)?.start(),
  };
}

/** The catalogue's categories and levels (what the academy's filters offer): the editor's pickers. */
export function useContentVocabulary() {
  return useQuery({
    queryKey: ['admin', 'content-vocabulary'],
    queryFn: ({ signal }) => apiRequest<AcademyFilters>('/academy/filters', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The catalogue's tags (decision 0119), for the tag picker. */
export function useContentTags() {
  return useQuery({
    queryKey: ['admin', 'content-tags'],
    queryFn: ({ signal }) => apiRequest<{ items: AdminTag[] }>('/admin/tags', { signal }),
    staleTime: 60_000,
  });
}

/** A new tag named in words (the one already there when the words make the same code). */
export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => apiRequest<AdminTag>('/admin/tags', { method: 'POST', body: { label } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'content-tags'] }),
  });
}

/** A section a learner can open: a class with its video, a material with its file. */
const playable = (section: AdminCourse['modules'][number]['sections'][number]) =>
  section.type !== 'EMPTY' && Boolean(section.sectionUrl?.trim());

/**
 * What a content needs before it can be published, each with whether it is there (the API refuses
 * it the same way, publication-checklist.ts): a cover, a category, a level, and something to open —
 * a module with a class that has its video or material, or for a pack, a content.
 */
export function publicationChecklist(
  course: Pick<AdminCourse, 'kind' | 'thumbnail' | 'category' | 'level' | 'modules' | 'items'>,
): { label: string; part: string; done: boolean; where: 'Portada' | 'Datos' | 'Módulos y secciones' }[] {
  const card = [
    {
      label: 'Portada',
      part: 'la portada',
      done: Boolean(course.thumbnail?.trim()),
      where: 'Portada' as const,
    },
    { label: 'Categoría', part: 'la categoría', done: Boolean(course.category), where: 'Datos' as const },
    { label: 'Nivel', part: 'el nivel', done: Boolean(course.level), where: 'Datos' as const },
  ];
  if (course.kind === 'PACK')
    return [
      ...card,
      {
        label: 'Contenidos del pack',
        part: 'un contenido en el pack',
        done: course.items.length > 0,
        where: 'Datos' as const,
      },
    ];
  return [
    ...card,
    {
      label: 'Un módulo',
      part: 'un módulo',
      done: course.modules.length > 0,
      where: 'Módulos y secciones' as const,
    },
    {
      label: 'Una clase con su video o material',
      part: 'una clase con su video o material',
      done: course.modules.some((module) => module.sections.some(playable)),
      where: 'Módulos y secciones' as const,
    },
  ];
}

/** What a content still needs before it can be published, in words ("la portada", "un módulo"…). */
export function missingForPublication(
  course: Pick<AdminCourse, 'kind' | 'thumbnail' | 'category' | 'level' | 'modules' | 'items'>,
) {
  return publicationChecklist(course)
    .filter((item) => !item.done)
    .map((item) => item.part);
}
