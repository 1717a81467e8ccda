import { describe, expect, it } from 'vitest';
import { nextCourses, shareData } from './finish-rules';

const card = (id: string, category: string | null, isAccessibleByUser = true) => ({
  id,
  category,
  isAccessibleByUser,
});

describe('what to learn next', () => {
  const catalogue = [
    card('otro-tema', 'DEBTS'),
    card('mismo-tema-cerrado', 'ORDER', false),
    card('terminado', 'ORDER'),
    card('actual', 'ORDER'),
    card('mismo-tema', 'ORDER'),
    card('otro-cerrado', 'DEBTS', false),
  ];
  const overview = { in_progress_courses: { terminado: { fraction: 1 }, 'otro-tema': { fraction: 0.2 } } };

  it('suggests up to three others: same topic first, open before locked, never the finished ones', () => {
    expect(nextCourses(catalogue, { id: 'actual', category: 'ORDER' }, overview).map((c) => c.id)).toEqual([
      'mismo-tema',
      'mismo-tema-cerrado',
      'otro-tema',
    ]);
  });

  it('keeps the catalogue order when nothing else tells them apart', () => {
    expect(nextCourses(catalogue, { id: 'actual', category: null }, undefined, 2).map((c) => c.id)).toEqual([
      'otro-tema',
      'terminado',
    ]);
  });
});

describe('sharing a finished course', () => {
  it('shares the public course page (not the academy’s, which asks to log in) with a line in her voice', () => {
    expect(shareData({ id: 'mi curso', name: 'Tu presupuesto' }, 'https://alcancia.test')).toEqual({
      title: 'Tu presupuesto',
      text: '¡Terminé el curso "Tu presupuesto" en Alcancía!',
      url: 'https://alcancia.test/cursos/mi%20curso',
    });
  });
});
