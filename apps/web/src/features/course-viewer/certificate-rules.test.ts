import { describe, expect, it } from 'vitest';
import { module, section } from '../../test/course-builders';
import {
  certificateFileName,
  fullNameError,
  isCertificateAvailable,
  needsFullName,
} from './certificate-rules';

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

  it('when the last section is not a class: offered once every class is complete, never without the work', () => {
    const none = { finished_at: null, in_progress_modules: {}, finished_modules: {} };
    expect(isCertificateAvailable(endsWithMaterial, null)).toBe(false);
    expect(isCertificateAvailable(endsWithMaterial, none)).toBe(false);
    const classDone = {
      ...none,
      in_progress_modules: { m1: { sections: { b: { viewed_seconds: 30, complete_fraction: 1 } } } },
    };
    // The closing material (a) was never opened: still offered.
    expect(isCertificateAvailable(endsWithMaterial, classDone)).toBe(true);
    const halfway = {
      ...none,
      in_progress_modules: { m1: { sections: { b: { viewed_seconds: 10, complete_fraction: 0.4 } } } },
    };
    expect(isCertificateAvailable(endsWithMaterial, halfway)).toBe(false);
    expect(isCertificateAvailable(endsWithMaterial, { ...none, finished_modules: { m1: true } })).toBe(true);
    // A course with no class at all needs the finish itself.
    expect(isCertificateAvailable({ modules: [module('m', 1, [section('a', 1, 'EMPTY')])] }, none)).toBe(
      false,
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

describe('the full name on a certificate', () => {
  it('is asked when her profile holds a single word, not when it holds two or is not loaded', () => {
    expect(needsFullName('Ana')).toBe(true);
    expect(needsFullName('  Ana  ')).toBe(true);
    expect(needsFullName('Ana Pérez')).toBe(false);
    expect(needsFullName('María  de los Ángeles')).toBe(false);
    expect(needsFullName(undefined)).toBe(false);
  });

  it('wants a name and a surname, up to 100 characters', () => {
    expect(fullNameError('Ana')).toMatch('Escribí tu nombre y tu apellido');
    expect(fullNameError('   ')).toMatch('Escribí tu nombre y tu apellido');
    expect(fullNameError('Ana Pérez')).toBeNull();
    expect(fullNameError(`Ana ${'x'.repeat(100)}`)).toMatch('hasta 100 caracteres');
  });
});
