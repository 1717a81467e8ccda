import { vi } from 'vitest';

/** An in-memory Storage for the node test environment. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** Fresh localStorage and sessionStorage globals; undone by vi.unstubAllGlobals(). */
export function stubStorage(): { local: MemoryStorage; session: MemoryStorage } {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  return { local, session };
}

/** A Web Locks stand-in that runs the tasks of one lock name one after another. */
export function fakeLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  const request = vi.fn((name: string, _options: unknown, task: () => Promise<unknown>) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(() => task());
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  });
  return { request };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
