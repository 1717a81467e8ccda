import { describe, expect, it } from 'vitest';
import { classCount, formatDuration, moduleContents, spokenDuration } from './format-duration';

describe('durations', () => {
  it('reads "{m}m {s}s"', () => {
    expect(formatDuration(0)).toBe('0m 0s');
    expect(formatDuration(59)).toBe('0m 59s');
    expect(formatDuration(600)).toBe('10m 0s');
    expect(formatDuration(905)).toBe('15m 5s');
    expect(formatDuration(4500)).toBe('75m 0s');
    expect(formatDuration(-5)).toBe('0m 0s');
    expect(formatDuration(Number.NaN)).toBe('0m 0s');
  });

  it('has a spoken form', () => {
    expect(spokenDuration(61)).toBe('1 minuto 1 segundo');
    expect(spokenDuration(600)).toBe('10 minutos');
    expect(spokenDuration(0)).toBe('0 segundos');
  });

  it('counts a module’s classes and, apart, its materials; EMPTY sections are neither', () => {
    const sections = [
      { type: 'CLASS' },
      { type: 'DOWNLOADABLE_MATERIAL' },
      { type: 'CLASS' },
      { type: 'EMPTY' },
      { type: 'DOWNLOADABLE_MATERIAL' },
    ];
    expect(moduleContents(sections)).toBe('2 clases · 2 materiales');
    expect(moduleContents([{ type: 'CLASS' }, { type: 'DOWNLOADABLE_MATERIAL' }])).toBe(
      '1 clase · 1 material',
    );
    expect(moduleContents([{ type: 'CLASS' }, { type: 'EMPTY' }])).toBe('1 clase');
  });

  it('counts clase(s)', () => {
    expect(classCount(1)).toBe('1 clase');
    expect(classCount(3)).toBe('3 clases');
    expect(classCount(0)).toBe('0 clases');
  });
});
