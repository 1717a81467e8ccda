import { describe, expect, it } from 'vitest';
import { parseStartAt } from './use-start-at';

describe('?t= opens a class at a moment (issue 42)', () => {
  it('takes whole seconds and nothing else', () => {
    expect(parseStartAt('95')).toBe(95);
    expect(parseStartAt('0')).toBe(0);
    for (const bad of [null, '', '-5', '1.5', '12abc', '9999999', ' 3']) expect(parseStartAt(bad)).toBeNull();
  });
});
