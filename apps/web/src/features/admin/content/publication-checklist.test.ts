import type { AdminCourse } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { missingForPublication, publicationChecklist } from './content-api';

type Checked = Parameters<typeof publicationChecklist>[0];
const card: Checked = {
  kind: 'COURSE',
  thumbnail: '/media/portadas/a.png',
  category: 'ORDER',
  level: 'BEGINNER',
  modules: [],
  items: [],
};
const section = (type: 'CLASS' | 'DOWNLOADABLE_MATERIAL' | 'EMPTY', sectionUrl: string | null) =>
  ({
    id: `s-${type}`,
    name: 'x',
    order: 1,
    type,
    duration: 60,
    sectionUrl,
    mimeType: null,
    fileExtension: null,
    hasCaptions: false,
  }) satisfies AdminCourse['modules'][number]['sections'][number];
const moduleWith = (...sections: ReturnType<typeof section>[]) => [
  { id: 'm1', name: 'Uno', order: 1, sections },
];

describe('the publication checklist in the editor (issue 40)', () => {
  it('an empty course lacks a module and a class with its video or material, even with its card complete', () => {
    expect(missingForPublication(card)).toEqual(['un módulo', 'una clase con su video o material']);
    expect(
      publicationChecklist(card).map((item) => `${item.label}: ${item.done ? 'listo' : 'falta'}`),
    ).toEqual([
      'Portada: listo',
      'Categoría: listo',
      'Nivel: listo',
      'Un módulo: falta',
      'Una clase con su video o material: falta',
    ]);
  });

  it('a module of empty sections is still nothing to open; a class with its video or a material is', () => {
    expect(missingForPublication({ ...card, modules: moduleWith(section('EMPTY', null)) })).toEqual([
      'una clase con su video o material',
    ]);
    expect(
      missingForPublication({ ...card, modules: moduleWith(section('CLASS', '/media/videos/a.mp4')) }),
    ).toEqual([]);
    expect(
      missingForPublication({
        ...card,
        modules: moduleWith(section('DOWNLOADABLE_MATERIAL', 'materiales/guia.pdf')),
      }),
    ).toEqual([]);
  });

  it('a pack needs its contents instead', () => {
    expect(missingForPublication({ ...card, kind: 'PACK' })).toEqual(['un contenido en el pack']);
    expect(missingForPublication({ ...card, kind: 'PACK', items: ['curso-a'] })).toEqual([]);
  });
});
