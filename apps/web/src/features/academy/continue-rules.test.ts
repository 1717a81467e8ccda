import type { ContinueWatchingItem } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { continueWatchingRow, resumePath } from './continue-rules';

const item = (id: string, at: string, fraction = 0.5): ContinueWatchingItem => ({
  course_id: id,
  name: `Curso ${id}`,
  fraction,
  section_id: `${id}-s2`,
  section_name: 'Clase 2',
  last_viewed_at: at,
});

describe('"Seguí viendo" row', () => {
  it('is empty when she started nothing (the row hides)', () => {
    expect(continueWatchingRow(undefined)).toEqual([]);
    expect(continueWatchingRow({ continue_watching: [] })).toEqual([]);
  });

  it('puts the most recently watched course first and keeps one row', () => {
    const row = continueWatchingRow({
      continue_watching: [
        item('a', '2026-11-01T10:00:00Z'),
        item('b', '2026-11-03T10:00:00Z'),
        item('c', '2026-11-02T10:00:00Z'),
      ],
    });
    expect(row.map((i) => i.course_id)).toEqual(['b', 'c', 'a']);
    const many = Array.from({ length: 9 }, (_, n) => item(`x${n}`, `2026-11-0${n + 1}T00:00:00Z`));
    expect(continueWatchingRow({ continue_watching: many })).toHaveLength(4);
  });

  it('leaves out a finished course', () => {
    expect(continueWatchingRow({ continue_watching: [item('done', '2026-11-01T00:00:00Z', 1)] })).toEqual([]);
  });

  it('resumes at the class to watch next', () => {
    expect(resumePath({ course_id: 'mi curso', section_id: 's/1' })).toBe('/academy/mi%20curso/s%2F1');
  });
});
