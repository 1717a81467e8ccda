import type { Database } from '../../db/client';
import { argentinaDate } from '../../lib/argentina-date';
import { type PreparedStatement, runPrepared } from './prepared-query';
import { UserCache } from './user-cache';

/** What the server needs to know about the caller to decide access. Anonymous = no user. */
export interface Viewer {
  userId: string | null;
  subscribed: boolean;
  planName: string | null;
  privateServices: string[];
  privateCommunityAccess: boolean;
  /** she already had a free trial (decision 45): plans are shown to her without one */
  freeTrialUsed: boolean;
  /** ids bought directly (programs, packs, courses) */
  purchased: Set<string>;
  /** ids opened by a bought pack */
  viaPacks: Set<string>;
  today: string;
}

export const anonymousViewer = (today = argentinaDate()): Viewer => ({
  userId: null,
  subscribed: false,
  planName: null,
  privateServices: [],
  privateCommunityAccess: false,
  freeTrialUsed: false,
  purchased: new Set(),
  viaPacks: new Set(),
  today,
});

const viewerStatement: PreparedStatement = {
  name: 'academy_viewer',
  text: `
    select to_char(u.subscription_end_date, 'YYYY-MM-DD') as subscription_end_date,
           p.name as plan_name,
           p.private_services,
           u.private_community_access,
           exists(select 1 from free_trials ft where ft.user_id = u.id) as free_trial_used,
           array(select up.product_id from user_purchases up where up.user_id = u.id) as purchased,
           array(select pi.item_id from user_purchases up
                   join pack_items pi on pi.pack_id = up.product_id
                  where up.user_id = u.id) as via_packs
      from users u
      left join subscription_plans p on p.id = u.subscription_plan_id
     where u.id = $1`,
};

/** What is stored about a user; `subscribed` is decided per request, against today's date. */
interface ViewerFacts {
  subscriptionEndDate: string | null;
  planName: string | null;
  privateServices: string[];
  privateCommunityAccess: boolean;
  freeTrialUsed: boolean;
  purchased: Set<string>;
  viaPacks: Set<string>;
}

async function queryViewerFacts(db: Database, userId: string): Promise<ViewerFacts | null> {
  const [row] = await runPrepared<{
    subscription_end_date: string | null;
    plan_name: string | null;
    private_services: string[] | null;
    private_community_access: boolean;
    free_trial_used: boolean;
    purchased: string[];
    via_packs: string[];
  }>(db, viewerStatement, [userId]);
  if (!row) return null;
  return {
    subscriptionEndDate: row.subscription_end_date,
    planName: row.plan_name,
    privateServices: row.private_services ?? [],
    privateCommunityAccess: row.private_community_access,
    freeTrialUsed: row.free_trial_used,
    purchased: new Set(row.purchased),
    viaPacks: new Set(row.via_packs),
  };
}

/**
 * Each process keeps what each user owns and her subscription (the facts every academy read
 * needs). Invalidation, so that a purchase or a renewal opens content on the very next request:
 * - PostgreSQL triggers (migration 0011) notify the viewer channel (db/change-channels.ts) with the user's id whenever a row
 *   of `users` changes its subscription, plan or community access, or a row of `user_purchases`
 *   changes; every API process listens (listenForChanges in content-cache.ts) and forgets her.
 * - This process hears its own writes before they resolve (every pool connection listens, and
 *   PostgreSQL sends a session its own notifications before answering the COMMIT), so the next
 *   request after a grant, in any process, reads the new state.
 * - The content import (packs, plans) and a lost listener connection forget everyone
 *   (contentGeneration).
 * A TTL bounds how long a missed notification could matter.
 */
const viewerFacts = new UserCache<ViewerFacts | null>('viewer-facts', 50_000, 5 * 60_000);

/** Forgets one user's access (her notification arrived). */
export function forgetViewer(db: Database, userId: string): void {
  viewerFacts.forget(db, userId);
}

let todayCache = { second: -1, date: '' };
/** The Argentina date, formatted at most once a second (every request asks for it). */
function today(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== todayCache.second) todayCache = { second, date: argentinaDate() };
  return todayCache.date;
}

function viewerOf(userId: string, facts: ViewerFacts | null, date: string): Viewer {
  if (!facts) return anonymousViewer(date);
  return {
    userId,
    subscribed: facts.subscriptionEndDate !== null && facts.subscriptionEndDate >= date,
    planName: facts.planName,
    privateServices: facts.privateServices,
    privateCommunityAccess: facts.privateCommunityAccess,
    freeTrialUsed: facts.freeTrialUsed,
    purchased: facts.purchased,
    viaPacks: facts.viaPacks,
    today: date,
  };
}

/**
 * The caller's subscription state at the Argentina date, plan services and everything owned, from
 * the per-user cache (above: dropped by triggers on every change, so a purchase or a
 * renewal opens content on the very next request). Hot reads use this.
 */
export async function loadViewer(db: Database, userId: string | null): Promise<Viewer> {
  const date = today();
  if (!userId) return anonymousViewer(date);
  return viewerOf(
    userId,
    await viewerFacts.get(db, userId, 'viewer', () => queryViewerFacts(db, userId)),
    date,
  );
}

/** The same, read from the database now: for decisions about money (is it already bought?). */
export async function loadFreshViewer(db: Database, userId: string): Promise<Viewer> {
  return viewerOf(userId, await queryViewerFacts(db, userId), today());
}

export interface AccessFacts {
  id: string;
  kind: 'COURSE' | 'PROGRAM' | 'PACK' | 'EVENT';
  isFree: boolean;
}

/**
 * Access rules (spec): free content is open to everyone; courses and events need an active
 * subscription; programs need a purchase of the program (or of a pack that contains it); packs
 * need their own purchase. Owning something always opens it.
 */
export function isAccessible(item: AccessFacts, viewer: Viewer): boolean {
  if (item.isFree || viewer.purchased.has(item.id)) return true;
  switch (item.kind) {
    case 'COURSE':
    case 'EVENT':
      return viewer.subscribed || viewer.viaPacks.has(item.id);
    case 'PROGRAM':
      return viewer.viaPacks.has(item.id);
    case 'PACK':
      return false;
  }
}

/** A service is allowed when subscribed and the plan lists it (spec §6). */
export function hasPrivateService(viewer: Viewer, service: string): boolean {
  return viewer.subscribed && viewer.privateServices.includes(service);
}
