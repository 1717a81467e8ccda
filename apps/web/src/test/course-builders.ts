import type { CourseModule, Section } from '@alcancia/contract';

/** A section for unit tests: a CLASS lasts `duration` seconds (60 unless given), the rest 0. */
export const section = (
  id: string,
  order: number,
  type: Section['type'] = 'CLASS',
  duration = type === 'CLASS' ? 60 : 0,
): Section => ({
  id,
  name: id,
  order,
  type,
  duration,
  section_url: null,
  mime_type: null,
  file_extension: null,
  captions_url: null,
});

/** A module for unit tests, its totals computed from its sections. */
export const module = (id: string, order: number, sections: Section[]): CourseModule => ({
  id,
  name: id,
  order,
  total_sections: sections.length,
  total_duration: sections.reduce((n, s) => n + s.duration, 0),
  sections,
});
