import { describe, expect, it, vi } from 'vitest';
import { type PushScope, readPushPayload, registerPushHandlers, sameOriginUrl } from './service-worker-push';

const origin = 'https://alcancia.example';

/** A service worker scope of our own: its listeners, its notifications, its windows. */
function fakeScope(
  windows: {
    url: string;
    focus: () => Promise<unknown>;
    navigate?: (url: string) => Promise<unknown>;
  }[] = [],
) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: unknown }[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin },
    registration: {
      showNotification: vi.fn(async (title: string, options: unknown) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  } as unknown as PushScope;
  registerPushHandlers(scope);
  /** fires an event and waits for what it handed to waitUntil */
  async function fire(type: string, event: object) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  }
  return { fire, shown, opened };
}

describe('service worker push handlers', () => {
  it('shows the payload’s title and body, keeping a same-origin url', async () => {
    const sw = fakeScope();
    const payload = {
      title: 'Seguí donde quedaste',
      body: 'Tu próxima clase te espera.',
      url: '/academy/c1/s2',
    };
    await sw.fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(sw.shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({
          body: payload.body,
          data: { url: `${origin}/academy/c1/s2` },
          lang: 'es-AR',
        }),
      },
    ]);
  });

  it('a push without JSON still shows a neutral Spanish notification', async () => {
    const sw = fakeScope();
    await sw.fire('push', { data: null });
    expect(sw.shown[0]?.title).toBe('Alcancía');
    expect(
      readPushPayload({
        json: () => {
          throw new Error('x');
        },
        text: () => 'Hola',
      }),
    ).toEqual({ title: 'Alcancía', body: 'Hola', url: '/novedades' });
  });

  it('a click opens only same-origin addresses; another site becomes the home page', async () => {
    expect(sameOriginUrl('https://evil.example/phish', origin)).toBe(`${origin}/novedades`);
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe(`${origin}/novedades`);
    expect(sameOriginUrl('//evil.example/x', origin)).toBe(`${origin}/novedades`);
    expect(sameOriginUrl('/mi-cuenta', origin)).toBe(`${origin}/mi-cuenta`);
    const sw = fakeScope();
    const close = vi.fn();
    await sw.fire('notificationclick', {
      notification: { data: { url: 'https://evil.example/phish' }, close },
    });
    expect(close).toHaveBeenCalled();
    expect(sw.opened).toEqual([`${origin}/novedades`]);
  });

  it('a click focuses a window already there, or navigates one of ours, before opening a new one', async () => {
    const focusExact = vi.fn(async () => undefined);
    const exact = fakeScope([{ url: `${origin}/academy`, focus: focusExact }]);
    await exact.fire('notificationclick', {
      notification: { data: { url: `${origin}/academy` }, close: () => {} },
    });
    expect(focusExact).toHaveBeenCalled();
    expect(exact.opened).toEqual([]);

    const navigate = vi.fn(async () => undefined);
    const other = fakeScope([{ url: `${origin}/novedades`, focus: vi.fn(async () => undefined), navigate }]);
    await other.fire('notificationclick', {
      notification: { data: { url: `${origin}/academy/c1` }, close: () => {} },
    });
    expect(navigate).toHaveBeenCalledWith(`${origin}/academy/c1`);
    expect(other.opened).toEqual([]);
  });
});
