import type { Course, CourseModule, KeptClassesAccessResponse, Section } from '@alcancia/contract';
import { apiRequest } from '../../lib/api-client';
import { getFileUrl } from './get-file-url';
import {
  audioRenditionUri,
  isHls,
  type KeptClass,
  type KeptMaterial,
  keptCacheName,
  keptMediaPlaylist,
  keptPath,
  keptPrefix,
  mediaPlaylistFiles,
  mp4FitsBudget,
} from './offline-keeping';

/** A class that cannot be kept, with the Spanish reason shown to her. */
export class KeepError extends Error {
  override name = 'KeepError';
}

const noCacheStorage = () => typeof caches === 'undefined';

/** Whether this browser can keep classes at all (Cache Storage and a service worker). */
export function canKeepClasses(): boolean {
  return !noCacheStorage() && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new KeepError('No pudimos descargar la clase: revisá tu conexión y volvé a intentar.');
  }
  if (!response.ok) throw new KeepError('No pudimos descargar la clase. Volvé a abrirla e intentá de nuevo.');
  return response;
}

const segmentType = (file: string) =>
  /\.ts(?:[?#]|$)/i.test(file) ? 'video/mp2t' : /\.aac(?:[?#]|$)/i.test(file) ? 'audio/aac' : 'audio/mp4';

/** Everything kept of one class, as it goes into the cache. */
interface Pending {
  path: string;
  body: Blob;
  type: string;
}

/**
 * Downloads a class's audio (the audio-only rendition, or a light MP4), transcript and its
 * module's materials, then puts them in the kept cache together; nothing is kept if any part
 * fails. `onProgress` hears the share of files downloaded (0–1).
 */
export async function keepClass(
  {
    userId,
    course,
    module,
    section,
  }: { userId: string; course: Course; module: CourseModule; section: Section },
  { onProgress, signal }: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<KeptClass> {
  if (!canKeepClasses()) throw new KeepError('Este navegador no puede guardar clases sin conexión.');
  const url = section.section_url;
  if (section.type !== 'CLASS' || !url) throw new KeepError('Esta clase no está disponible para tu cuenta.');
  const at = (file: string) => keptPath(course.id, section.id, file);
  const pending: Pending[] = [];
  let audioPath: string;
  let audioKind: KeptClass['audioKind'];

  if (isHls(url)) {
    const masterUrl = new URL(url, window.location.href);
    const master = await (await fetchOk(masterUrl.href, signal)).text();
    const audioUri = audioRenditionUri(master);
    if (!audioUri)
      throw new KeepError('Esta clase todavía no tiene una versión de solo audio para guardar sin conexión.');
    const mediaUrl = new URL(audioUri, masterUrl);
    const media = await (await fetchOk(mediaUrl.href, signal)).text();
    const { init, segments } = mediaPlaylistFiles(media);
    const files = [...(init ? [{ file: init, name: 'audio-inicio' }] : [])].concat(
      segments.map((file, i) => ({ file, name: `audio-${i}` })),
    );
    for (const [i, { file, name }] of files.entries()) {
      const body = await (await fetchOk(new URL(file, mediaUrl).href, signal)).blob();
      pending.push({ path: at(name), body, type: segmentType(file) });
      onProgress?.((i + 1) / (files.length + 2));
    }
    let playlist: string;
    try {
      playlist = keptMediaPlaylist(media, (_file, i) => (i < 0 ? 'audio-inicio' : `audio-${i}`));
    } catch {
      throw new KeepError('Esta clase no se puede guardar sin conexión.');
    }
    audioPath = at('audio.m3u8');
    audioKind = 'hls';
    pending.push({ path: audioPath, body: new Blob([playlist]), type: 'application/vnd.apple.mpegurl' });
  } else {
    const response = await fetchOk(url, signal);
    const announced = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(announced) && !mp4FitsBudget(announced, section.duration)) {
      await response.body?.cancel();
      throw new KeepError('Esta clase es muy pesada para guardarla: mirala con conexión.');
    }
    const body = await response.blob();
    if (!mp4FitsBudget(body.size, section.duration))
      throw new KeepError('Esta clase es muy pesada para guardarla: mirala con conexión.');
    audioPath = at('audio.mp4');
    audioKind = 'mp4';
    pending.push({ path: audioPath, body, type: 'video/mp4' });
  }

  let transcriptPath: string | null = null;
  if (section.captions_url) {
    const body = await (await fetchOk(section.captions_url, signal)).blob();
    transcriptPath = at('transcripcion.vtt');
    pending.push({ path: transcriptPath, body, type: 'text/vtt; charset=utf-8' });
  }
  onProgress?.(0.95);

  const materials: KeptMaterial[] = [];
  for (const material of module.sections) {
    if (material.type !== 'DOWNLOADABLE_MATERIAL' || !material.section_url) continue;
    const file = await getFileUrl(material.section_url, signal).catch(() => {
      throw new KeepError('No pudimos descargar los materiales de la clase. Volvé a intentar.');
    });
    const body = await (await fetchOk(file.url, signal)).blob();
    const path = at(`material-${material.id}`);
    const mimeType = material.mime_type ?? (body.type || 'application/octet-stream');
    pending.push({ path, body, type: mimeType });
    materials.push({ sectionId: material.id, name: material.name, mimeType, path, bytes: body.size });
  }

  const kept: KeptClass = {
    userId,
    courseId: course.id,
    courseName: course.name,
    moduleId: module.id,
    sectionId: section.id,
    sectionName: section.name,
    duration: section.duration,
    audioPath,
    audioKind,
    transcriptPath,
    materials,
    bytes: pending.reduce((total, p) => total + p.body.size, 0),
    keptAt: new Date().toISOString(),
  };
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (
    estimate?.quota !== undefined &&
    estimate.usage !== undefined &&
    estimate.quota - estimate.usage < kept.bytes * 2
  )
    throw new KeepError(
      'Tu teléfono no tiene lugar para guardar esta clase. Liberá espacio y volvé a intentar.',
    );
  // kept files should stay while she needs them: ask the browser not to evict them on its own
  void navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(keptCacheName);
  try {
    for (const p of pending) {
      await cache.put(
        new Request(p.path),
        new Response(p.body, { headers: { 'content-type': p.type, 'content-length': String(p.body.size) } }),
      );
    }
    await cache.put(
      new Request(at('meta.json')),
      new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } }),
    );
  } catch {
    await removeKept(course.id, section.id);
    throw new KeepError('No pudimos guardar la clase en tu teléfono. Liberá espacio y volvé a intentar.');
  }
  onProgress?.(1);
  return kept;
}

/** Every class kept on this device, the newest first. */
export async function listKept(): Promise<KeptClass[]> {
  if (noCacheStorage() || !(await caches.has(keptCacheName))) return [];
  const cache = await caches.open(keptCacheName);
  const metas = (await cache.keys()).filter((request) =>
    new URL(request.url).pathname.endsWith('/meta.json'),
  );
  const kept = await Promise.all(
    metas.map(
      async (request) => (await (await cache.match(request))?.json().catch(() => null)) as KeptClass | null,
    ),
  );
  return kept.filter((k): k is KeptClass => k !== null).sort((a, b) => (a.keptAt < b.keptAt ? 1 : -1));
}

/** The kept description of one class, or null. */
export async function findKept(courseId: string, sectionId: string): Promise<KeptClass | null> {
  if (noCacheStorage()) return null;
  const response = await caches.match(keptPath(courseId, sectionId, 'meta.json'), {
    cacheName: keptCacheName,
  });
  return response ? ((await response.json().catch(() => null)) as KeptClass | null) : null;
}

/** Deletes everything kept of one class. */
export async function removeKept(courseId: string, sectionId: string): Promise<void> {
  if (noCacheStorage()) return;
  const cache = await caches.open(keptCacheName);
  const prefix = keptPath(courseId, sectionId);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith(prefix)) await cache.delete(request);
  }
}

/** Deletes every kept class (her session ended on this device). */
export async function clearKept(): Promise<void> {
  if (!noCacheStorage()) await caches.delete(keptCacheName);
}

/**
 * Online housekeeping (decision 0362): the kept classes of another account go, and the API says
 * which of hers she may still play; the others are deleted. Returns the classes deleted.
 */
export async function pruneKept(userId: string): Promise<KeptClass[]> {
  const kept = await listKept();
  const removed: KeptClass[] = [];
  for (const k of kept.filter((k) => k.userId !== userId)) {
    await removeKept(k.courseId, k.sectionId);
    removed.push(k);
  }
  const hers = kept.filter((k) => k.userId === userId);
  if (hers.length === 0) return removed;
  const answer = await apiRequest<KeptClassesAccessResponse>('/academy/offline/access', {
    method: 'POST',
    body: { classes: hers.map(({ courseId, sectionId }) => ({ courseId, sectionId })) },
  });
  for (const { courseId, sectionId, allowed } of answer.classes) {
    if (allowed) continue;
    const k = hers.find((h) => h.courseId === courseId && h.sectionId === sectionId);
    await removeKept(courseId, sectionId);
    if (k) removed.push(k);
  }
  return removed;
}

export { keptPrefix };
