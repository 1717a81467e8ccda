import { buyerAudienceSchema, type PublicCourse } from '@alcancia/contract';
import type { Database } from '../../db/client';
import { discountPercent, saleStatus } from '../academy/catalog-rows';
import { courseNotFound } from '../academy/course-access';
import { type CourseStructure, getCourseStructure } from '../academy/course-structure';
import { toCourseView } from '../academy/course-view';
import { anonymousViewer } from '../academy/viewer';
import { loadActivePlansCached } from '../subscriptions/plans-repository';

/**
 * Browsers and shared caches may keep a public answer a minute; the server's own caches are
 * emptied by the content import at once (content-cache.ts), so an edit is live within that minute.
 */
export const publicCacheControl = 'public, max-age=60';

/** A published item as a visitor sees it: no content addresses, its offer or the plans that open it. */
export async function loadPublicCourse(
  db: Database,
  courseId: string,
): Promise<{
  structure: CourseStructure;
  view: PublicCourse;
} | null> {
  const [structure, plans] = await Promise.all([getCourseStructure(db, courseId), loadActivePlansCached(db)]);
  if (!structure) return null;
  const { course } = structure;
  const { isAccessibleByUser: _never, ...view } = toCourseView(structure, course.isFree, false);
  const sold = course.kind === 'PROGRAM' || course.kind === 'PACK';
  const offer =
    sold && !course.isFree && course.priceCentavos !== null
      ? {
          price: course.priceCentavos,
          regularPrice: course.regularPriceCentavos,
          discountApplied: discountPercent(course.priceCentavos, course.regularPriceCentavos),
          saleStatus: saleStatus(course, anonymousViewer().today),
          saleable_start_date: course.saleableStartDate,
          saleable_end_date: course.saleableEndDate,
          installments: course.maxInstallments,
          audience: buyerAudienceSchema.catch('ALL').parse(course.audience),
        }
      : null;
  return {
    structure,
    view: {
      ...view,
      offer,
      plans: course.isFree || sold ? [] : plans.map(({ plan }) => ({ id: plan.id, name: plan.name })),
    },
  };
}

/** GET /academy/public/{courseId}: a published item's public page; 404 when there is none. */
export async function getPublicCourse(db: Database, courseId: string): Promise<PublicCourse> {
  const found = await loadPublicCourse(db, courseId);
  if (!found) throw courseNotFound();
  return found.view;
}

/** "Mis compras" means nothing without an account: dropped rather than answered empty. */
export function withoutOwnTags(tags: string | undefined): string | undefined {
  const kept = (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && t !== 'my_purchases');
  return kept.length > 0 ? kept.join(',') : undefined;
}
