import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { buildApp } from '../../../app';
import { openDatabase } from '../../../db/client';
import { adminTestApp, auditEntries } from '../core/admin-test-setup';

const t = adminTestApp();
const auditOf = (action: string, targetId: string) => auditEntries(t, action, targetId);

describe('switches (admin only)', () => {
  it('a switch flipped here is seen at once by a second API process; audited; support may not', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const support = await operatorSession(t.app, 'support');
    // a second API process on the same database (its own pool on the server; PGlite: one instance)
    const { rows } = await t.app.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL || 'postgres://unused');
    url.pathname = `/${rows[0]?.name ?? ''}`;
    const database =
      t.database.driver === 'pg'
        ? openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 })
        : t.database;
    const other = await buildApp({ config: testConfig(), database, logger: false });
    await other.ready();
    const seenThere = async () => ({
      community: (await other.inject({ method: 'GET', url: '/api/service-control/COMMUNITY' })).json()
        .enabled,
      annual: (await other.inject({ method: 'GET', url: '/api/remote-config/feature-flags' })).json()
        .enableAnnualSubscriptionPurchase,
    });
    expect(await seenThere()).toEqual({ community: false, annual: false });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/service-controls/COMMUNITY',
      headers: support.headers,
      payload: { enabled: true },
    });
    expect(refused.statusCode).toBe(403);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/service-controls/COMMUNITY',
      headers: admin.headers,
      payload: { enabled: true, resource: 'https://comunidad.example.com' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const flag = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/feature-flags/enableAnnualSubscriptionPurchase',
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    expect(await seenThere()).toEqual({ community: true, annual: true });
    await other.close();
    if (database !== t.database) await database.close();
    expect(await auditOf('service_control.update', 'COMMUNITY')).toEqual([
      expect.objectContaining({
        before: { enabled: false, resource: null },
        after: { enabled: true, resource: 'https://comunidad.example.com' },
      }),
    ]);
    expect(await auditOf('feature_flag.update', 'enableAnnualSubscriptionPurchase')).toHaveLength(1);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/feature-flags/noExiste',
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
