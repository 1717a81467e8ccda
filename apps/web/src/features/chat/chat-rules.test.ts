import { describe, expect, it } from 'vitest';
import {
  chatFrameSecret,
  chatFrameUrl,
  chatVendorOf,
  clearChatMessage,
  launcherLabel,
  showChatLauncher,
} from './chat-rules';

describe('chat assistant', () => {
  it('shows the launcher only when enabled, with a user, and never on the community page', () => {
    expect(showChatLauncher({ enabled: true, userId: 'u', pathname: '/academy' })).toBe(true);
    expect(showChatLauncher({ enabled: false, userId: 'u', pathname: '/academy' })).toBe(false);
    expect(showChatLauncher({ enabled: undefined, userId: 'u', pathname: '/academy' })).toBe(false);
    expect(showChatLauncher({ enabled: true, userId: null, pathname: '/academy' })).toBe(false);
    expect(showChatLauncher({ enabled: true, userId: 'u', pathname: '/comunidad' })).toBe(false);
  });
  it('hides the launcher on the pages that disable buttons: the checkouts and their results', () => {
    for (const pathname of [
      '/compra/suscripcion/Plan%20Oro/monthly',
      '/compra/programa/programa-inversora-inteligente',
      '/compra-exitosa',
      '/suscripcion-exitosa',
    ]) {
      expect(showChatLauncher({ enabled: true, userId: 'u', pathname })).toBe(false);
    }
    expect(showChatLauncher({ enabled: true, userId: 'u', pathname: '/programas' })).toBe(true);
  });
  it('embeds the vendor page with the frame secret and the user id', () => {
    expect(chatFrameUrl('CHAT_CUSTOMGPT', 'u 1')).toBe(
      `/assets/customGPT.html?secretPostMessage=${chatFrameSecret}&userId=u+1`,
    );
    expect(chatFrameUrl(chatVendorOf('CHAT_BOTPRESS'), 'u1')).toMatch(/^\/assets\/botPress\.html\?/);
    expect(chatVendorOf(null)).toBe('CHAT_CUSTOMGPT');
  });
  it('labels the CustomGPT trial and clears with the secret', () => {
    expect(launcherLabel('CHAT_CUSTOMGPT')).toBe('VERSIÓN DE PRUEBA');
    expect(clearChatMessage()).toEqual({ secret: chatFrameSecret, clearChat: true });
  });
});
