import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { featureFlagsResponseSchema, serviceControlNames } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { switchDescription, switchLabel, switchLabels } from './switch-labels';

const migrations = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../api/src/db/migrations',
);

/** Switch names the API's migrations insert into service_controls and feature_flags. */
function seededSwitches(): string[] {
  const names: string[] = [];
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(path.join(migrations, file), 'utf8');
    for (const [, values] of sql.matchAll(
      /INSERT INTO "(?:service_controls|feature_flags)"[^;]*?VALUES([^;]*)/gi,
    )) {
      for (const [, name] of (values ?? '').matchAll(/\(\s*'([A-Za-z_]+)'/g)) names.push(name ?? '');
    }
  }
  return names;
}

describe('operator switches read as words', () => {
  const seeded = seededSwitches();
  const known = [
    ...new Set([...serviceControlNames, ...Object.keys(featureFlagsResponseSchema.shape), ...seeded]),
  ];

  it('finds the switches the migrations create (the read still works)', () => {
    expect(seeded).toContain('COMMUNITY');
    expect(seeded).toContain('enableAnnualSubscriptionPurchase');
  });

  it('every switch the API knows has a name and a line on what it changes for learners', () => {
    for (const name of known) {
      const entry = switchLabels[name];
      expect(entry, name).toBeDefined();
      expect(entry?.label).not.toMatch(/^[A-Z_]+$|[a-z][A-Z]/);
      expect(entry?.description).toMatch(/alumnas|ingreso|planes/);
    }
  });

  it('an unknown switch says so instead of showing only its code', () => {
    expect(switchLabel('COMMUNITY')).toBe('Comunidad');
    expect(switchLabel('NEW_THING')).toBe('Interruptor NEW_THING');
    expect(switchDescription('NEW_THING')).toMatch(/Todavía no/);
  });
});
