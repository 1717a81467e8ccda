import type { Course } from '@alcancia/contract';
import { classCaptionsUrl } from '../files/class-captions';
import { classPlaylistUrl } from '../files/video-playback';
import type { CourseStructure } from './course-structure';

/**
 * The course as the viewer sees it. Content addresses (video URLs, file keys) are included only
 * with `addresses` — i.e. for callers who may open the course — and a class video's address is
 * then its signed one (`signMedia`, decision 0102).
 */
export function toCourseView(
  structure: CourseStructure,
  isAccessibleByUser: boolean,
  addresses: false | { signMedia: (url: string) => string },
): Course {
  const { course } = structure;
  return {
    id: course.id,
    name: course.name,
    description: course.description,
    long_description: course.longDescription,
    thumbnail: course.thumbnail,
    category: course.categoryCode,
    level: course.levelCode,
    tags: course.tags,
    type: course.kind,
    isFree: course.isFree,
    isProgram: course.kind === 'PROGRAM' || course.kind === 'PACK',
    isAccessibleByUser,
    modulesAmount: course.modulesAmount,
    classesAmount: course.classesAmount,
    modules: structure.modules.map((m) => ({
      id: m.id,
      name: m.name,
      order: m.order,
      total_sections: m.sections.length,
      total_duration: m.sections.reduce((s, x) => s + x.durationSeconds, 0),
      sections: m.sections.map((s) => ({
        id: s.id,
        name: s.name,
        order: s.order,
        type: s.type,
        duration: s.durationSeconds,
        // an uploaded video packaged as HLS is played from its playlist (decision 78)
        section_url: addresses ? classAddress(s, structure.playbackUrls, addresses.signMedia) : null,
        mime_type: s.mimeType,
        file_extension: s.fileExtension,
        // a class's Spanish captions, signed like its video (decision 0156)
        captions_url: addresses && s.type === 'CLASS' ? captionsAddressOf(s, addresses.signMedia) : null,
      })),
    })),
    cover: course.cover ?? null,
    teacher: course.teacher ?? null,
    outcomes: course.outcomes ?? [],
    items: structure.items.map((item) => ({
      id: item.id,
      name: item.name,
      type: item.kind,
      thumbnail: item.thumbnail,
    })),
  };
}

/** A section's address: a class video signed (its HLS playlist when packaged), a material's key as is. */
function classAddress(
  section: CourseStructure['modules'][number]['sections'][number],
  playbackUrls: Map<string, string>,
  signMedia: (url: string) => string,
): string | null {
  if (!section.sectionUrl) return null;
  if (section.type !== 'CLASS') return section.sectionUrl;
  const playlist = playbackUrls.get(section.sectionUrl);
  // with its uploaded captions in the master when the class has them (decision 0175)
  return signMedia(playlist ? classPlaylistUrl(playlist, section) : section.sectionUrl);
}

/** A class's captions address, signed; null when the class has none. */
function captionsAddressOf(
  section: CourseStructure['modules'][number]['sections'][number],
  signMedia: (url: string) => string,
): string | null {
  const captions = classCaptionsUrl(section);
  return captions ? signMedia(captions) : null;
}
