import { describe, expect, it } from 'vitest';
import { eventSourceText, eventText, knownEventNames } from './event-words';

/** The web's own sources, as text: every event name it sends must have words on the member page. */
const sources = import.meta.glob(
  ['../../../**/*.{ts,tsx}', '!../../../**/*.test.{ts,tsx}', '!../../../**/*.stories.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

function trackedEventNames(): Set<string> {
  const names = new Set<string>();
  for (const [path, text] of Object.entries(sources)) {
    if (path.includes('/admin/')) continue;
    for (const match of text.matchAll(/\btrack\(\s*'([A-Za-z_]+)'/g)) names.add(match[1] as string);
    if (!/\btrack\(|Events\[/.test(text)) continue;
    for (const match of text.matchAll(/\b(?:event|eventName): '([A-Za-z_]+)'/g))
      names.add(match[1] as string);
    if (/-events\.ts$/.test(path))
      for (const match of text.matchAll(/^\s+\w+: '([A-Za-z_]+)',$/gm)) names.add(match[1] as string);
  }
  return names;
}

describe('her events on the member page, in words (issue 40)', () => {
  it('says what she did, not the event’s code', () => {
    expect(eventText('academy_course_view')).toBe('Abrió un curso');
    expect(eventText('logged_in')).toBe('Ingresó');
    expect(eventText('subscription_checkout_success')).toBe('Se aprobó el pago de su suscripción');
    expect(eventSourceText('web')).toBe('Web');
  });

  it('an event it does not know yet is still a Spanish sentence, naming it', () => {
    expect(eventText('panel.visto')).toBe('Otro evento («panel.visto»)');
  });

  it('knows every event the web sends', () => {
    const tracked = trackedEventNames();
    // the scan finds the web's events (a broken scan would pass with nothing)
    expect(tracked.size).toBeGreaterThan(60);
    const known = new Set(knownEventNames());
    expect([...tracked].filter((name) => !known.has(name)).sort()).toEqual([]);
  });
});
