import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readRootTokens, resolveToken } from './contrast';

const tokens = readRootTokens(readFileSync(new URL('./global.css', import.meta.url), 'utf8'));
const color = (name: string) => resolveToken(tokens, `--color-${name}`);

/** [foreground, background]: text read on that background (WCAG 1.4.3, 4.5:1 for body text). */
const textPairs: Array<[string, string]> = [
  ['text', 'surface'],
  ['text', 'background'],
  ['text', 'primary-soft'],
  ['text', 'info-soft'],
  ['text', 'accent-soft'],
  ['text', 'warning-soft'],
  ['muted', 'surface'],
  ['muted', 'background'],
  ['primary', 'surface'],
  ['primary', 'background'],
  ['primary', 'primary-soft'],
  ['primary-dark', 'primary-soft'],
  ['primary-dark', 'surface'],
  ['accent', 'surface'],
  ['accent-dark', 'accent-soft'],
  ['on-primary', 'primary'],
  ['on-primary', 'primary-dark'],
  ['on-primary', 'accent'],
  ['on-primary', 'accent-dark'],
  ['on-primary', 'danger'],
  ['on-primary', 'danger-dark'],
  ['on-primary', 'success'],
  ['danger', 'surface'],
  ['danger', 'background'],
  ['danger-text', 'danger-soft'],
  ['success', 'surface'],
  ['success-text', 'success-soft'],
  ['warning-text', 'warning-soft'],
  ['warning', 'surface'],
  ['disabled-text', 'disabled'],
];

/**
 * Non-text contrast (WCAG 1.4.11, 3:1): the edge of a field, and the focus ring. The ring is two
 * rings (light inside, dark outside), so on any background one of them stands out: the dark one
 * on light surfaces, the light one on dark ones (filled buttons, the dark bars).
 */
const uiPairs: Array<[string, string]> = [
  ['border-strong', 'surface'],
  ['border-strong', 'background'],
  ['focus-outer', 'surface'],
  ['focus-outer', 'background'],
  ['focus-outer', 'primary-soft'],
  ['focus-outer', 'info-soft'],
  ['focus-outer', 'danger-soft'],
  ['focus-outer', 'success-soft'],
  ['focus-outer', 'warning-soft'],
  ['focus-inner', 'focus-outer'],
  ['focus-inner', 'primary'],
  ['focus-inner', 'primary-dark'],
  ['focus-inner', 'accent'],
  ['focus-inner', 'danger'],
  ['focus-inner', 'success'],
  ['focus-inner', 'text'],
];

describe('design tokens', () => {
  it.each(textPairs)('text %s on %s has at least 4.5:1', (foreground, background) => {
    expect(contrastRatio(color(foreground), color(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(uiPairs)('%s against %s has at least 3:1', (foreground, background) => {
    expect(contrastRatio(color(foreground), color(background))).toBeGreaterThanOrEqual(3);
  });

  it('draws the focus ring with both ring colours', () => {
    const ring = tokens.get('--focus-ring') ?? '';
    expect(ring).toContain('var(--color-focus-inner)');
    expect(ring).toContain('var(--color-focus-outer)');
  });

  it('declares the type, spacing, radius and shadow scales', () => {
    for (const step of ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl']) {
      expect(tokens.has(`--text-${step}`), `--text-${step}`).toBe(true);
    }
    for (let step = 1; step <= 8; step += 1) {
      expect(tokens.has(`--space-${step}`), `--space-${step}`).toBe(true);
    }
    for (const name of [
      '--radius-sm',
      '--radius',
      '--radius-lg',
      '--shadow-card',
      '--font-sans',
      '--font-display',
    ]) {
      expect(tokens.has(name), name).toBe(true);
    }
  });
});

describe('contrastRatio', () => {
  it('gives the known extremes and is symmetric', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(contrastRatio('#777777', '#ffffff'), 10);
  });
});
