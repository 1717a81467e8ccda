import type { CourseModule, Section } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { certificateFileName, isCertificateAvailable } from './certificate-rules';

const section = (id: string, order: number, type: Section['type']): Section => ({
  id,
  name: id,
  order,
  type,
  duration: 0,
  section_url: null,
  mime_type: null,
  file_extension: null,
});
const module = (id: string, order: number, sections: Section[]): CourseModule => ({
  id,
  name: id,
  order,
  total_sections: sections.length,
  total_duration: 0,
  sections,
});

describe('certificate availability', () => {
  const endsWithClass = {
    modules: [
      module('m2', 2, [section('b', 1, 'CLASS')]),
      module('m1', 1, [section('a', 1, 'DOWNLOADABLE_MATERIAL')]),
    ],
  };
  const endsWithMaterial = {
    modules: [module('m1', 1, [section('a', 2, 'DOWNLOADABLE_MATERIAL'), section('b', 1, 'CLASS')])],
  };

  it('is offered once the course is finished', () => {
    expect(isCertificateAvailable(endsWithClass, { finished_at: null })).toBe(false);
    expect(isCertificateAvailable(endsWithClass, undefined)).toBe(false);
    expect(isCertificateAvailable(endsWithClass, { finished_at: '2026-11-22T10:00:00.000Z' })).toBe(true);
  });

  it('is offered when the last section of the last module (by order) is not a class', () => {
    expect(isCertificateAvailable(endsWithMaterial, null)).toBe(true);
    expect(isCertificateAvailable({ modules: [module('m', 1, [section('a', 1, 'EMPTY')])] }, null)).toBe(
      true,
    );
    expect(isCertificateAvailable({ modules: [] }, null)).toBe(false);
  });

  it('names the file with the course name plus _certificado', () => {
    expect(certificateFileName('Salí de las deudas paso a paso')).toBe(
      'Salí de las deudas paso a paso_certificado.png',
    );
    expect(certificateFileName('Ahorro 50/30/20: ¿cómo?')).toBe('Ahorro 50 30 20 ¿cómo_certificado.png');
    expect(certificateFileName('  ')).toBe('curso_certificado.png');
  });
});
