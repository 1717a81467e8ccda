import { describe, expect, it } from 'vitest';
import { emailPattern, isValidPassword, normalizePhone, passwordRules } from './rules';

describe('email format', () => {
  it.each(['ana@example.com', 'ana.maria+x@mail.example.com.ar', 'a_b-c@dominio.io'])(
    'accepts %s',
    (email) => {
      expect(emailPattern.test(email)).toBe(true);
    },
  );
  it.each(['ana@', 'ana@example', 'ana example@x.com', '@x.com', 'ana@x.c', 'ana@x.abcdefghijk'])(
    'refuses %s',
    (email) => {
      expect(emailPattern.test(email)).toBe(false);
    },
  );
});

describe('password rules', () => {
  it('names each missing rule in the spec words', () => {
    const failing = (v: string) => passwordRules.filter((r) => !r.test(v)).map((r) => r.message);
    expect(failing('abc')).toEqual([
      'Al menos una mayúscula.',
      'Al menos un número.',
      'Debe superar los 8 caracteres.',
    ]);
    expect(failing('ÑANDU12 a')).toEqual(['No debe contener espacios en blanco.']);
    expect(failing('Ñandu123')).toEqual([]);
  });
  it('accepts Ñ as an uppercase letter', () => {
    expect(isValidPassword('ñandu12Ñ')).toBe(true);
  });
});

describe('normalizePhone', () => {
  it('inserts the 9 after +54 for Argentina and removes spaces', () => {
    expect(normalizePhone('AR', '11 2345 6789')).toBe('+5491123456789');
    expect(normalizePhone('AR', '9 11 2345-6789')).toBe('+5491123456789');
    expect(normalizePhone('AR', '+54 11 2345 6789')).toBe('+5491123456789');
  });
  it('uses the calling code of other countries as is', () => {
    expect(normalizePhone('UY', '99 123 456')).toBe('+59899123456');
    expect(normalizePhone('OTHER', '+1 555 123 4567')).toBe('+15551234567');
  });
  it('refuses letters and implausible lengths', () => {
    expect(normalizePhone('AR', '11-abc')).toBeNull();
    expect(normalizePhone('MX', '12')).toBeNull();
  });
});
