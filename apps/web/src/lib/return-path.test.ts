import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../test/browser-stubs';
import { forgetReturnPath, readReturnPath, rememberReturnPath, safeReturnPath } from './return-path';

describe('return path after registering from the shop window', () => {
  beforeEach(() => {
    stubStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('accepts only relative paths of the shop window and the academy', () => {
    for (const ok of [
      '/cursos/finanzas-101',
      '/programas/programa-x',
      '/academy',
      '/academy/curso-1',
      '/cursos/a?b=1',
    ]) {
      expect(safeReturnPath(ok)).toBe(ok);
    }
    for (const bad of [
      'https://evil.example/cursos/x',
      '//evil.example/cursos/x',
      '/\\evil.example',
      '/cursos/',
      '/cursos/a/b',
      '/admin',
      '/mi-cuenta',
      '/academy//evil.example',
      'javascript:alert(1)',
      '/cursos/x\\y',
      42,
      null,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('keeps a safe path for a week, until it is followed', () => {
    rememberReturnPath('/cursos/finanzas-101');
    expect(readReturnPath()).toBe('/cursos/finanzas-101');
    forgetReturnPath();
    expect(readReturnPath()).toBeNull();
    rememberReturnPath('https://evil.example');
    expect(readReturnPath()).toBeNull();
    localStorage.setItem('returnPath', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(readReturnPath()).toBeNull();
    rememberReturnPath('/cursos/viejo');
    expect(readReturnPath(Date.now() + 8 * 24 * 60 * 60 * 1000)).toBeNull();
  });
});
