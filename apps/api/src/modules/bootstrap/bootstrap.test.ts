import type { BootstrapResponse, Credentials } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, register, uniqueEmail } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { featureFlags, serviceControls, subscriptionPlans, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

/**
 * Issue 30, "A fast first view" (decision 0170): GET /users/me/bootstrap answers, in one call, what
 * the five calls every logged-in screen made first answer one by one; those keep answering the same.
 */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

const get = (url: string, credentials?: Credentials, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(credentials ? bearer(credentials) : {}), ...headers } });

async function session(): Promise<{ userId: string; credentials: Credentials }> {
  const email = uniqueEmail('bootstrap');
  expect((await register(t.app, { email })).statusCode).toBe(201);
  const credentials = (await login(t.app, email)).json() as Credentials;
  return { userId: credentials.userId, credentials };
}

/** The five answers the shell used to ask for one by one. */
async function separately(credentials: Credentials) {
  const answers = await Promise.all([
    get('/api/users', credentials),
    get('/api/users/isSubscribed', credentials),
    get('/api/users/subscriptions/lastOrigin', credentials),
    get('/api/remote-config/feature-flags'),
    get('/api/service-control/COMMUNITY'),
    get('/api/service-control/CHAT_BOT'),
  ]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  const [user, subscription, origin, flags, community, chatBot] = answers.map((a) => a.json());
  return { user, subscription, origin, flags, community, chatBot };
}

describe('GET /api/users/me/bootstrap', () => {
  it("answers the caller's user, subscription and its origin, flags and switches as the separate endpoints do, never stored", async () => {
    const { userId, credentials } = await session();
    await t.app.db
      .insert(subscriptionPlans)
      .values({
        id: 'plan-bootstrap',
        name: 'Bootstrap Oro',
        weight: 7,
        displayMetadata: { title: 'Oro', benefits: [], recommended: false, order: 1 },
        privateServices: ['COMMUNITY'],
      })
      .onConflictDoNothing();
    await t.app.db
      .update(users)
      .set({
        subscriptionPlanId: 'plan-bootstrap',
        subscriptionEndDate: addToDate(argentinaDate(), { days: 10 }),
        lastServiceOrigin: 'PROMO_CODE',
      })
      .where(eq(users.id, userId));
    for (const [name, enabled] of [
      ['enableMonthlySubscriptionPurchase', true],
      ['enableAnnualSubscriptionPurchase', false],
    ] as const) {
      await t.app.db
        .insert(featureFlags)
        .values({ name, enabled })
        .onConflictDoUpdate({ target: featureFlags.name, set: { enabled } });
    }
    for (const [name, enabled, resource] of [
      ['COMMUNITY', true, 'https://chat.whatsapp.com/privado'],
      ['CHAT_BOT', true, 'https://wa.me/5491100000000'],
    ] as const) {
      await t.app.db
        .insert(serviceControls)
        .values({ name, enabled, resource, reference: `ref-${name}` })
        .onConflictDoUpdate({
          target: serviceControls.name,
          set: { enabled, resource, reference: `ref-${name}` },
        });
    }

    const res = await get('/api/users/me/bootstrap', credentials);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as BootstrapResponse;
    const one = await separately(credentials);
    expect(body.user).toEqual(one.user);
    expect(body.user.id).toBe(userId);
    expect(body.subscription).toEqual(one.subscription);
    expect(body.subscription).toMatchObject({
      isSubscribed: true,
      subscriptionPlan: {
        id: 'plan-bootstrap',
        name: 'Bootstrap Oro',
        weight: 7,
        privateServices: ['COMMUNITY'],
      },
    });
    expect({ lastUserServiceOrigin: body.lastUserServiceOrigin }).toEqual(one.origin);
    expect(body.lastUserServiceOrigin).toBe('PROMO_CODE');
    expect(body.featureFlags).toEqual(one.flags);
    expect(body.featureFlags).toEqual({
      enableMonthlySubscriptionPurchase: true,
      enableAnnualSubscriptionPurchase: false,
    });
    const byName = Object.fromEntries(body.serviceControls.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['CHAT_BOT', 'COMMUNITY', 'NEWS', 'PFM']);
    expect(byName.COMMUNITY).toEqual(one.community);
    expect(byName.CHAT_BOT).toEqual(one.chatBot);
    // the community's address is for members only, here as in GET /service-control/COMMUNITY
    expect(byName.COMMUNITY?.resource).toBeNull();
    expect(byName.CHAT_BOT?.resource).toBe('https://wa.me/5491100000000');
  });

  it('answers another member her own, and a switch the operator does not have is left out', async () => {
    const ana = await session();
    const bea = await session();
    await t.app.db.delete(serviceControls).where(eq(serviceControls.name, 'CHAT_BOT'));
    const res = await get('/api/users/me/bootstrap', bea.credentials);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BootstrapResponse;
    expect(body.user.id).toBe(bea.userId);
    expect(res.body).not.toContain(ana.userId);
    expect(body.subscription).toEqual({
      isSubscribed: false,
      subscriptionPlan: null,
      subscriptionEndDate: null,
    });
    expect(body.lastUserServiceOrigin).toBeNull();
    expect(body.serviceControls.map((c) => c.name).sort()).toEqual(['COMMUNITY', 'NEWS', 'PFM']);
    expect((await get('/api/service-control/CHAT_BOT')).statusCode).toBe(404);
  });

  // an expired, forged or deleted account's token: the authorization matrix's row
  it('is refused without a session or with a bad token (401)', async () => {
    const none = await get('/api/users/me/bootstrap');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ internalCode: expect.any(String) });
    expect(
      (await get('/api/users/me/bootstrap', undefined, { authorization: 'Bearer nope' })).statusCode,
    ).toBe(401);
  });
});
