import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  MP,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';

// Issue 39 point 10 (decision 0225 completed): a card token the provider does not know cannot be
// proven hers, so it is refused before anything is created or charged — it no longer skips the
// saved-card ownership check.

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

/** What the browser does with a saved card: MercadoPago.js createCardToken({ cardId, securityCode }). */
async function storedCardToken(cardId: string): Promise<string> {
  const response = await fetch(`${t.emulator.url}/v1/card_tokens?public_key=${MP.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card_id: cardId, security_code: '123' }),
  });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`no card token: ${JSON.stringify(body)}`);
  return body.id;
}

describe('a card token the provider does not know (issue 39 point 10)', () => {
  it("is refused in Spanish before the provider is asked to charge: someone else's saved card cannot slip through", async () => {
    // Ana subscribes and cancels: her card is saved at the provider and offered back to her
    const ana = await newBuyer(t.app);
    expect(
      (
        await subscribe(t.app, ana, {
          subscriptionPlanName: 'Plan Básico',
          subscriptionPlanFrequency: 'monthly',
          cardToken: await cardToken(t.emulator, 'APRO'),
        })
      ).statusCode,
    ).toBe(200);
    await settleWebhooks(t.emulator);
    await t.app.inject({ method: 'POST', url: '/api/users/me/subscription/cancel', headers: ana.headers });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/subscription',
      headers: ana.headers,
    });
    const anaCard = mine.json().storedCard.id as string;

    // Carla pays with a token made from Ana's saved card, and the provider's lookup of that token
    // answers "not found" (an expired or unknown token, a lookup that lost it)
    const carla = await newBuyer(t.app);
    const token = await storedCardToken(anaCard);
    const preapprovalsBefore = Object.keys(t.emulator.control.state().preapprovals).length;
    t.emulator.control.injectFault({ method: 'GET', path: '/v1/card_tokens/', status: 404, times: 1 });
    const res = await subscribe(t.app, carla, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: token,
    });
    t.emulator.control.clearFaults();
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      internalCode: 'CARD_TOKEN_UNKNOWN',
      message:
        'No pudimos leer los datos de tu tarjeta (pueden haber vencido). Ingresalos de nuevo para continuar.',
    });
    // nothing was created or charged on Ana's card
    expect(Object.keys(t.emulator.control.state().preapprovals)).toHaveLength(preapprovalsBefore);
    expect(await ordersOf(t.app, carla.userId)).toEqual([]);
  });
});
