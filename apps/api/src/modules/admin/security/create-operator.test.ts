import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newSession } from '../../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorLogin } from '../../../../test/operators';
import { auditLog, refreshTokens, users } from '../../../db/schema';
import { demoPassword, seedDemoData } from '../../../demo/seed';
import { createOperator, operatorCreatedText } from './create-operator';
import { demoOperators, demoTotpSecret, enableDemoOperators } from './demo-operators';

const t = testAppForFile(() => createTestApp());
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('npm run admin:create and the demo operators', () => {
  it('makes a new operator or gives an account the role, with a new factor, ending her sessions', async () => {
    const created = await createOperator(t.app.db, t.app.config, {
      email: 'Nueva.Operadora@Example.com',
      role: 'support',
    });
    expect(created).toMatchObject({ email: 'nueva.operadora@example.com', role: 'support', created: true });
    expect(created.recoveryCodes).toHaveLength(10);
    const text = operatorCreatedText(created, 'https://alcancia.example.com');
    expect(text).toContain(created.secret);
    expect(text).toContain('¿Olvidaste tu contraseña?');

    const { email, credentials } = await newSession(t.app);
    const promoted = await createOperator(t.app.db, t.app.config, { email, role: 'admin' });
    expect(promoted.created).toBe(false);
    const live = await t.app.db
      .select()
      .from(refreshTokens)
      .where(sql`${refreshTokens.userId} = ${credentials.userId} and ${refreshTokens.revokedAt} is null`);
    expect(live).toHaveLength(0);
    const session = await operatorLogin(t.app, {
      userId: credentials.userId,
      email,
      secret: promoted.secret,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(session.accessToken),
    });
    expect(me.json().role).toBe('admin');
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, credentials.userId));
    expect(entries[0]).toMatchObject({
      action: 'operator.role_set',
      actorRole: 'cli',
      after: { role: 'admin' },
    });
    expect(JSON.stringify(entries)).not.toContain(promoted.secret);

    await expect(createOperator(t.app.db, t.app.config, { email, role: 'jefa' })).rejects.toThrow(/rol/);
    await expect(
      createOperator(t.app.db, t.app.config, { email: 'no-es-correo', role: 'admin' }),
    ).rejects.toThrow(/correo/);
  });

  it('the demo operators log in with the demo password and the README secret', async () => {
    await seedDemoData(t.app.db);
    expect(await enableDemoOperators(t.app)).toBe(3);
    expect(await enableDemoOperators(t.app)).toBe(0);
    for (const demo of demoOperators) {
      const [row] = await t.app.db.select().from(users).where(eq(users.email, demo.email));
      expect(row?.role).toBe(demo.role);
      const session = await operatorLogin(
        t.app,
        { userId: row?.id ?? '', email: demo.email, secret: demoTotpSecret },
        demoPassword,
      );
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: bearer(session.accessToken),
      });
      expect(me.json()).toMatchObject({ email: demo.email, role: demo.role });
    }
  });
});
