import { featureFlagsResponseSchema, serviceControlNames } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { switchDescription, switchLabel, switchLabels } from './switch-labels';

describe('operator switches read as words', () => {
  const known = [...serviceControlNames, ...Object.keys(featureFlagsResponseSchema.shape)];

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
