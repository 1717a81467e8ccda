import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import {
  contentCategories,
  contentLevels,
  contentTags,
  courseFaqs,
  courseModules,
  courseSections,
  courses,
  packItems,
  subscriptionPlans,
  suggestedFilters,
} from '../src/db/schema';
import { argentinaDate } from '../src/lib/argentina-date';

export const dayOffset = (days: number) => argentinaDate(new Date(Date.now() + days * 86_400_000));

type CourseInsert = typeof courses.$inferInsert;

/** A small catalogue written straight to the tables, independent of the content importer. */
export async function insertCatalogFixture(db: Database) {
  await db.insert(contentCategories).values([
    { code: 'ORDER', label: 'Orden', color: '#1b4d3e', backgroundColor: '#e3f4ec', sortOrder: 1 },
    { code: 'INVESTMENT', label: 'Inversión', color: '#3d2a7a', backgroundColor: '#ece8fb', sortOrder: 2 },
    { code: 'DEBTS', label: 'Deudas', color: '#7a1f2b', backgroundColor: '#fbe7ea', sortOrder: 3 },
    {
      code: 'ENTREPRENEURSHIP',
      label: 'Emprendimiento',
      color: '#6b4100',
      backgroundColor: '#fdf0dc',
      sortOrder: 4,
    },
  ]);
  await db.insert(contentLevels).values([
    { code: 'BEGINNER', label: 'Inicial', color: '#1b4d3e', backgroundColor: '#e3f4ec', sortOrder: 1 },
    { code: 'ADVANCED', label: 'Avanzado', color: '#7a1f2b', backgroundColor: '#fbe7ea', sortOrder: 3 },
  ]);
  await db.insert(contentTags).values([
    { code: 'free', label: 'Gratis', badge: 'GRATIS' },
    { code: 'new', label: 'Nuevo', badge: 'NUEVO' },
    { code: 'popular', label: 'Más visto', badge: 'MÁS VISTO' },
    { code: 'offer', label: 'Oferta', badge: null },
  ]);
  await db.insert(suggestedFilters).values([
    { value: 'popular', label: 'Más vistos', sortOrder: 1 },
    { value: 'my_purchases', label: 'Mis compras', sortOrder: 2 },
    { value: 'offer', label: 'Ofertas', subscriptionRequired: ['ONLY_UNSUBSCRIBERS'], sortOrder: 3 },
  ]);
  await db.insert(subscriptionPlans).values([
    {
      id: 'esencial',
      name: 'Plan Esencial',
      weight: 1,
      displayMetadata: { title: 'Esencial', benefits: [], recommended: false, order: 1 },
      privateServices: [],
    },
    {
      id: 'oro',
      name: 'Plan Oro',
      weight: 2,
      displayMetadata: { title: 'Oro', benefits: [], recommended: true, order: 2 },
      privateServices: ['COMMUNITY'],
    },
  ]);
  const base = { description: '', tags: [] as string[] };
  const rows: CourseInsert[] = [
    {
      ...base,
      id: 'presupuesto-gratis',
      kind: 'COURSE',
      name: 'Tu primer presupuesto',
      categoryCode: 'ORDER',
      levelCode: 'BEGINNER',
      isFree: true,
      tags: ['free', 'new'],
      sortOrder: 1,
      modulesAmount: 2,
      classesAmount: 5,
    },
    {
      ...base,
      id: 'inversion-bonos',
      kind: 'COURSE',
      name: 'Inversión en bonos',
      description: 'Cómo invertir en renta fija',
      teacher: { name: 'Carolina Sosa', bio: 'Asesora financiera.' },
      outcomes: ['Qué es un bono', 'Cómo paga un bono'],
      categoryCode: 'INVESTMENT',
      levelCode: 'ADVANCED',
      tags: ['popular'],
      sortOrder: 2,
    },
    {
      ...base,
      id: 'salir-deudas',
      kind: 'COURSE',
      name: 'Salir de las deudas',
      categoryCode: 'DEBTS',
      levelCode: 'BEGINNER',
      tags: ['offer', 'popular'],
      sortOrder: 3,
    },
    {
      ...base,
      id: 'programa-abierto',
      kind: 'PROGRAM',
      name: 'Programa Emprendé',
      categoryCode: 'ENTREPRENEURSHIP',
      priceCentavos: 4_500_000,
      regularPriceCentavos: 6_000_000,
      saleableStartDate: dayOffset(-10),
      saleableEndDate: dayOffset(10),
      sortOrder: 4,
    },
    {
      ...base,
      id: 'programa-futuro',
      kind: 'PROGRAM',
      name: 'Programa Futuro',
      priceCentavos: 1_000_000,
      regularPriceCentavos: 1_000_000,
      saleableStartDate: dayOffset(1),
      sortOrder: 5,
    },
    {
      ...base,
      id: 'programa-cerrado',
      kind: 'PROGRAM',
      name: 'Programa Cerrado',
      priceCentavos: 1_000_000,
      saleableEndDate: dayOffset(-1),
      sortOrder: 6,
    },
    {
      ...base,
      id: 'pack-completo',
      kind: 'PACK',
      name: 'Pack Completo',
      priceCentavos: 9_000_000,
      regularPriceCentavos: 12_000_000,
      sortOrder: 7,
    },
    {
      ...base,
      id: 'evento-noticiero',
      kind: 'EVENT',
      name: 'Noticiero Financiero',
      eventSeries: 'FINANCIAL_NEWS',
      sortOrder: 8,
      classesAmount: 4,
    },
  ];
  await db.insert(courses).values(rows);
  await db.insert(packItems).values([{ packId: 'pack-completo', itemId: 'programa-futuro', position: 1 }]);
}

type SectionInsert = typeof courseSections.$inferInsert;

/**
 * Modules and sections for three fixture courses:
 * - presupuesto-gratis (free): m1 [video 100 s, pdf, EMPTY], m2 [video 60 s, xlsx] — ends with a material
 * - inversion-bonos (paid): m1 [video 120 s, video 80 s] — ends with a CLASS
 * - programa-abierto (program): m1 [video 30 s]
 */
export async function insertCourseStructureFixture(db: Database) {
  await db.insert(courseModules).values([
    { id: 'pg-m1', courseId: 'presupuesto-gratis', name: 'Empezar', order: 1 },
    { id: 'pg-m2', courseId: 'presupuesto-gratis', name: 'Planificar', order: 2 },
    { id: 'ib-m1', courseId: 'inversion-bonos', name: 'Bonos', order: 1 },
    { id: 'pa-m1', courseId: 'programa-abierto', name: 'Bienvenida', order: 1 },
  ]);
  const video = (
    id: string,
    moduleId: string,
    courseId: string,
    order: number,
    duration: number,
  ): SectionInsert => ({
    id,
    moduleId,
    courseId,
    order,
    name: `Clase ${id}`,
    type: 'CLASS',
    durationSeconds: duration,
    sectionUrl: `/media/videos/${id}.mp4`,
    mimeType: 'video/mp4',
    fileExtension: 'mp4',
  });
  await db.insert(courseSections).values([
    video('pg-s1', 'pg-m1', 'presupuesto-gratis', 1, 100),
    {
      id: 'pg-s2',
      moduleId: 'pg-m1',
      courseId: 'presupuesto-gratis',
      order: 2,
      name: 'Guía de presupuesto',
      type: 'DOWNLOADABLE_MATERIAL',
      durationSeconds: 0,
      sectionUrl: 'materiales/presupuesto-mensual.pdf',
      mimeType: 'application/pdf',
      fileExtension: 'pdf',
    },
    {
      id: 'pg-s3',
      moduleId: 'pg-m1',
      courseId: 'presupuesto-gratis',
      order: 3,
      name: 'Próximamente',
      type: 'EMPTY',
      durationSeconds: 0,
    },
    video('pg-s4', 'pg-m2', 'presupuesto-gratis', 1, 60),
    {
      id: 'pg-s5',
      moduleId: 'pg-m2',
      courseId: 'presupuesto-gratis',
      order: 2,
      name: 'Planilla de gastos',
      type: 'DOWNLOADABLE_MATERIAL',
      durationSeconds: 0,
      sectionUrl: 'materiales/planilla-gastos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileExtension: 'xlsx',
    },
    video('ib-s1', 'ib-m1', 'inversion-bonos', 1, 120),
    video('ib-s2', 'ib-m1', 'inversion-bonos', 2, 80),
    video('pa-s1', 'pa-m1', 'programa-abierto', 1, 30),
  ]);
  await db
    .insert(courseFaqs)
    .values([
      { courseId: 'programa-abierto', question: '¿Cuánto dura?', answer: 'Cuatro semanas.', position: 1 },
    ]);
}

/** The catalogue and its course structures, as a test file's seed (testAppForFile). */
export async function seedCatalogWithStructures(app: FastifyInstance): Promise<void> {
  await insertCatalogFixture(app.db);
  await insertCourseStructureFixture(app.db);
}
