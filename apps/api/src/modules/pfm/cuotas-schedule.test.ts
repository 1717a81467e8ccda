import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuotaAmounts, cuotasSchedule, dueDateFor, statementClosingFor } from './cuotas-schedule';

const card = (closingDay: number, dueDay: number) => ({ closingDay, dueDay });
const closings = (schedule: ReturnType<typeof cuotasSchedule>) =>
  schedule.cuotas.map((c) => c.statementClosing);
const amounts = (schedule: ReturnType<typeof cuotasSchedule>) => schedule.cuotas.map((c) => c.amountMinor);

describe('cuotas schedule: the statement each cuota falls in', () => {
  it('1. closing day 31 closes on the 30th of a 30-day month', () => {
    const s = cuotasSchedule({
      purchasedOn: '2026-04-15',
      amountMinor: 300_00,
      installments: 3,
      ...card(31, 10),
    });
    expect(closings(s)).toEqual(['2026-04-30', '2026-05-31', '2026-06-30']);
    expect(s.cuotas.map((c) => c.dueDate)).toEqual(['2026-05-10', '2026-06-10', '2026-07-10']);
  });

  it('2. closing day 31 closes on 28 February (and 29 in a leap year)', () => {
    const s = cuotasSchedule({
      purchasedOn: '2027-01-31',
      amountMinor: 200_00,
      installments: 2,
      ...card(31, 10),
    });
    expect(closings(s)).toEqual(['2027-01-31', '2027-02-28']);
    const leap = cuotasSchedule({
      purchasedOn: '2028-02-29',
      amountMinor: 100_00,
      installments: 1,
      ...card(31, 10),
    });
    expect(closings(leap)).toEqual(['2028-02-29']);
    expect(leap.cuotas[0]?.dueDate).toBe('2028-03-10');
  });

  it('3. a purchase on the closing day is in that statement; the next day, in the next one', () => {
    expect(statementClosingFor('2026-03-25', 25)).toBe('2026-03-25');
    expect(statementClosingFor('2026-03-26', 25)).toBe('2026-04-25');
  });

  it('4. a purchase on 30 April with closing day 31 is in April (clamped closing = that day)', () => {
    expect(statementClosingFor('2026-04-30', 31)).toBe('2026-04-30');
    expect(statementClosingFor('2026-05-01', 31)).toBe('2026-05-31');
  });

  it('5. statements across the year end: December into January of the next year', () => {
    const s = cuotasSchedule({
      purchasedOn: '2026-12-20',
      amountMinor: 600_00,
      installments: 3,
      ...card(15, 5),
    });
    expect(closings(s)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
    expect(s.cuotas.map((c) => c.dueDate)).toEqual(['2027-02-05', '2027-03-05', '2027-04-05']);
  });

  it('6. closing day 30 in February, after a purchase on 29 January: closes 28 February', () => {
    const s = cuotasSchedule({
      purchasedOn: '2026-01-31',
      amountMinor: 100_00,
      installments: 2,
      ...card(30, 12),
    });
    expect(closings(s)).toEqual(['2026-02-28', '2026-03-30']);
  });

  it('7. due day before the closing day: due the next month; after it: the same month', () => {
    expect(dueDateFor('2026-06-25', 5)).toBe('2026-07-05');
    expect(dueDateFor('2026-06-03', 15)).toBe('2026-06-15');
    // due day 30 after a February closing on the 28th: the 30th of March, never the closing day
    expect(dueDateFor('2026-02-28', 30)).toBe('2026-03-30');
  });
});

describe('cuotas schedule: amounts to the centavo', () => {
  it('8. interest-free, a count that divides the amount', () => {
    expect(cuotaAmounts(120_000_00, 12)).toEqual(Array(12).fill(10_000_00));
  });

  it('9. interest-free, a count that does not divide: the leftover centavos go to the first cuota', () => {
    // $ 1.000,00 in 3: 333,33 × 3 = 999,99, the centavo left goes to cuota 1
    expect(cuotaAmounts(1_000_00, 3)).toEqual([333_34, 333_33, 333_33]);
    // $ 100,00 in 7: 14,28 × 7 = 99,96; 4 centavos to cuota 1
    expect(cuotaAmounts(100_00, 7)).toEqual([14_32, 14_28, 14_28, 14_28, 14_28, 14_28, 14_28]);
  });

  it('10. interest-free, fewer centavos than cuotas: zero-peso cuotas are still listed', () => {
    expect(cuotaAmounts(5, 6)).toEqual([5, 0, 0, 0, 0, 0]);
  });

  it('11. with interest (TNA 60 %, 3 cuotas): the French cuota, rounded half up', () => {
    // i = 5 %; 1000 × 0,05 / (1 − 1,05^−3) = 367,2085… → $ 367,21
    const s = cuotasSchedule({
      purchasedOn: '2026-05-02',
      amountMinor: 1_000_00,
      installments: 3,
      annualRatePercent: '60',
      ...card(25, 5),
    });
    expect(amounts(s)).toEqual([367_21, 367_21, 367_21]);
    expect(s.totalMinor).toBe(1_101_63);
  });

  it('12. with interest (TNA 45,5 %, 12 cuotas of $ 250.000)', () => {
    // i = 0,0379166…; 250000 × i / (1 − (1+i)^−12) = 26.317,037… → $ 26.317,04
    expect(cuotaAmounts(250_000_00, 12, '45.5')).toEqual(Array(12).fill(26_317_04));
  });

  it('13. one cuota is the price itself, with or without a rate of 0', () => {
    expect(cuotaAmounts(12_345_67, 1)).toEqual([12_345_67]);
    expect(cuotaAmounts(12_345_67, 1, '0')).toEqual([12_345_67]);
  });

  it('14. 72 cuotas from the 31st of January land on each month end for six years', () => {
    const s = cuotasSchedule({
      purchasedOn: '2026-01-31',
      amountMinor: 72_00,
      installments: 72,
      ...card(31, 10),
    });
    expect(s.cuotas).toHaveLength(72);
    expect(s.cuotas[1]?.statementClosing).toBe('2026-02-28');
    expect(s.cuotas[25]?.statementClosing).toBe('2028-02-29');
    expect(s.cuotas[71]?.statementClosing).toBe('2031-12-31');
  });

  it('15. property: interest-free cuotas add up to the price, differ by the leftover only, one per month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000_00 }),
        fc.integer({ min: 1, max: 72 }),
        fc.integer({ min: 1, max: 31 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        (amount, count, closingDay, when) => {
          const s = cuotasSchedule({
            purchasedOn: when.toISOString().slice(0, 10),
            amountMinor: amount,
            installments: count,
            closingDay,
            dueDay: 10,
          });
          expect(s.totalMinor).toBe(amount);
          const rest = s.cuotas.slice(1).map((c) => c.amountMinor);
          expect(new Set(rest).size).toBeLessThanOrEqual(1);
          if (count > 1) expect((s.cuotas[0]?.amountMinor ?? 0) - (rest[0] ?? 0)).toBeLessThan(count);
          const months = s.cuotas.map((c) => c.statementClosing.slice(0, 7));
          expect(new Set(months).size).toBe(count);
        },
      ),
      { seed: 43, numRuns: 300 },
    );
  });
});
