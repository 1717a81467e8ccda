import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  accountErrorText,
  exportFileNameFor,
  localPhone,
  profileChanges,
  profileErrors,
} from './account-rules';

describe('Mi cuenta rules', () => {
  it('shows a stored phone without its calling code (and the 9 of Argentina)', () => {
    expect(localPhone('AR', '+5491123456789')).toBe('1123456789');
    expect(localPhone('UY', '+59899123456')).toBe('99123456');
    expect(localPhone('OTHER', '+442079460958')).toBe('442079460958');
    expect(localPhone(null, null)).toBe('');
  });

  it('sends only what changed, and nothing when nothing did', () => {
    const initial = { name: 'Ana', country: 'AR' as const, phone: '1123456789' };
    expect(profileChanges(initial, initial)).toBeNull();
    expect(profileChanges(initial, { ...initial, phone: '11 2345 6789' })).toBeNull();
    expect(profileChanges(initial, { ...initial, name: ' Lucía ' })).toEqual({ name: 'Lucía' });
    expect(profileChanges(initial, { ...initial, phone: '1155554444' })).toEqual({ phone: '1155554444' });
    expect(profileChanges(initial, { ...initial, country: 'UY', phone: '99123456' })).toEqual({
      countryCode: 'UY',
      phone: '99123456',
    });
  });

  it('checks name, country and phone like registration', () => {
    expect(profileErrors({ name: ' ', country: '', phone: '' })).toEqual({
      name: 'Ingresá tu nombre.',
      country: 'Elegí tu país.',
      phone: 'Ingresá tu teléfono.',
    });
    expect(profileErrors({ name: 'Ana', country: 'AR', phone: '12' }).phone).toBe(
      'Ingresá un teléfono válido, solo con números.',
    );
    expect(
      profileChanges({ name: 'Ana', country: 'AR', phone: '' }, { name: 'Ana', country: 'AR', phone: '12' }),
    ).toBeNull();
  });

  it('says what the server said, in Spanish, and a fallback when it broke', () => {
    const refused = new ApiError(400, 'WRONG_PASSWORD', 'La contraseña no es correcta.');
    expect(accountErrorText(refused, 'x')).toBe('La contraseña no es correcta.');
    const invalid = new ApiError(400, 'INVALID_DATA', 'Datos inválidos', [
      { path: 'body.phone', message: 'El teléfono solo puede tener números.' },
    ]);
    expect(accountErrorText(invalid, 'x')).toBe('El teléfono solo puede tener números.');
    expect(accountErrorText(new ApiError(500, 'UNEXPECTED_ERROR', 'boom'), 'Probá de nuevo.')).toBe(
      'Probá de nuevo.',
    );
    expect(accountErrorText(new Error('x'), 'Probá de nuevo.')).toBe('Probá de nuevo.');
  });

  it('names the export file with the Argentina date', () => {
    expect(exportFileNameFor('2026-11-24')).toBe('alcancia-mis-datos-2026-11-24.json');
  });
});
