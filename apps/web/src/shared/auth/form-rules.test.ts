import { describe, expect, it } from 'vitest';
import {
  canSubmitRecover,
  canSubmitRegister,
  emptyRegisterValues,
  type RegisterValues,
  registerErrors,
  sanitizePhoneInput,
  toFieldErrors,
  toRegisterPayload,
} from './form-rules';
import { missingFieldsMessage, missingRegisterFields } from './missing-fields';

const valid: RegisterValues = {
  name: ' Ana ',
  country: 'AR',
  email: 'Ana.Perez@Example.com',
  emailConfirm: 'ana.perez@example.COM',
  phone: '11 2345 6789',
  password: 'Alcancia2024',
};

describe('register form', () => {
  it('compares e-mail and confirmation ignoring case', () => {
    expect(registerErrors(valid)).toEqual({});
    expect(registerErrors({ ...valid, emailConfirm: 'otra@example.com' }).emailConfirm).toBe(
      'Los correos no coinciden. Revisá que sean iguales.',
    );
  });

  it('gives the spec message for a malformed e-mail', () => {
    expect(registerErrors({ ...valid, email: 'ana@' }).email).toBe('El formato del correo es inválido.');
  });

  it('enables submit only with every field, a valid password and no error', () => {
    expect(canSubmitRegister(emptyRegisterValues)).toBe(false);
    expect(canSubmitRegister(valid)).toBe(true);
    expect(canSubmitRegister({ ...valid, name: '  ' })).toBe(false);
    expect(canSubmitRegister({ ...valid, country: '' })).toBe(false);
    expect(canSubmitRegister({ ...valid, phone: '' })).toBe(false);
    expect(canSubmitRegister({ ...valid, password: 'alcancia2024' })).toBe(false);
    expect(canSubmitRegister({ ...valid, password: 'Alcancia 2024' })).toBe(false);
    expect(canSubmitRegister({ ...valid, emailConfirm: 'x@example.com' })).toBe(false);
    expect(canSubmitRegister({ ...valid, phone: '12' })).toBe(false);
  });

  it('sends the normalized phone (+54 gets its 9) and a lower-case e-mail', () => {
    expect(toRegisterPayload(valid)).toEqual({
      name: 'Ana',
      email: 'ana.perez@example.com',
      password: 'Alcancia2024',
      country: 'AR',
      telephone: '+5491123456789',
    });
    expect(toRegisterPayload({ ...valid, country: 'UY', phone: '94 123 456' })?.telephone).toBe(
      '+59894123456',
    );
  });

  it('keeps only phone characters while typing', () => {
    expect(sanitizePhoneInput('11-2345 abc 6789')).toBe('11-2345  6789');
  });
});

describe('server field errors', () => {
  it('maps the API paths (body.telephone) to the form fields', () => {
    expect(
      toFieldErrors([
        { path: 'body.telephone', message: 'El teléfono solo puede tener números.' },
        { path: 'body.name', message: 'Ingresá tu nombre.' },
        { path: 'email', message: 'El formato del correo es inválido.' },
        { path: 'body.other', message: 'x' },
      ]),
    ).toEqual({
      phone: 'El teléfono solo puede tener números.',
      name: 'Ingresá tu nombre.',
      email: 'El formato del correo es inválido.',
    });
  });
});

describe('recover form', () => {
  it('submits only a valid password equal to its confirmation', () => {
    expect(canSubmitRecover('', '')).toBe(false);
    expect(canSubmitRecover('Alcancia2024', 'Alcancia2025')).toBe(false);
    expect(canSubmitRecover('corta', 'corta')).toBe(false);
    expect(canSubmitRecover('Alcancia2024', 'Alcancia2024')).toBe(true);
  });
});

describe('missing register fields (issue 30)', () => {
  it('names what is empty or wrong, in the form’s order', () => {
    expect(missingRegisterFields(emptyRegisterValues)).toEqual([
      'name',
      'email',
      'emailConfirm',
      'phone',
      'password',
    ]);
    expect(missingFieldsMessage(missingRegisterFields(emptyRegisterValues))).toBe(
      'Para crear tu cuenta falta tu nombre, tu correo electrónico, la confirmación del correo, tu teléfono y una contraseña que cumpla los requisitos.',
    );
    const almost = {
      ...emptyRegisterValues,
      name: 'Ana',
      email: 'ana@example.com',
      emailConfirm: 'otra@example.com',
      phone: '11 2345 6789',
      password: 'Secreta123',
    };
    expect(missingFieldsMessage(missingRegisterFields(almost))).toBe(
      'Para crear tu cuenta falta la confirmación del correo.',
    );
    expect(missingRegisterFields({ ...almost, emailConfirm: 'ANA@example.com' })).toEqual([]);
    expect(missingFieldsMessage([])).toBeNull();
  });
});
