import { describe, expect, it } from 'vitest';
import { academyEntry } from './first-queries';

describe('academyEntry', () => {
  it('starts the academy home’s first calls on /academy, with its lists unfiltered', () => {
    expect(academyEntry('/academy', '')).toBe('home');
    expect(academyEntry('/academy/', '?utm_source=whatsapp')).toBe('home');
  });

  it('filters in the address: only the calls that do not depend on them', () => {
    expect(academyEntry('/academy', '?categoria=ahorro')).toBe('filtered');
    expect(academyEntry('/academy', '?nivel=inicial')).toBe('filtered');
  });

  it('any other page: none', () => {
    expect(academyEntry('/academy/cursos', '')).toBe('none');
    expect(academyEntry('/academy/presupuesto', '')).toBe('none');
    expect(academyEntry('/cursos', '')).toBe('none');
    expect(academyEntry('/mi-cuenta', '')).toBe('none');
  });
});
