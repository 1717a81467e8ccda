import type { Database } from '../../db/client';
import { hasPrivateService, loadViewer, type Viewer } from '../academy/viewer';

/**
 * Community access (purchases spec §4, decision 47): an active subscription of any plan, or
 * private-community access. A plan's COMMUNITY service can only add to that, never take it away.
 */
export function hasCommunityAccess(viewer: Viewer): boolean {
  return viewer.privateCommunityAccess || viewer.subscribed || hasPrivateService(viewer, 'COMMUNITY');
}

/** GET /community/check-access → { withAccess }. */
export async function checkCommunityAccess(db: Database, userId: string) {
  return { withAccess: hasCommunityAccess(await loadViewer(db, userId)) };
}
