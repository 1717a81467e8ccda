import { describe, expect, it } from 'vitest';
import { addDays, learningDayOf, mondayOf, summarizeWeek, type WeekTotals } from './weekly-streak';

const weeks = (entries: [string, Partial<WeekTotals>][]) =>
  new Map(entries.map(([monday, t]) => [monday, { seconds: 0, classes: 0, ...t }]));

describe('weeks on the Buenos Aires calendar', () => {
  it('a day is the Buenos Aires day: 02:30 UTC on a Monday is still Sunday there', () => {
    expect(learningDayOf(new Date('2026-11-30T02:30:00Z'))).toBe('2026-11-29');
    expect(learningDayOf(new Date('2026-11-30T03:00:00Z'))).toBe('2026-11-30');
  });

  it('a week starts on Monday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
    expect(addDays('2026-11-23', 6)).toBe('2026-11-29');
  });
});

describe('her week and streak (decision 0351)', () => {
  const minutes = { kind: 'MINUTES' as const, target: 30 };
  const classes = { kind: 'CLASSES' as const, target: 3 };

  it('counts whole minutes and classes of the week holding today', () => {
    const week = summarizeWeek({
      today: '2026-11-26',
      weeks: weeks([['2026-11-23', { seconds: 30 * 60 - 1, classes: 2 }]]),
      goal: minutes,
    });
    expect(week).toMatchObject({
      start: '2026-11-23',
      end: '2026-11-29',
      minutes: 29,
      classes: 2,
      reached: false,
    });
  });

  it('counts kept weeks in a row; a week under the goal ends the streak', () => {
    const week = summarizeWeek({
      today: '2026-11-26',
      weeks: weeks([
        ['2026-11-23', { classes: 3 }],
        ['2026-11-16', { classes: 4 }],
        ['2026-11-09', { classes: 3 }],
        ['2026-11-02', { classes: 2 }], // under the goal
        ['2026-10-26', { classes: 9 }],
      ]),
      goal: classes,
    });
    expect(week.reached).toBe(true);
    expect(week.streakWeeks).toBe(3);
  });

  it('the open week not yet kept does not break the streak of the weeks before it', () => {
    const week = summarizeWeek({
      today: '2026-11-24',
      weeks: weeks([
        ['2026-11-16', { seconds: 40 * 60 }],
        ['2026-11-09', { seconds: 30 * 60 }],
      ]),
      goal: minutes,
    });
    expect(week.reached).toBe(false);
    expect(week.streakWeeks).toBe(2);
  });

  it('forgives missed days: a week with study on one day only, reaching the goal, keeps the streak', () => {
    // the totals are per week: six days without study and one long session still keep it
    const week = summarizeWeek({
      today: '2026-11-29',
      weeks: weeks([
        ['2026-11-23', { seconds: 31 * 60 }],
        ['2026-11-16', { seconds: 30 * 60 }],
      ]),
      goal: minutes,
    });
    expect(week.streakWeeks).toBe(2);
  });

  it('a whole week missed ends it', () => {
    const week = summarizeWeek({
      today: '2026-11-26',
      weeks: weeks([
        ['2026-11-23', { classes: 3 }],
        ['2026-11-09', { classes: 3 }],
      ]),
      goal: classes,
    });
    expect(week.streakWeeks).toBe(1);
  });

  it('without a goal there is no streak, only the week’s figures', () => {
    const week = summarizeWeek({
      today: '2026-11-26',
      weeks: weeks([['2026-11-23', { classes: 5 }]]),
      goal: null,
    });
    expect(week).toMatchObject({ classes: 5, goal: null, reached: false, streakWeeks: 0 });
  });
});
