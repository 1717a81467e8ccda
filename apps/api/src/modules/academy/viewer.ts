import type { Database } from '../../db/client';
import { argentinaDate } from '../../lib/argentina-date';
import { type PreparedStatement, runPrepared } from './prepared-query';

/** What the server needs to know about the caller to decide access. Anonymous = no user. */
export interface Viewer {
  userId: string | null;
  subscribed: boolean;
  planName: string | null;
  privateServices: string[];
  privateCommunityAccess: boolean;
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
  purchased: new Set(),
  viaPacks: new Set(),
  today,
});

const viewerStatement: PreparedStatement = {
  name: 'academy_viewer',
  text: `
    select coalesce(u.subscription_end_date >= $1::date, false) as subscribed,
           p.name as plan_name,
           p.private_services,
           u.private_community_access,
           array(select up.product_id from user_purchases up where up.user_id = u.id) as purchased,
           array(select pi.item_id from user_purchases up
                   join pack_items pi on pi.pack_id = up.product_id
                  where up.user_id = u.id) as via_packs
      from users u
      left join subscription_plans p on p.id = u.subscription_plan_id
     where u.id = $2`,
};

let todayCache = { second: -1, date: '' };
/** The Argentina date, formatted at most once a second (every request asks for it). */
function today(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== todayCache.second) todayCache = { second, date: argentinaDate() };
  return todayCache.date;
}

/**
 * One prepared statement: subscription state at the Argentina date, plan services and everything
 * owned. Not cached: a purchase or a renewal must open content on the very next request.
 */
export async function loadViewer(db: Database, userId: string | null): Promise<Viewer> {
  const date = today();
  if (!userId) return anonymousViewer(date);
  const [row] = await runPrepared<{
    subscribed: boolean;
    plan_name: string | null;
    private_services: string[] | null;
    private_community_access: boolean;
    purchased: string[];
    via_packs: string[];
  }>(db, viewerStatement, [date, userId]);
  if (!row) return anonymousViewer(date);
  return {
    userId,
    subscribed: row.subscribed,
    planName: row.plan_name,
    privateServices: row.private_services ?? [],
    privateCommunityAccess: row.private_community_access,
    purchased: new Set(row.purchased),
    viaPacks: new Set(row.via_packs),
    today: date,
  };
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
