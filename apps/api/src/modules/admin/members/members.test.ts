import type { Credentials } from '@alcancia/contract';
import type { MemberDetail, MemberList } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, register, uniqueEmail } from '../../../../test/accounts';
import { operatorSession } from '../../../../test/operators';
import { newBuyer } from '../../../../test/payments';
import { ownedRows } from '../../../../test/programs';
import { verificationCodes } from '../../../db/schema';
import { publishableFields } from '../content/publication-test-setup';
import {
  adminTestApp,
  auditEntries,
  programPaidBuyer,
  subscribedBuyer,
  viewerStatus,
} from '../core/admin-test-setup';
import { memberSearchQuery } from './search-members';

const t = adminTestApp();
const auditOf = (action: string, targetId: string) => auditEntries(t, action, targetId);

describe('member search', () => {
  it('turns what was typed into word prefixes, accents and case folded; a phone into its digits', () => {
    expect(memberSearchQuery('Núñez  María')).toBe('nunez:* & maria:*');
    expect(memberSearchQuery('ana.garcia@gmail.com')).toBe('ana:* & garcia:* & gmail:* & com:*');
    expect(memberSearchQuery('+54 9 11 5555-0001')).toBe('5491155550001:*');
    expect(memberSearchQuery("x' | !y:*")).toBe('x:* & y:*');
    expect(memberSearchQuery('--')).toBeNull();
    expect(memberSearchQuery('12')).toBeNull();
  });

  it('finds members by name without accents, by e-mail and by phone; newest first when empty', async () => {
    const { headers } = await operatorSession(t.app, 'support');
    const email = uniqueEmail('busqueda');
    const reg = await register(t.app, { email, name: 'Ramona Ñandú Pérez', telephone: '11 4567-8901' });
    expect(reg.statusCode).toBe(201);
    const search = async (text: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/members?search=${encodeURIComponent(text)}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MemberList).items.map((m) => m.email);
    };
    expect(await search('nandu perez')).toContain(email);
    expect(await search('RAMONA Ñandú')).toContain(email);
    expect(await search(email)).toEqual([email]);
    expect(await search(email.split('@')[0] ?? '')).toContain(email);
    expect(await search('11 4567 8901')).toContain(email);
    expect(await search('45678901')).toContain(email);
    expect(await search('nadie-se-llama-asi')).toEqual([]);
    const newest = (
      await t.app.inject({ method: 'GET', url: '/api/admin/members?pageSize=1', headers })
    ).json();
    expect(newest).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
  });
});

describe('a member, as support sees her', () => {
  it('shows her profile, purchases, payments with the provider ids, sessions, last events and mails', async () => {
    const { headers } = await operatorSession(t.app, 'support');
    const buyer = await programPaidBuyer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/analytic',
      headers: buyer.headers,
      payload: {
        event: 'panel.visto',
        source: 'web',
        deviceId: 'device-1',
        timestamp: new Date().toISOString(),
      },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/members/${buyer.userId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as MemberDetail;
    expect(detail.profile).toMatchObject({ id: buyer.userId, email: buyer.email, emailVerified: false });
    expect(detail.purchases).toEqual([
      expect.objectContaining({
        productType: 'programs',
        productId: 'prog-abierto',
        name: 'Programa Abierto',
      }),
    ]);
    expect(detail.payments).toEqual([
      expect.objectContaining({
        kind: 'program',
        status: 'approved',
        provider: 'MP',
        providerPaymentId: expect.stringMatching(/\d+/),
        refundableAmount: 4_500_000,
      }),
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]?.operator).toBe(false);
    expect(detail.events.map((e) => e.event)).toContain('panel.visto');
    expect(detail.subscription.status).toBe('none');
    // her mails, newest first, by subject and state: the purchase's confirmation, then the validation
    expect(detail.mails.map((m) => m.subject)).toEqual([
      'Confirmamos tu compra: Programa Abierto',
      'Validá tu cuenta de Alcancía',
    ]);
    expect(detail.mails[0]).toMatchObject({ status: expect.stringMatching(/^(pending|sent)$/) });
    // nothing secret about her leaves: no mail body (a validation link holds a code)
    expect(res.body).not.toMatch(/password|token_hash|\$argon2|validationCode/i);

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('resends the validation mail, ends her sessions (she can log in again), audited', async () => {
    const { headers } = await operatorSession(t.app, 'support');
    const email = uniqueEmail('acciones');
    await register(t.app, { email });
    const credentials = (await login(t.app, email)).json() as Credentials;
    // right after the registration's own mail the resend is throttled (429, in Spanish); later it goes
    const tooSoon = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${credentials.userId}/validation-mail`,
      headers,
    });
    expect(tooSoon.statusCode).toBe(429);
    await t.app.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(verificationCodes.userId, credentials.userId));
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${credentials.userId}/validation-mail`,
      headers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = (
      await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })
    ).json() as { subject: string }[];
    expect(mails.filter((m) => m.subject.includes('Valid')).length).toBeGreaterThanOrEqual(2);
    expect(await auditOf('member.validation_mail', credentials.userId)).toHaveLength(1);

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${credentials.userId}/sessions/end`,
      headers,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: credentials.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const again = (await login(t.app, email)).json() as Credentials;
    const meAgain = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${again.accessToken}` },
    });
    expect(meAgain.statusCode).toBe(200);
    expect(await auditOf('member.sessions_end', credentials.userId)).toEqual([
      expect.objectContaining({ before: { sessions: 1 }, after: { sessions: 0 } }),
    ]);
  });

  it("lists the catalogue's programs and packs for the grant picker (not courses); support may, editors may not", async () => {
    const { headers } = await operatorSession(t.app, 'support');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/grantable-products', headers });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; kind: string; name: string }[];
    expect(items.map((item) => item.id)).toContain('prog-una-cuota');
    expect(items.map((item) => item.id)).not.toContain('curso-comun');
    expect(new Set(items.map((item) => item.kind))).toEqual(new Set(['PROGRAM', 'PACK']));
    // programs first, then packs
    expect(items.findIndex((item) => item.kind === 'PACK')).toBeGreaterThan(
      items.findLastIndex((item) => item.kind === 'PROGRAM'),
    );
    const editor = await operatorSession(t.app, 'editor');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/grantable-products',
      headers: editor.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('grants and revokes a program with a reason (audited); the reason is required', async () => {
    const { headers, operator } = await operatorSession(t.app, 'support');
    const buyer = await newBuyer(t.app);
    const url = `/api/admin/members/${buyer.userId}/products`;
    const grant = (payload: { productId: string; reason?: string }) =>
      t.app.inject({ method: 'POST', url, headers, payload });
    const noReason = await grant({ productId: 'prog-una-cuota' });
    expect(noReason.statusCode).toBe(400);
    const course = await grant({ productId: 'curso-comun', reason: 'prueba' });
    expect(course.statusCode).toBe(400);
    const granted = await grant({ productId: 'prog-una-cuota', reason: 'Pagó por transferencia' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await ownedRows(t.app, buyer.userId, 'prog-una-cuota')).toBe(1);
    expect(await viewerStatus(t, buyer, 'prog-una-cuota')).toBe(200);
    const twice = await grant({ productId: 'prog-una-cuota', reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
    expect(await auditOf('member.product_grant', buyer.userId)).toEqual([
      expect.objectContaining({
        actorId: operator.userId,
        after: expect.objectContaining({ productId: 'prog-una-cuota', reason: 'Pagó por transferencia' }),
      }),
    ]);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `${url}/prog-una-cuota/revoke`,
      headers,
      payload: { reason: 'Se otorgó por error' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await ownedRows(t.app, buyer.userId, 'prog-una-cuota')).toBe(0);
    expect(await viewerStatus(t, buyer, 'prog-una-cuota')).toBe(403);
    expect(await auditOf('member.product_revoke', buyer.userId)).toHaveLength(1);
  });

  it("cancels her subscription with Mi cuenta's use-case, recorded as the operator's", async () => {
    const { headers, operator } = await operatorSession(t.app, 'support');
    const buyer = await subscribedBuyer(t);
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/admin/members/${buyer.userId}`, headers })
    ).json();
    expect(before.subscription).toMatchObject({ status: 'active', cancellable: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${buyer.userId}/subscription/cancel`,
      headers,
      payload: { reason: 'Lo pidió por WhatsApp' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Suscripción cancelada \(BAJA-/);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/users/me/subscription', headers: buyer.headers })
    ).json();
    expect(mine.status).toBe('cancelled');
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/admin/members/${buyer.userId}`, headers })
    ).json();
    expect(after.subscription.history[0]).toMatchObject({
      to: 'cancelled',
      actor: `user:${operator.userId}`,
      reason: expect.stringContaining('Lo pidió por WhatsApp'),
      reasonText: `Baja hecha desde el panel por ${operator.email}. Motivo: «Lo pidió por WhatsApp»`,
    });
    expect(await auditOf('member.subscription_cancel', buyer.userId)).toHaveLength(1);
  });
});

describe('the audit entry of a cancellation commits with it (decision 65)', () => {
  const cancellationCodeOf = async (userId: string) => {
    const { rows } = await t.app.db.execute<{ code: string | null }>(
      sql`select cancellation_code as code from payment_orders where user_id = ${userId} and kind = 'subscription'`,
    );
    return rows[0]?.code ?? null;
  };
  const cancel = (headers: Record<string, string>, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${userId}/subscription/cancel`,
      headers,
      payload: { reason: 'Lo pidió por correo' },
    });

  it('an audit entry that cannot be written leaves the subscription uncancelled; a cancellation that fails writes no entry', async () => {
    const { headers } = await operatorSession(t.app, 'support');
    const buyer = await subscribedBuyer(t);
    await t.app.db.execute(sql`
      create function test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await t.app.db.execute(sql`
      create trigger test_refuse_cancel_audit before insert on audit_log for each row
      when (new.action = 'member.subscription_cancel') execute function test_refuse()`);
    try {
      const refused = await cancel(headers, buyer.userId);
      expect(refused.statusCode).toBe(500);
      expect(await cancellationCodeOf(buyer.userId)).toBeNull();
    } finally {
      await t.app.db.execute(sql`drop trigger test_refuse_cancel_audit on audit_log`);
    }
    // asked again with the audit log working: cancelled once, one entry
    const cancelled = await cancel(headers, buyer.userId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await cancellationCodeOf(buyer.userId)).toMatch(/^BAJA-/);
    const [entry, ...more] = await auditOf('member.subscription_cancel', buyer.userId);
    expect(more).toEqual([]);
    expect(entry?.after).toMatchObject({
      status: 'cancelled',
      cancellationCode: await cancellationCodeOf(buyer.userId),
    });
    // a second click changes nothing and writes nothing
    expect((await cancel(headers, buyer.userId)).statusCode).toBe(200);
    expect(await auditOf('member.subscription_cancel', buyer.userId)).toHaveLength(1);

    // the other way: the cancellation's own write fails, so no entry says it happened
    const other = await subscribedBuyer(t);
    await t.app.db.execute(sql`
      create trigger test_refuse_cancellation before update on payment_orders for each row
      when (new.cancellation_code is not null and old.cancellation_code is null) execute function test_refuse()`);
    try {
      expect((await cancel(headers, other.userId)).statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`drop trigger test_refuse_cancellation on payment_orders`);
      await t.app.db.execute(sql`drop function test_refuse()`);
    }
    expect(await cancellationCodeOf(other.userId)).toBeNull();
    expect(await auditOf('member.subscription_cancel', other.userId)).toEqual([]);
  });
});

describe('her page in words and true figures (issue 40)', () => {
  it('counts her classes against the course as it is now, never more than it has, and words where her products came from', {
    timeout: 60_000,
  }, async () => {
    const editor = await operatorSession(t.app, 'editor');
    const support = await operatorSession(t.app, 'support');
    const send = (
      method: 'POST' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const created = await send('POST', '/api/admin/courses', editor.headers, {
      id: 'cuenta-clases',
      kind: 'COURSE',
      name: 'Cuenta clases',
      isFree: true,
      ...(await publishableFields(t.app)),
    });
    expect(created.statusCode, created.body).toBe(201);
    await send('POST', '/api/admin/courses/cuenta-clases/modules', editor.headers, {
      id: 'cc-m1',
      name: 'Uno',
    });
    const sections = [
      { id: 'cc-s1', name: 'Clase 1', type: 'CLASS', duration: 60, sectionUrl: '/media/videos/a.mp4' },
      { id: 'cc-s2', name: 'Clase 2', type: 'CLASS', duration: 60, sectionUrl: '/media/videos/b.mp4' },
      {
        id: 'cc-s3',
        name: 'Guía',
        type: 'DOWNLOADABLE_MATERIAL',
        sectionUrl: 'materiales/guia.pdf',
        mimeType: 'application/pdf',
        fileExtension: 'pdf',
      },
      { id: 'cc-s4', name: 'Próximamente', type: 'EMPTY' },
    ];
    for (const section of sections) {
      const res = await send(
        'POST',
        '/api/admin/courses/cuenta-clases/modules/cc-m1/sections',
        editor.headers,
        section,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await send('POST', '/api/admin/courses/cuenta-clases/publish', editor.headers)).statusCode).toBe(
      200,
    );

    const buyer = await programPaidBuyer(t);
    for (const sectionId of ['cc-s1', 'cc-s2', 'cc-s3']) {
      const saved = await send('POST', '/api/academy/progress', buyer.headers, {
        courseId: 'cuenta-clases',
        progress: { moduleId: 'cc-m1', sectionId, seconds: 60 },
      });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
    }
    // a class she finished is taken out of the course: her stored count still says 3
    expect(
      (await send('DELETE', '/api/admin/courses/cuenta-clases/sections/cc-s2', editor.headers)).statusCode,
    ).toBe(200);
    const granted = await send('POST', `/api/admin/members/${buyer.userId}/products`, support.headers, {
      productId: 'prog-una-cuota',
      reason: 'Pagó por transferencia',
    });
    expect(granted.statusCode, granted.body).toBe(200);

    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${buyer.userId}`,
        headers: support.headers,
      })
    ).json() as MemberDetail;
    // one class and the guide are left, and she completed both: 2 of 2, not "3 of 1"
    expect(detail.progress.find((row) => row.courseId === 'cuenta-clases')).toMatchObject({
      courseName: 'Cuenta clases',
      completedSections: 2,
      totalSections: 2,
    });
    for (const row of detail.progress) expect(row.completedSections).toBeLessThanOrEqual(row.totalSections);

    // where each product came from, in words: no order:uuid, no operator id
    const sourceOf = (productId: string) =>
      detail.purchases.find((p) => p.productId === productId)?.sourceText;
    expect(sourceOf('prog-abierto')).toMatch(/^Compra del \d{1,2} de [a-z]+ de \d{4} por \$\s45\.000,00$/);
    expect(sourceOf('prog-una-cuota')).toBe('Se lo dio Operadora support desde el panel');
    expect(JSON.stringify(detail.purchases.map((p) => p.sourceText))).not.toMatch(
      /order:|admin:|[0-9a-f]{8}-/,
    );
  });

  it('says why her subscription changed in Spanish, keeping the code’s English reason', async () => {
    const support = await operatorSession(t.app, 'support');
    const buyer = await subscribedBuyer(t);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${buyer.userId}`,
        headers: support.headers,
      })
    ).json() as MemberDetail;
    const activation = detail.subscription.history.find((entry) => entry.to === 'active');
    expect(activation).toMatchObject({
      reason: 'first charge approved',
      reasonText: 'Mercado Pago aprobó el primer cobro',
    });
    const opened = detail.subscription.history.find((entry) => entry.from === null && entry.to === 'created');
    expect(opened?.reasonText).toBe('Empezó a suscribirse con tarjeta');
    // every step of a card subscription is worded: none falls back to the code's English
    expect(detail.subscription.history.length).toBeGreaterThanOrEqual(3);
    for (const entry of detail.subscription.history)
      expect(entry.reasonText, entry.reason).not.toMatch(/^Detalle técnico/);
  });
});
