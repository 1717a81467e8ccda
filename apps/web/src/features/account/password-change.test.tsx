import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PasswordChange } from './password-change';

describe('Cambiar contraseña', () => {
  it('offers the change to an account with a password', () => {
    const html = renderToStaticMarkup(<PasswordChange hasPassword />);
    expect(html).toContain('Cambiar contraseña');
    expect(html).not.toContain('no tiene contraseña');
  });

  it('tells an account without one (social login) how to create it, with no form', () => {
    const html = renderToStaticMarkup(<PasswordChange hasPassword={false} />);
    expect(html).toContain('Tu cuenta no tiene contraseña');
    expect(html).toContain('¿Olvidaste tu contraseña?');
    expect(html).not.toContain('<button');
  });
});
