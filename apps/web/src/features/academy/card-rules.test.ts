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
  it('sends an inaccessible course to the subscription plans', () => {
    expect(courseCardTarget({ id: 'c', isAccessibleByUser: false }, null)).toEqual({
      to: '/compra/suscripcion',
      event: 'purchase',
    });
  });
});
