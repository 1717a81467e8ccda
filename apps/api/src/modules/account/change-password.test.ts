import type { Credentials } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { bearer, goodPassword, latestMail, login, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { users } from '../../db/schema';
import { issueCredentials } from '../auth/sessions';

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

const changePassword = (credentials: Credentials, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/password',
    headers: bearer(credentials),
    payload: { currentPassword, newPassword },
  });
const me = (credentials: Credentials) =>
  t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) });
const refresh = (credentials: Credentials) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/refreshToken',
    payload: { refreshToken: credentials.refreshToken },
  });

describe('POST /api/users/me/password', () => {
  it('sets the new password and ends every other session, tokens included; hers goes on', async () => {
    const { email, credentials: mine } = await newSession(t.app);
    const other = (await login(t.app, email)).json() as Credentials;
    expect((await me(other)).statusCode).toBe(200);

    const res = await changePassword(mine, goodPassword, 'NuevaClave9');
    expect(res.statusCode, res.body).toBe(200);

    expect((await login(t.app, email, goodPassword)).statusCode).toBe(401);
    expect((await login(t.app, email, 'NuevaClave9')).statusCode).toBe(200);
    // the other session: its access token is refused at once, its refresh token too
    expect((await me(other)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(401);
    // hers: the access token and the refresh token keep working
    expect((await me(mine)).statusCode).toBe(200);
    const renewed = await refresh(mine);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json())).statusCode).toBe(200);

    await t.app.mail.flush();
    expect((await latestMail(t.app, email))?.subject).toBe('Cambiaste tu contraseña de Alcancía');
  });

  it('refuses a wrong current password (WRONG_PASSWORD) and a weak new one, changing nothing', async () => {
    const { email, credentials } = await newSession(t.app);
    const wrong = await changePassword(credentials, 'NoEsEsta1', 'NuevaClave9');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      internalCode: 'WRONG_PASSWORD',
      message: 'La contraseña no es correcta. Revisala e intentá nuevamente.',
    });
    const weak = await changePassword(credentials, goodPassword, 'corta');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().internalCode).toBe('PASSWORD_NOT_VALID');
    expect((await login(t.app, email, goodPassword)).statusCode).toBe(200);
  });

  it('tells an account without a password (social login) how to create one', async () => {
    const [social] = await t.app.db
      .insert(users)
      .values({
        email: `social.${Date.now()}@example.com`,
        name: 'Sol',
        origin: 'social',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const credentials = await issueCredentials(t.app, t.app.db, social?.id as string);
    const res = await changePassword(credentials, 'Cualquiera1', 'NuevaClave9');
    expect(res.statusCode).toBe(409);
    expect(res.json().internalCode).toBe('PASSWORD_NOT_SET');
    expect(res.json().message).toContain('¿Olvidaste tu contraseña?');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      payload: { currentPassword: goodPassword, newPassword: 'NuevaClave9' },
    });
    expect(res.statusCode).toBe(401);
  });
});
