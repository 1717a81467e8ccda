import { describe, expect, it } from 'vitest';
import { linkedInAddUrl } from './linkedin';

describe('Agregar a LinkedIn', () => {
  it('fills LinkedIn’s add-certification form with the course, the month it was earned, the check page and the code', () => {
    const link = new URL(
      linkedInAddUrl(
        { id: 'ABC123', courseName: 'Tu presupuesto & más', completedOn: '2026-03-12' },
        'https://alcancia.example',
      ),
    );
    expect(link.origin + link.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Tu presupuesto & más',
      organizationName: 'Alcancía',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: 'https://alcancia.example/certificados/ABC123',
      certId: 'ABC123',
    });
  });
});
