import type { CourseCard } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { forYouCourses, forYouSize, wantsForYou } from './for-you-rules';

const course = (id: string, category: string | null, level: string | null, isFree = false): CourseCard => ({
  id,
  name: id,
  description: '',
  thumbnail: null,
  cover: null,
  category,
  level,
  tags: [],
  badge: null,
  modulesAmount: 1,
  classesAmount: 1,
  isFree,
  isProgram: false,
  isAccessibleByUser: isFree,
});

// A slice of the demo catalogue, in its order.
const catalogue = [
  course('presupuesto-mensual', 'ORDER', 'BEGINNER'),
  course('primeros-pasos-finanzas', 'ORDER', 'BEGINNER', true),
  course('fondo-de-emergencia', 'ORDER', 'INTERMEDIATE'),
  course('tarjeta-de-credito', 'DEBTS', 'BEGINNER'),
  course('salir-de-deudas', 'DEBTS', 'BEGINNER', true),
  course('renegociar-deudas', 'DEBTS', 'INTERMEDIATE'),
  course('credito-hipotecario', 'DEBTS', 'ADVANCED'),
  course('inversiones-desde-cero', 'INVESTMENT', 'BEGINNER', true),
  course('cedears-y-acciones', 'INVESTMENT', 'ADVANCED'),
  course('emprender-con-numeros', 'ENTREPRENEURSHIP', 'BEGINNER'),
  course('sin-categoria', null, null),
];
const ids = (courses: CourseCard[]) => courses.map((c) => c.id);

describe('Para vos', () => {
  it('maps each goal to its category and her level to course levels, free first', () => {
    expect(
      ids(forYouCourses(catalogue, { learningGoals: ['GET_OUT_OF_DEBT'], knowledgeLevel: 'NOTHING' })),
    ).toEqual(['salir-de-deudas', 'tarjeta-de-credito']);
    expect(
      ids(
        forYouCourses(catalogue, {
          learningGoals: ['ORDER_SPENDING', 'START_INVESTING'],
          knowledgeLevel: 'A_LOT',
        }),
      ),
    ).toEqual(['fondo-de-emergencia', 'cedears-y-acciones']);
    expect(
      ids(forYouCourses(catalogue, { learningGoals: ['GET_OUT_OF_DEBT'], knowledgeLevel: 'SOME' })),
    ).toEqual(['salir-de-deudas', 'tarjeta-de-credito', 'renegociar-deudas']);
  });

  it('uses the one question she answered: goals alone, or the level alone', () => {
    expect(
      ids(forYouCourses(catalogue, { learningGoals: ['ENTREPRENEURSHIP'], knowledgeLevel: null })),
    ).toEqual(['emprender-con-numeros']);
    expect(ids(forYouCourses(catalogue, { learningGoals: [], knowledgeLevel: 'NOTHING' }))).toEqual([
      'primeros-pasos-finanzas',
      'salir-de-deudas',
      'inversiones-desde-cero',
      'presupuesto-mensual',
      'tarjeta-de-credito',
      'emprender-con-numeros',
    ]);
  });

  it('is hidden when she skipped both questions, and leaves programs out', () => {
    expect(wantsForYou({ learningGoals: [], knowledgeLevel: null })).toBe(false);
    expect(wantsForYou(undefined)).toBe(false);
    expect(forYouCourses(catalogue, { learningGoals: [], knowledgeLevel: null })).toEqual([]);
    const program = { ...course('programa-chau-deudas', 'DEBTS', 'BEGINNER'), isProgram: true };
    expect(
      ids(forYouCourses([program], { learningGoals: ['GET_OUT_OF_DEBT'], knowledgeLevel: null })),
    ).toEqual([]);
  });

  it(`shows at most ${forYouSize} courses`, () => {
    const many = Array.from({ length: 12 }, (_, i) => course(`c${i}`, 'ORDER', 'BEGINNER'));
    expect(forYouCourses(many, { learningGoals: ['ORDER_SPENDING'], knowledgeLevel: null })).toHaveLength(
      forYouSize,
    );
  });
});
