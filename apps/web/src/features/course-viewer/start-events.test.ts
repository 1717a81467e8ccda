import { describe, expect, it } from 'vitest';
import { startEvents } from './start-events';

describe('start events of the course viewer', () => {
  it('starts the module and the section on arrival', () => {
    expect(startEvents(null, 'm1')).toEqual(['module_started', 'section_started']);
  });

  it('starts only the section within the same module, and the module again when she changes module', () => {
    expect(startEvents('m1', 'm1')).toEqual(['section_started']);
    expect(startEvents('m1', 'm2')).toEqual(['module_started', 'section_started']);
  });
});
