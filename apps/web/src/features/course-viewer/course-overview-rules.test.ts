import type { CourseProgress } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { module, section } from '../../test/course-builders';
import { callToAction, learningOutcomes, lowestMonthlyPrice, overviewFacts } from './course-overview-rules';

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

describe("the course page's call to action", () => {
  const open = { ...course, id: 'mi-curso', isProgram: false };

  it('starts, continues or goes over an open course at the right class', () => {
    expect(callToAction(open, progress({}), { locked: false })).toEqual({
      kind: 'start',
      label: 'Comenzar el curso',
      to: '/academy/mi-curso/a',
    });
    expect(callToAction(open, progress({ last_viewed_section: 'c' }), { locked: false })).toMatchObject({
      kind: 'continue',
      to: '/academy/mi-curso/c',
    });
    expect(
      callToAction(open, progress({ finished_at: '2026-11-20T10:00:00Z' }), { locked: false }),
    ).toMatchObject({ kind: 'review', label: 'Repasar el curso' });
  });

  it('offers the plans with their price for a course that needs a subscription', () => {
    expect(callToAction(open, null, { locked: true, monthlyPrice: 500_000 })).toEqual({
      kind: 'plans',
      label: 'Ver planes',
      to: '/compra/suscripcion',
      monthlyPrice: 500_000,
    });
  });

  it('offers to buy a program she has not bought, on its own page', () => {
    expect(callToAction({ ...open, isProgram: true }, null, { locked: true })).toEqual({
      kind: 'buy',
      label: 'Comprar',
      to: '/programas/mi-curso/detalle',
    });
  });

  it('has nothing to offer for an open course without content', () => {
    expect(callToAction({ id: 'x', isProgram: false, modules: [] }, null, { locked: false })).toBeNull();
  });
});

describe('the price "Ver planes" quotes', () => {
  const prices = (regularPrice: number, discountPrice: number | null = null) => ({
    prices: { regularPrice, discountPrice },
  });

  it('is the lowest charged price per month across plans and periods', () => {
    expect(
      lowestMonthlyPrice([
        { providerPlans: { monthly: prices(900_000), annual: prices(9_600_000) } },
        { providerPlans: { monthly: prices(1_500_000, 1_000_000) } },
      ]),
    ).toBe(800_000);
  });

  it('ignores weekly periods and is null without plans', () => {
    expect(lowestMonthlyPrice([{ providerPlans: { weekly: prices(100) } }])).toBeNull();
    expect(lowestMonthlyPrice(undefined)).toBeNull();
  });
});

describe('what she will learn', () => {
  it('lists the modules with content, in order', () => {
    expect(learningOutcomes(course)).toEqual(['m1', 'm2']);
    expect(learningOutcomes({ modules: [module('vacío', 1, [section('z', 1, 'EMPTY')])] })).toEqual([]);
  });

  it("uses the course's own outcomes when its content gives them", () => {
    expect(learningOutcomes({ ...course, outcomes: ['Armar tu presupuesto', 'Ahorrar cada mes'] })).toEqual([
      'Armar tu presupuesto',
      'Ahorrar cada mes',
    ]);
    expect(learningOutcomes({ ...course, outcomes: [] })).toEqual(['m1', 'm2']);
  });
});
