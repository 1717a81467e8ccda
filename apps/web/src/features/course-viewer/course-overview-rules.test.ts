import type { CourseProgress } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { module, section } from '../../test/course-builders';
import { overviewFacts } from './course-overview-rules';

const course = {
  modules: [
    module('m2', 2, [section('c', 1, 'CLASS', 100), section('e', 2, 'EMPTY')]),
    module('m1', 1, [section('a', 1, 'CLASS', 60), section('b', 2, 'DOWNLOADABLE_MATERIAL')]),
  ],
};
const progress = (over: Partial<CourseProgress>): CourseProgress => ({
  in_progress_modules: {},
  finished_modules: {},
  last_viewed_section: null,
  finished_at: null,
  ...over,
});

describe('the course overview', () => {
  it('counts classes and materials apart, and the length of its classes', () => {
    expect(overviewFacts(course, null)).toMatchObject({
      classes: 2,
      materials: 1,
      totalSeconds: 160,
      percent: 0,
    });
  });

  it('offers Comenzar before anything was viewed, from the first section', () => {
    expect(overviewFacts(course, progress({})).action).toEqual({
      label: 'Comenzar el curso',
      sectionId: 'a',
    });
  });

  it('offers Continuar at the last viewed section, with her percentage of sections done', () => {
    const facts = overviewFacts(
      course,
      progress({
        last_viewed_section: 'c',
        finished_modules: { m1: true },
        in_progress_modules: { m2: { sections: { c: { viewed_seconds: 30, complete_fraction: 0.3 } } } },
      }),
    );
    expect(facts.action).toEqual({ label: 'Continuar', sectionId: 'c' });
    // a and b done out of a, b, c (the EMPTY placeholder does not count)
    expect(facts.percent).toBe(66);
  });

  it('offers to go over a finished course from the start', () => {
    expect(overviewFacts(course, progress({ finished_at: '2026-11-20T10:00:00Z' })).action).toEqual({
      label: 'Repasar el curso',
      sectionId: 'a',
    });
    expect(overviewFacts({ modules: [] }, null).action).toBeNull();
  });
});
