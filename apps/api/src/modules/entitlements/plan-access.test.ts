import { describe, expect, it } from 'vitest';
import { coverageEnd, layQueued, type PlanGrant, planAccessOf } from './plan-access';

const today = '2026-11-27';
let nextId = 1;
const grant = (over: Partial<PlanGrant>): PlanGrant => ({
  id: nextId++,
  planId: 'plan-esencial',
  weight: 1,
  startsOn: today,
  endsOn: today,
  queued: false,
  lengthMonths: 0,
  lengthDays: 0,
  origin: 'CARD',
  state: 'active',
  ...over,
});

describe('plan access from grants (decision 90)', () => {
  it('joins grants that touch and stops at a gap', () => {
    const a = grant({ endsOn: '2026-12-27' });
    const b = grant({ startsOn: '2026-12-28', endsOn: '2027-03-28' });
    const c = grant({ startsOn: '2027-04-10', endsOn: '2027-05-10' });
    expect(coverageEnd([a, b, c], today)).toBe('2027-03-28');
    expect(coverageEnd([c], today)).toBe('2026-11-26');
  });

  it('lays queued grants after the others, in the order bought, and moves them up when one ends', () => {
    const card = grant({ endsOn: '2027-11-27', weight: 2, planId: 'plan-oro' });
    const guest = grant({
      queued: true,
      lengthMonths: 3,
      origin: 'GUEST_PURCHASE',
      startsOn: '9999-12-31',
      endsOn: '9999-12-31',
    });
    const moves = layQueued([card, guest], today);
    expect(moves.get(guest.id)).toEqual({ startsOn: '2027-11-28', endsOn: '2028-02-27' });
    const laid = { ...guest, ...moves.get(guest.id) };
    const ended = { ...card, state: 'ended' as const, endsOn: '2026-11-26' };
    expect(layQueued([ended, laid], today).get(guest.id)).toEqual({ startsOn: today, endsOn: '2027-02-27' });
  });

  it('shows the heaviest plan running today, the card before a queued one of equal weight', () => {
    const esencial = grant({ endsOn: '2027-11-27' });
    const oro = grant({
      planId: 'plan-oro',
      weight: 2,
      startsOn: '2027-11-28',
      endsOn: '2028-05-27',
      queued: true,
    });
    expect(planAccessOf([esencial, oro], today)).toEqual({
      endDate: '2028-05-27',
      planId: 'plan-esencial',
      origin: 'CARD',
    });
  });

  it('with nothing running, reads the last grant that ended; with no grants, nothing', () => {
    const ended = grant({ state: 'ended', startsOn: today, endsOn: '2026-11-26', origin: 'GUEST_PURCHASE' });
    expect(planAccessOf([ended], today)).toEqual({
      endDate: '2026-11-26',
      planId: 'plan-esencial',
      origin: 'GUEST_PURCHASE',
    });
    expect(planAccessOf([], today)).toBeNull();
  });
});
