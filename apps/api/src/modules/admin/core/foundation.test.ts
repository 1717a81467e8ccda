import type { AuditLogPage } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newSession } from '../../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { auditLog } from '../../../db/schema';
import { markNoChange, recordAudit, registerAuditCheck } from './audit';
import { registerOperatorGuard } from './operator-guard';

const t = testAppForFile(() =>
  createTestApp({}, (app) => {
    // a scope like the admin module's, with routes that forget (or skip) their audit entry
    void app.register(
      async (scope) => {
        registerOperatorGuard(scope);
        registerAuditCheck(scope);
        scope.post('/forgets', { config: { permission: 'self' } }, async () => ({ ok: true }));
        scope.post('/unchanged', { config: { permission: 'self' } }, async (request) => {
          markNoChange(request);
          return { ok: true };
        });
        scope.post('/audited', { config: { permission: 'self' } }, async (request) => {
          await recordAudit(app.db, request, { action: 'test.thing', targetType: 'test', targetId: 'x' });
          return { ok: true };
        });
      },
      { prefix: '/api/admin-test' },
    );
  }),
);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the /api/admin guard', () => {
  it('no session: 401; a learner: 403 FORBIDDEN without data; a role without the permission: 403', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(none.statusCode).toBe(401);
    const { credentials } = await newSession(t.app);
    for (const url of ['/api/admin/me', '/api/admin/audit-log']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(credentials.accessToken) });
      expect(res.statusCode).toBe(403);
      expect(Object.keys(res.json()).sort()).toEqual(['internalCode', 'message']);
      expect(res.json().internalCode).toBe('FORBIDDEN');
    }
    const editor = await operatorSession(t.app, 'editor');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: editor.headers })).statusCode,
    ).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      headers: editor.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().internalCode).toBe('FORBIDDEN');
  });

  it('a successful change that wrote no audit entry fails outside production', async () => {
    const { headers } = await operatorSession(t.app, 'support');
    const forgets = await t.app.inject({ method: 'POST', url: '/api/admin-test/forgets', headers });
    expect(forgets.statusCode).toBe(500);
    const unchanged = await t.app.inject({ method: 'POST', url: '/api/admin-test/unchanged', headers });
    expect(unchanged.statusCode).toBe(200);
    const audited = await t.app.inject({ method: 'POST', url: '/api/admin-test/audited', headers });
    expect(audited.statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const { headers } = await operatorSession(t.app, 'admin');
    await t.app.inject({ method: 'POST', url: '/api/admin-test/audited', headers });
    const [entry] = await t.app.db.select().from(auditLog).limit(1);
    expect(entry).toBeDefined();
    await expect(t.app.db.execute(sql`update audit_log set action = 'changed'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, entry?.id ?? 0));
    expect(still?.action).toBe(entry?.action);
  });

  it('GET /api/admin/audit-log filters by actor, action, target and dates, newest first, in pages', async () => {
    const { operator, headers } = await operatorSession(t.app, 'admin');
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'POST', url: '/api/admin-test/audited', headers });
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AuditLogPage;
    };
    const mine = await list(`actor=${encodeURIComponent(operator.email)}`);
    expect(mine.items).toHaveLength(3);
    expect(mine.items.every((e) => e.actorEmail === operator.email && e.actorRole === 'admin')).toBe(true);
    expect(mine.items.map((e) => e.id)).toEqual(
      [...mine.items.map((e) => e.id)].sort((a, b) => Number(b) - Number(a)),
    );
    expect((await list(`actor=${operator.userId}`)).items).toHaveLength(3);
    expect((await list(`actor=${operator.userId}&action=test`)).items).toHaveLength(3);
    expect((await list(`actor=${operator.userId}&action=test.thing`)).items).toHaveLength(3);
    expect((await list(`actor=${operator.userId}&action=other`)).items).toHaveLength(0);
    expect((await list(`actor=${operator.userId}&targetType=test&targetId=x`)).items).toHaveLength(3);
    const page1 = await list(`actor=${operator.userId}&pageSize=2`);
    expect(page1).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    const page2 = await list(`actor=${operator.userId}&pageSize=2&page=2`);
    expect(page2.items).toHaveLength(1);
    expect(page2.hasMore).toBe(false);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
    expect((await list(`actor=${operator.userId}&from=${today}&to=${today}`)).items).toHaveLength(3);
    expect((await list(`actor=${operator.userId}&to=2020-01-01`)).items).toHaveLength(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?from=ayer', headers });
    expect(bad.statusCode).toBe(400);
  });
});
