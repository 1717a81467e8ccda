import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../test/browser-stubs';
import { captureChannelFromUrl, getChannel, takeChannel } from './channel';

beforeEach(() => {
  stubStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('takeChannel', () => {
  it('splits the channel from the other parameters', () => {
    expect(takeChannel('?a=1&channel=instagram&b=2')).toEqual({ channel: 'instagram', search: '?a=1&b=2' });
    expect(takeChannel('?channel=tiktok')).toEqual({ channel: 'tiktok', search: '' });
    expect(takeChannel('?a=1')).toEqual({ channel: null, search: '?a=1' });
  });
});

describe('captureChannelFromUrl', () => {
  function browser(pathname: string, search: string, hash = '') {
    const replaceState = vi.fn();
    return {
      location: { pathname, search, hash },
      history: { state: { usr: { followingPage: '/x' }, key: 'k', idx: 0 }, replaceState },
    };
  }

  it('stores the channel and removes it from the URL, keeping the history state', () => {
    const fake = browser('/register', '?channel=newsletter&promoCode=HOLA', '#form');
    expect(captureChannelFromUrl(fake)).toBe('newsletter');
    expect(getChannel()).toBe('newsletter');
    expect(fake.history.replaceState).toHaveBeenCalledWith(
      fake.history.state,
      '',
      '/register?promoCode=HOLA#form',
    );
  });

  it('leaves URLs without a channel alone', () => {
    const fake = browser('/login', '?x=1');
    expect(captureChannelFromUrl(fake)).toBeNull();
    expect(fake.history.replaceState).not.toHaveBeenCalled();
    expect(getChannel()).toBeNull();
  });

  it('removes an empty channel without storing it', () => {
    localStorage.setItem('channel', 'before');
    const fake = browser('/', '?channel=');
    captureChannelFromUrl(fake);
    expect(fake.history.replaceState).toHaveBeenCalledWith(fake.history.state, '', '/');
    expect(getChannel()).toBe('before');
  });
});
