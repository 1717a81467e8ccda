import type { Metrics } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { argentinaToday, formatDay, formatRate, metricsCsv, shiftDay } from './metrics-format';

const metrics: Metrics = {
  from: '2026-03-01',
  to: '2026-03-02',
  signUps: 3,
  validatedAccounts: 2,
  activeSubscribersByPlan: [{ planId: 'oro', planName: 'Plan Oro, "anual"', count: 4 }],
  activeSubscribers: 4,
  trialsStarted: 1,
  newSubscriptions: 2,
  cancelledSubscriptions: 1,
  mrr: 1_234_567,
  churnRate: 0.25,
  revenue: { subscriptions: 100, programs: 200, packs: 300, guestMemberships: 400, total: 1000 },
  refunds: { count: 1, amount: 100 },
  courseStarts: 5,
  courseCompletions: 1,
  funnel: [
    { step: 'subscription_modal', count: 10 },
    { step: 'paid', count: 2 },
  ],
  days: [
    { date: '2026-03-01', signUps: 1, newSubscriptions: 0, cancelledSubscriptions: 0, revenue: 0 },
    { date: '2026-03-02', signUps: 2, newSubscriptions: 2, cancelledSubscriptions: 1, revenue: 1000 },
  ],
  generatedAt: '2026-03-02T12:00:00.000Z',
};

describe('metricsCsv', () => {
  it('writes every figure, money in pesos with a dot, quoted where needed, and one row per day', () => {
    const csv = metricsCsv(metrics);
    expect(csv.startsWith('\uFEFFindicador,valor\r\n')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toContain('MRR (ARS),12345.67');
    expect(lines).toContain('churn,0.2500');
    expect(lines).toContain('"suscriptoras activas: Plan Oro, ""anual""",4');
    expect(lines).toContain('embudo: Vieron los planes,10');
    expect(lines).toContain(
      'fecha,altas de cuentas,suscripciones nuevas,suscripciones canceladas,ingresos (ARS)',
    );
    expect(lines.at(-1)).toBe('2026-03-02,2,2,1,10.00');
  });
});

describe('metricsCsv with names a spreadsheet would run', () => {
  it('keeps every plan name inside its quoted cell, so no row of the file starts with a formula', () => {
    const csv = metricsCsv({
      ...metrics,
      activeSubscribersByPlan: [
        { planId: 'a', planName: 'Oro\r=SUM(A1:A9)', count: 1 },
        { planId: 'b', planName: 'Plata;=HYPERLINK("http://x","y")', count: 2 },
      ],
    });
    // a carriage return alone ends a row in a spreadsheet: it must stay inside the quotes
    expect(csv).toContain('\r\n"suscriptoras activas: Oro\r=SUM(A1:A9)",1\r\n');
    // an Argentine spreadsheet splits a comma file at ";" too: the cell is quoted whole
    expect(csv).toContain('\r\n"suscriptoras activas: Plata;=HYPERLINK(""http://x"",""y"")",2\r\n');
    // and the figures are still numbers
    expect(csv).toContain('\r\nMRR (ARS),12345.67\r\n');
  });
});

describe('dates and rates', () => {
  it('writes es-AR dates and percentages, and moves days in Argentina', () => {
    expect(formatDay('2026-03-01')).toBe('01/03/2026');
    expect(formatRate(0.25)).toMatch(/^25\s?%$/);
    expect(formatRate(null)).toBe('—');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    // 01:00 UTC on the 2nd is still the 1st in Buenos Aires (UTC−3)
    expect(argentinaToday(new Date('2026-03-02T01:00:00Z'))).toBe('2026-03-01');
  });
});
