import { describe, expect, it } from 'vitest';
import { readEvents } from '../features/aladina/aladina-api';
import { chatVendorOf, launcherLabel } from '../features/chat/chat-rules';
import { navItems } from './shell/nav-model';

describe('Aladina on the web (issue 42)', () => {
  it('enables the nav entry only while ALADINA is on; off it stays the coming-soon entry', () => {
    const off = navItems({ communityEnabled: false }).find((i) => i.key === 'aladina');
    expect(off).toMatchObject({ path: '/aladina', isDisabled: true });
    const on = navItems({ communityEnabled: false, aladinaEnabled: true }).find((i) => i.key === 'aladina');
    expect(on).toMatchObject({ path: '/aladina', isDisabled: false });
  });

  it('the chat launcher keeps its vendors and gains ALADINA', () => {
    expect(chatVendorOf('CHAT_BOTPRESS')).toBe('CHAT_BOTPRESS');
    expect(chatVendorOf('ALADINA')).toBe('ALADINA');
    expect(chatVendorOf(null)).toBe('CHAT_CUSTOMGPT');
    expect(launcherLabel('ALADINA')).toBe('Aladina');
  });

  it('reads server-sent events split anywhere across chunks', () => {
    const first = readEvents('event: meta\ndata: {"a":1}\n\nevent: delta\ndata: {"te');
    expect(first.events).toEqual([{ event: 'meta', data: { a: 1 } }]);
    const second = readEvents(`${first.rest}xt":"hola"}\n\n`);
    expect(second.events).toEqual([{ event: 'delta', data: { text: 'hola' } }]);
    expect(second.rest).toBe('');
  });
});
