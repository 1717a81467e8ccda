import { describe, expect, it } from 'vitest';
import { type GrantableProduct, grantChoices } from './grant-choices';

const products: GrantableProduct[] = [
  { id: 'prog-a', name: 'Chau deudas', kind: 'PROGRAM', published: true },
  { id: 'prog-b', name: 'Inversiones', kind: 'PROGRAM', published: false },
  { id: 'pack-a', name: 'Pack ahorro', kind: 'PACK', published: true },
];

describe('the grant picker', () => {
  it('offers programs, then packs, leaving out what she owns; an unpublished one says so', () => {
    expect(grantChoices(products, ['prog-a'])).toEqual([
      { label: 'Programas', options: [{ value: 'prog-b', label: 'Inversiones (sin publicar)' }] },
      { label: 'Packs', options: [{ value: 'pack-a', label: 'Pack ahorro' }] },
    ]);
  });

  it('drops an empty group, and offers nothing when she owns everything', () => {
    expect(grantChoices(products, ['pack-a']).map((group) => group.label)).toEqual(['Programas']);
    expect(grantChoices(products, ['prog-a', 'prog-b', 'pack-a'])).toEqual([]);
  });
});
