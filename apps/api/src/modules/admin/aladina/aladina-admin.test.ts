import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newSession } from '../../../../test/accounts';
import { operatorSession } from '../../../../test/operators';
import { adminTestApp, auditEntries } from '../core/admin-test-setup';

const t = adminTestApp();

describe('Aladina in the back office (issue 42)', () => {
  it('lists questions without names, the unanswered ones and the thumbs down (content permission)', async () => {
    const { credentials, email } = await newSession(t.app);
    await t.app.db.execute(sql`
      insert into aladina_questions (user_id, question, outcome, rating) values
        (${credentials.userId}, '¿Cómo se cocina un locro?', 'not_covered', null),
        (${credentials.userId}, '¿Qué es la inflación?', 'answered', -1),
        (${credentials.userId}, '¿Qué acción compro?', 'advice', 1)`);
    const editor = await operatorSession(t.app, 'editor');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/aladina', headers: editor.headers });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.totals).toMatchObject({
      asked: 3,
      answered: 1,
      notCovered: 1,
      advice: 1,
      thumbsUp: 1,
      thumbsDown: 1,
    });
    expect(report.unanswered.map((q: { question: string }) => q.question)).toEqual([
      '¿Cómo se cocina un locro?',
    ]);
    expect(report.thumbsDown.map((q: { question: string }) => q.question)).toEqual(['¿Qué es la inflación?']);
    expect(report.recent).toHaveLength(3);
    // no one is named
    expect(res.body).not.toContain(credentials.userId);
    expect(res.body).not.toContain(email);
    const support = await operatorSession(t.app, 'support');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/aladina', headers: support.headers })).statusCode,
    ).toBe(403);
  });

  it('the switches choose the assistant the CHAT_BOT launcher opens (reference), audited; other controls have none', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const put = (name: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/service-controls/${name}`,
        headers: admin.headers,
        payload,
      });
    const chosen = await put('CHAT_BOT', { enabled: true, reference: 'ALADINA' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ name: 'CHAT_BOT', enabled: true, reference: 'ALADINA' });
    const seen = (await t.app.inject({ method: 'GET', url: '/api/service-control/CHAT_BOT' })).json();
    expect(seen.reference).toBe('ALADINA');
    const [entry] = await auditEntries(t, 'service_control.update', 'CHAT_BOT');
    expect(entry?.after).toMatchObject({ reference: 'ALADINA' });

    const unknown = await put('CHAT_BOT', { enabled: true, reference: 'OTRO' });
    expect(unknown.statusCode).toBe(400);
    const elsewhere = await put('COMMUNITY', { enabled: false, reference: 'ALADINA' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().internalCode).toBe('INVALID_DATA');
    // unchanged when not given
    expect((await put('CHAT_BOT', { enabled: false })).json().reference).toBe('ALADINA');
    // and ALADINA itself is a control operators switch
    const aladina = await put('ALADINA', { enabled: true });
    expect(aladina.json()).toMatchObject({ name: 'ALADINA', enabled: true });
  });
});
