import { tagCodeOf } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { coverFileProblem } from './cover-control';

describe('cover file check', () => {
  it('takes a JPEG, PNG or WebP up to 2 MB, and names what is wrong otherwise', () => {
    expect(coverFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(coverFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(coverFileProblem({ type: 'image/gif', size: 10 })).toBe(
      'La portada tiene que ser una imagen JPEG, PNG o WebP.',
    );
    expect(coverFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe(
      'La imagen supera los 2 MB: elegí una más liviana.',
    );
  });
});

describe('new tags', () => {
  it('become codes the catalogue takes', () => {
    expect(tagCodeOf('  Ahorro en Pesos ')).toBe('ahorro_en_pesos');
    expect(tagCodeOf('Inversión ¡ya!')).toBe('inversion_ya');
    expect(tagCodeOf('¿?')).toBe('');
  });
});
