import { describe, expect, it, vi } from 'vitest';
import { intentHandlers } from './intent-prefetch';

describe('intentHandlers', () => {
  it('prefetches on the first hover, touch or focus, and only once for all of them', () => {
    const prefetch = vi.fn();
    const handlers = intentHandlers(prefetch);
    expect(prefetch).not.toHaveBeenCalled();
    handlers.onPointerEnter();
    handlers.onPointerEnter();
    handlers.onTouchStart();
    handlers.onFocus();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('each card has its own: a touch on one does not use up another', () => {
    const first = vi.fn();
    const second = vi.fn();
    intentHandlers(first).onTouchStart();
    intentHandlers(second).onFocus();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
