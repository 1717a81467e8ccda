import { describe, expect, it } from 'vitest';
import { viewerVariant } from './serialized-response';
import { type AccessFacts, anonymousViewer, type Viewer } from './viewer';

const programs = (count: number): AccessFacts[] =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i}`, kind: 'PROGRAM', isFree: false }));
const owner = (...ids: string[]): Viewer => ({ ...anonymousViewer('2026-11-22'), purchased: new Set(ids) });

describe('viewerVariant', () => {
  it('is the same for viewers who may open the same cards on the same day, and differs otherwise', () => {
    const rows = programs(75);
    expect(viewerVariant(rows, owner('p3'))).toBe(viewerVariant(rows, owner('p3', 'not-listed')));
    expect(viewerVariant(rows, owner())).toBe(viewerVariant(rows, owner()));
    // a card's access anywhere in the list: first, last of the first 30, 31st, last
    const variants = new Set(
      [owner(), owner('p0'), owner('p29'), owner('p30'), owner('p74')].map((v) => viewerVariant(rows, v)),
    );
    expect(variants.size).toBe(5);
    expect(viewerVariant(rows, { ...owner('p3'), today: '2026-11-23' })).not.toBe(
      viewerVariant(rows, owner('p3')),
    );
  });

  it('tells lists apart only by their cards’ access (a list of 30 and one of 31 with nothing open)', () => {
    expect(viewerVariant(programs(31), owner('p30'))).not.toBe(viewerVariant(programs(31), owner()));
    expect(viewerVariant([], owner())).toBe('2026-11-22');
  });
});
