import { addToDate } from '../../lib/subscription-dates';

/** A plan grant as the access rules see it (Argentina dates, YYYY-MM-DD). */
export interface PlanGrant {
  id: number;
  planId: string | null;
  weight: number;
  startsOn: string;
  endsOn: string;
  queued: boolean;
  lengthMonths: number;
  lengthDays: number;
  origin: string | null;
  state: 'active' | 'ended';
}

/** What users.subscription_end_date, subscription_plan_id and last_service_origin cache. */
export interface PlanAccess {
  endDate: string;
  planId: string | null;
  origin: string | null;
}

const isLive = (g: PlanGrant) => g.state === 'active' && g.startsOn <= g.endsOn;

/**
 * The last day of unbroken access from `today` on, over the given grants; the day before `today`
 * when none covers today. Grants that touch (one ends, the next starts the day after) join.
 */
export function coverageEnd(grants: PlanGrant[], today: string): string {
  let cursor = addToDate(today, { days: -1 });
  for (;;) {
    const next = addToDate(cursor, { days: 1 });
    let moved = cursor;
    for (const g of grants) if (g.startsOn <= next && g.endsOn > moved) moved = g.endsOn;
    if (moved === cursor) return cursor;
    cursor = moved;
  }
}

/**
 * Decision 90: a queued grant (a guest membership, a promo code's free period) runs after the plan
 * time she already has. Queued grants that have not started yet (they start after today; a new
 * one is inserted with a start far ahead) are laid again, in the order they
 * were bought, right after the unbroken access of the others: when a grant before them ends early
 * (a withdrawal, a refund) they move up; when a card agreement's period grows (a renewal) they move
 * on. Returns the new dates of the grants that moved.
 */
export function layQueued(
  grants: PlanGrant[],
  today: string,
): Map<number, { startsOn: string; endsOn: string }> {
  const live = grants.filter(isLive);
  const pending = live.filter((g) => g.queued && g.startsOn > today).sort((a, b) => a.id - b.id);
  const laid = live.filter((g) => !pending.includes(g));
  const moves = new Map<number, { startsOn: string; endsOn: string }>();
  let cursor = coverageEnd(laid, today);
  for (const g of pending) {
    const length = { months: g.lengthMonths, days: g.lengthDays };
    const startsOn = cursor < today ? today : addToDate(cursor, { days: 1 });
    const endsOn = addToDate(cursor < today ? today : cursor, length);
    if (startsOn !== g.startsOn || endsOn !== g.endsOn) moves.set(g.id, { startsOn, endsOn });
    laid.push({ ...g, startsOn, endsOn });
    cursor = coverageEnd(laid, today);
  }
  return moves;
}

/**
 * Her plan access on `today` (decision 90): the heaviest plan among the grants running today, and
 * the last day of her unbroken access; with none running, the last grant that ended (so "ended on"
 * still reads right). Null when she never had a plan grant.
 */
export function planAccessOf(grants: PlanGrant[], today: string): PlanAccess | null {
  const live = grants.filter(isLive);
  const running = live.filter((g) => g.startsOn <= today && today <= g.endsOn);
  if (running.length > 0) {
    const shown = running.reduce((best, g) =>
      g.weight > best.weight || (g.weight === best.weight && !g.queued && best.queued) ? g : best,
    );
    return { endDate: coverageEnd(live, today), planId: shown.planId, origin: shown.origin };
  }
  const past = grants.filter((g) => g.endsOn < today);
  if (past.length === 0) return null;
  const last = past.reduce((best, g) =>
    g.endsOn > best.endsOn || (g.endsOn === best.endsOn && g.id > best.id) ? g : best,
  );
  return { endDate: last.endsOn, planId: last.planId, origin: last.origin };
}
