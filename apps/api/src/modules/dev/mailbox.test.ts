import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('development mail capture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('delivers queued mail over SMTP to the capture, newest first, filtered by recipient', async () => {
    await t.app.mail.send({ to: 'ana@example.com', subject: 'Primero', text: 'uno', html: '<p>uno</p>' });
    await t.app.mail.send({ to: 'ana@example.com', subject: 'Segundo ñ', text: 'dos', html: '<p>dos</p>' });
    await t.app.mail.send({ to: 'otra@example.com', subject: 'Ajeno', text: 'x', html: '<p>x</p>' });

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ANA@example.com' });
    expect(res.statusCode).toBe(200);
    const mails = res.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Segundo ñ', 'Primero']);
    expect(mails[0]).toMatchObject({ to: 'ana@example.com', text: expect.stringContaining('dos') });
    expect(mails[0].html).toContain('<p>dos</p>');
    expect(new Date(mails[0].createdAt).toString()).not.toBe('Invalid Date');
  });

  it('shows captured mail at /dev/correo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/correo' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Correo capturado');
    expect(res.body).toContain('Segundo ñ');
  });
});

describe('mail when SMTP is down', () => {
  it('keeps the mail in the outbox with the error, to retry later', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    await t.app.mail.send({ to: 'ana@example.com', subject: 'Hola', text: 'x', html: '<p>x</p>' });
    await t.app.mail.flush();
    const { rows } = await t.database.db.execute<{ status: string; attempts: number; last_error: string }>(
      sql`select status, attempts, last_error from mail_outbox`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows[0]?.last_error).toBeTruthy();
    await t.close();
  });
});

describe('production', () => {
  it('has no dev endpoints', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://alcancia.example.com',
    });
    const api = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(api.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/dev/correo' });
    expect(page.body).not.toContain('Correo capturado');
    await t.close();
  });
});
