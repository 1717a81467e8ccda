import { describe, expect, it } from 'vitest';
import { courseCardTarget } from './card-rules';

describe('course card click', () => {
  it('opens an accessible course and sends start or continue', () => {
    expect(courseCardTarget({ id: 'a b', isAccessibleByUser: true }, null)).toEqual({
      to: '/academy/a%20b',
      event: 'start',
    });
    expect(courseCardTarget({ id: 'c', isAccessibleByUser: true }, 0.4).event).toBe('continue');
  });
  it('opens the course page of a locked course too (not the plans), sending purchase', () => {
    expect(courseCardTarget({ id: 'c', isAccessibleByUser: false }, null)).toEqual({
      to: '/academy/c',
      event: 'purchase',
    });
  });
});
