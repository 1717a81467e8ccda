import type { Course } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { module, section } from '../../test/course-builders';
import { flattenSections, neighbours, redirectTarget } from './course-navigation';

// Listed out of order on purpose: the viewer follows `order`, not the array.
const course: Pick<Course, 'modules'> = {
  modules: [
    module('m2', 2, [section('m2-s2', 2), section('m2-s1', 1, 'EMPTY'), section('m2-s3', 3, 'EMPTY')]),
    module('m1', 1, [section('m1-s1', 1), section('m1-s2', 2, 'DOWNLOADABLE_MATERIAL')]),
    module('m3', 3, [section('m3-s1', 1, 'EMPTY'), section('m3-s2', 2)]),
  ],
};

describe('course navigation', () => {
  it('reads sections by module order, then section order', () => {
    expect(flattenSections(course).map((p) => p.section.id)).toEqual([
      'm1-s1',
      'm1-s2',
      'm2-s1',
      'm2-s2',
      'm2-s3',
      'm3-s1',
      'm3-s2',
    ]);
  });

  it('goes to the previous and next sections across modules, skipping EMPTY ones', () => {
    const ids = (id: string) => {
      const { previous, next } = neighbours(course, id);
      return [previous?.section.id ?? null, next?.section.id ?? null];
    };
    expect(ids('m1-s1')).toEqual([null, 'm1-s2']);
    expect(ids('m1-s2')).toEqual(['m1-s1', 'm2-s2']);
    expect(ids('m2-s2')).toEqual(['m1-s2', 'm3-s2']);
    expect(ids('m3-s2')).toEqual(['m2-s2', null]);
    expect(neighbours(course, 'm3-s2').previous?.module.id).toBe('m2');
    expect(ids('unknown')).toEqual([null, null]);
  });

  it('opens the last viewed section, else the first one that can be opened', () => {
    expect(redirectTarget(course, { last_viewed_section: 'm2-s2' })).toBe('m2-s2');
    expect(redirectTarget(course, { last_viewed_section: null })).toBe('m1-s1');
    expect(redirectTarget(course, undefined)).toBe('m1-s1');
    // A section that no longer exists (or an EMPTY one) falls back to the first.
    expect(redirectTarget(course, { last_viewed_section: 'gone' })).toBe('m1-s1');
    expect(redirectTarget(course, { last_viewed_section: 'm3-s1' })).toBe('m1-s1');
    const startsEmpty = { modules: [module('a', 1, [section('a-1', 1, 'EMPTY'), section('a-2', 2)])] };
    expect(redirectTarget(startsEmpty, null)).toBe('a-2');
    expect(redirectTarget({ modules: [module('a', 1, [section('a-1', 1, 'EMPTY')])] }, null)).toBeNull();
  });
});
