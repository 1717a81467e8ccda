import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceControls } from '../../db/schema';
import { AppError } from '../../errors';
import { loadViewer } from '../academy/viewer';
import { hasCommunityAccess } from './community-access';

/**
 * GET /community → { url } of the embedded community (the COMMUNITY service control's resource),
 * only for members while it is enabled.
 */
export async function getCommunityUrl(db: Database, userId: string) {
  const viewer = await loadViewer(db, userId);
  const [control] = await db.select().from(serviceControls).where(eq(serviceControls.name, 'COMMUNITY'));
  if (!control?.enabled || !control.resource) throw AppError.notFound('La comunidad no está disponible.');
  if (!hasCommunityAccess(viewer)) {
    throw new AppError(
      'COMMUNITY_ACCESS_REQUIRED',
      403,
      'La comunidad es para suscriptoras con acceso a la comunidad.',
    );
  }
  return { url: control.resource };
}
